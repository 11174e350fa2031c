// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QByteArray>
#include <QString>

class QAbstractItemModel;

namespace lens {

class TimelineModel;

/// Data exports of the window's views (issue 5 item 9). Widgets-free; the window writes the
/// returned bytes to the file the user chose.
///
/// CSV follows RFC 4180: comma-separated, CRLF line ends, fields with a comma, quote, CR or LF
/// quoted with doubled quotes; the first line is the header. JSON is UTF-8, indented.
namespace exporting {

/// A table model's rows as CSV: the header row from headerData(Horizontal, DisplayRole), then
/// every row's DisplayRole text, hidden columns included. Top-level rows only.
QByteArray modelToCsv(const QAbstractItemModel &model);
/// The same table as JSON: {"columns": [...], "rows": [{"<column>": "<text>", ...}, ...]}, with
/// an extra "title" field when `title` is not empty (e.g. "Key history: shop/web-1").
QByteArray modelToJson(const QAbstractItemModel &model, const QString &title = {});

/// The timeline as CSV, one line per item in time order: columns
/// kind,lane,start_ms,end_ms,label,detail,key,seq,informer. Spans have lane "list" or "watch"
/// and kind "list"/"watch" (end_ms empty while open), plus kind "gap" for the time between
/// watch sessions; marks have their kind ("added", "modified", "deleted", "bookmark", "list
/// page", "expired", "error", "backoff" (end = start + delay), "resync", "synced") and lane
/// "events" or "markers". Times are journal milliseconds; informer is the track's (one per
/// informer in the journal, "" for events that name none).
QByteArray timelineToCsv(const TimelineModel &timeline);
/// The timeline as JSON: {"spans": [{lane, start, end, failed, label, outcome, events}],
/// "gaps": [{start, end}], "marks": [{kind, t, durationMs, label, key, seq}],
/// "depth": [{t, depth, peak}], "handlerResyncs": {"<handler>": [{t, count, seq}]}}
/// (milliseconds); every item also names its "informer", every informer's items in one list.
QByteArray timelineToJson(const TimelineModel &timeline);

/// One CSV field, quoted when needed.
QString csvField(const QString &text);

} // namespace exporting
} // namespace lens
