// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "object.h"

#include <QByteArray>
#include <QByteArrayView>
#include <QList>
#include <QMap>
#include <QString>

#include <optional>

/// The fast path that turns a LIST body or a watch line into Objects: simdjson's On-Demand API
/// (Debian libsimdjson-dev) walks the bytes, takes each object's raw bytes (minified when not
/// compact) and the metadata Object keeps, and builds no QJsonObject. Every value is read, so
/// input it accepts is well-formed JSON.
///
/// It only ever succeeds or declines: a function here returns false for anything out of the
/// ordinary (malformed or truncated JSON, a value of an unexpected type where the informer reads
/// one, a key repeated where the informer reads one, nesting deeper than 256 levels, an ERROR
/// watch event), and the caller then decodes the same bytes with QJsonDocument, which
/// reports the error with its byte offset (core/client/httpcalls.cpp). So the errors users see
/// and the decoded result are the Qt path's, and only their cost changed.
///
/// Thread-safe: each thread uses its own simdjson parser; run on the decoder thread.
namespace lens::fastjson {

/// A LIST body's parts (metav1.ListMeta and the items).
struct ListBody {
    /// The list's kind as sent ("PodList"; "" when the body has none). A body of another kind
    /// (a Status, say) decodes too when its fields allow: the caller refuses it
    /// (HttpListCall::parse()).
    QString kind;
    QString apiVersion; ///< the list's apiVersion as sent ("" when none)
    QList<Object> items;
    QString resourceVersion;
    QString continueToken;
    std::optional<qint64> remainingItemCount;
};

/// The bytes decodeList() needs to spare after a body's data to parse it in place (simdjson's
/// padding): reserve size + kParserPadding when building a body to avoid a reallocation.
constexpr qsizetype kParserPadding = 64;

/// Decodes a `kind: ...List` body. Items lacking kind / apiVersion get the list's kind without
/// its "List" suffix and its apiVersion, written into their bytes as the first two fields, as
/// client-go's decoder fills them in. `body` is parsed where it is when its buffer is not shared
/// and has kParserPadding bytes to spare after the data; else its buffer is first
/// reallocated with that room (its content stays the same).
bool decodeList(QByteArray &body, ListBody *out);

/// What a LIST body says before its items that its items need: the kind they are filled in
/// with (the list's kind without "List") and the apiVersion.
struct ListHead {
    QString kind;
    QString apiVersion;
};

/// `head` is the start of a LIST body up to and including `"items":[`. True when decodeList()
/// accepts it closed with `]}` (no items) and it names both kind and apiVersion: then items
/// that arrive later can be decoded with `*out` (decodeItemsPrefix()).
bool decodeListHead(QByteArrayView head, ListHead *out);

/// Decodes the elements of `items`, a JSON array `[...]` made of a LIST's items cut anywhere
/// after an item's closing brace, in order, appending each to `*out` as decodeList() would,
/// until the first it cannot decode (one cut off by the cut, or one only the Qt path takes).
/// Returns the offset in `items` just after the last element appended (0: none), or -1 when
/// simdjson refuses the bytes as a whole (the cut fell inside a string); `*ends` (when given)
/// gets that offset for each element appended. Every element appended is a whole item: the
/// array starts at an item and each element's end was found by the parser.
qsizetype decodeItemsPrefix(QByteArrayView items, const ListHead &head, QList<Object> *out,
                            QList<qsizetype> *ends = nullptr);

/// Decodes one JSON object (e.g. a file or a GET's body) into `*out`. When `bytes` is already
/// compact and has little spare capacity, the object shares it instead of keeping a copy (the
/// simulated server stores each object it writes this way once, not twice).
bool decodeObject(const QByteArray &bytes, Object *out);

/// Decodes one watch-stream line {"type": ..., "object": {...}} whose type is not ERROR:
/// `*type` is the type as sent and `*out` the object. False for an ERROR event (its object is a
/// metav1.Status, decoded by the caller) and for everything decodeList() declines.
bool decodeWatchEvent(QByteArrayView line, QString *type, Object *out);

/// Reads metadata.<field> of the valid compact JSON `bytes` as a map of strings (null values
/// read as ""), into `*out`. False when the bytes do not parse (`*out` then stays as it was).
bool readStringMap(const QByteArray &bytes, const char *field, QMap<QString, QString> *out);

/// Where metadata.<field> sits in the JSON `bytes`: `*from` is the offset of its key's opening
/// quote, `*to` the offset just after its value, so cutting [from, to) and one adjacent comma
/// removes the member. False when the bytes do not parse or have no such field.
bool metadataFieldSpan(QByteArrayView bytes, const char *field, qsizetype *from, qsizetype *to);

} // namespace lens::fastjson
