// SPDX-License-Identifier: Apache-2.0
#include "export.h"

#include "timelinemodel.h"

#include <QAbstractItemModel>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QStringList>

#include <algorithm>

namespace lens::exporting {

QString csvField(const QString &text)
{
    if (!text.contains(QLatin1Char(',')) && !text.contains(QLatin1Char('"')) &&
        !text.contains(QLatin1Char('\n')) && !text.contains(QLatin1Char('\r')))
        return text;
    QString q = text;
    q.replace(QLatin1Char('"'), QStringLiteral("\"\""));
    return QLatin1Char('"') + q + QLatin1Char('"');
}

namespace {
QByteArray csvLine(const QStringList &fields)
{
    QStringList quoted;
    for (const QString &f : fields)
        quoted << csvField(f);
    return quoted.join(QLatin1Char(',')).toUtf8() + "\r\n";
}

QStringList headersOf(const QAbstractItemModel &model)
{
    QStringList h;
    for (int c = 0; c < model.columnCount(); ++c)
        h << model.headerData(c, Qt::Horizontal, Qt::DisplayRole).toString();
    return h;
}

QString textAt(const QAbstractItemModel &model, int r, int c)
{
    return model.index(r, c).data(Qt::DisplayRole).toString();
}

const char *markKindName(TimelineModel::Mark::Kind k)
{
    using K = TimelineModel::Mark::Kind;
    switch (k) {
    case K::Added:
        return "added";
    case K::Modified:
        return "modified";
    case K::Deleted:
        return "deleted";
    case K::Bookmark:
        return "bookmark";
    case K::ListPage:
        return "list page";
    case K::Expired:
        return "expired";
    case K::Error:
        return "error";
    case K::Backoff:
        return "backoff";
    case K::Resync:
        return "resync";
    case K::Synced:
        return "synced";
    }
    return "";
}

bool isEventMark(TimelineModel::Mark::Kind k)
{
    using K = TimelineModel::Mark::Kind;
    return k == K::Added || k == K::Modified || k == K::Deleted;
}
} // namespace

QByteArray modelToCsv(const QAbstractItemModel &model)
{
    QByteArray out = csvLine(headersOf(model));
    for (int r = 0; r < model.rowCount(); ++r) {
        QStringList row;
        for (int c = 0; c < model.columnCount(); ++c)
            row << textAt(model, r, c);
        out += csvLine(row);
    }
    return out;
}

QByteArray modelToJson(const QAbstractItemModel &model, const QString &title)
{
    const QStringList headers = headersOf(model);
    QJsonArray rows;
    for (int r = 0; r < model.rowCount(); ++r) {
        QJsonObject row;
        for (int c = 0; c < model.columnCount(); ++c)
            row.insert(headers.at(c).isEmpty() ? QString::number(c) : headers.at(c),
                       textAt(model, r, c));
        rows.append(row);
    }
    QJsonObject doc{{QLatin1String("columns"), QJsonArray::fromStringList(headers)},
                    {QLatin1String("rows"), rows}};
    if (!title.isEmpty())
        doc.insert(QLatin1String("title"), title);
    return QJsonDocument(doc).toJson(QJsonDocument::Indented);
}

QByteArray timelineToCsv(const TimelineModel &timeline)
{
    struct Line {
        qint64 t;
        QStringList fields;
    };
    std::vector<Line> lines;
    auto num = [](qint64 v) { return QString::number(v); };
    for (const TimelineModel::Track &track : timeline.tracks()) {
        const QString &informer = track.informer;
        for (const auto &s : track.spans) {
            const bool list = s.lane == TimelineModel::Span::Lane::List;
            const QString kind = list ? QStringLiteral("list") : QStringLiteral("watch");
            lines.push_back({s.start,
                             {kind, kind, num(s.start), s.end < 0 ? QString() : num(s.end), s.label,
                              s.outcome + (s.failed ? QStringLiteral(" (failed)") : QString()),
                              QString(), QString(), informer}});
        }
        for (const auto &g : track.watchGaps())
            lines.push_back({g.start,
                             {QStringLiteral("gap"), QStringLiteral("gaps"), num(g.start),
                              g.end < 0 ? QString() : num(g.end), QStringLiteral("no watch open"),
                              g.cause, QString(), QString(), informer}});
        for (const auto &m : track.marks)
            lines.push_back(
                {m.t,
                 {QString::fromLatin1(markKindName(m.kind)),
                  isEventMark(m.kind) ? QStringLiteral("events") : QStringLiteral("markers"),
                  num(m.t), m.durationMs > 0 ? num(m.t + m.durationMs) : QString(), m.label,
                  QString(), m.key, QString::number(m.seq), informer}});
    }
    std::stable_sort(lines.begin(), lines.end(),
                     [](const Line &a, const Line &b) { return a.t < b.t; });
    QByteArray out =
        csvLine({QStringLiteral("kind"), QStringLiteral("lane"), QStringLiteral("start_ms"),
                 QStringLiteral("end_ms"), QStringLiteral("label"), QStringLiteral("detail"),
                 QStringLiteral("key"), QStringLiteral("seq"), QStringLiteral("informer")});
    for (const Line &l : lines)
        out += csvLine(l.fields);
    return out;
}

QByteArray timelineToJson(const TimelineModel &timeline)
{
    QJsonArray spans, gaps, marks, depth;
    QJsonObject handlers;
    for (const TimelineModel::Track &track : timeline.tracks()) {
        const QJsonValue informer(track.informer);
        for (const auto &s : track.spans)
            spans.append(
                QJsonObject{{QLatin1String("lane"), s.lane == TimelineModel::Span::Lane::List
                                                        ? QStringLiteral("list")
                                                        : QStringLiteral("watch")},
                            {QLatin1String("start"), s.start},
                            {QLatin1String("end"), s.end < 0 ? QJsonValue() : QJsonValue(s.end)},
                            {QLatin1String("failed"), s.failed},
                            {QLatin1String("label"), s.label},
                            {QLatin1String("outcome"), s.outcome},
                            {QLatin1String("events"), s.events},
                            {QLatin1String("informer"), informer}});
        for (const auto &g : track.watchGaps())
            gaps.append(
                QJsonObject{{QLatin1String("start"), g.start},
                            {QLatin1String("end"), g.end < 0 ? QJsonValue() : QJsonValue(g.end)},
                            {QLatin1String("cause"), g.cause},
                            {QLatin1String("informer"), informer}});
        for (const auto &m : track.marks)
            marks.append(
                QJsonObject{{QLatin1String("kind"), QString::fromLatin1(markKindName(m.kind))},
                            {QLatin1String("t"), m.t},
                            {QLatin1String("durationMs"), m.durationMs},
                            {QLatin1String("label"), m.label},
                            {QLatin1String("key"), m.key},
                            {QLatin1String("seq"), qint64(m.seq)},
                            {QLatin1String("informer"), informer}});
        for (const auto &d : track.depth)
            depth.append(QJsonObject{{QLatin1String("t"), d.t},
                                     {QLatin1String("depth"), d.depth},
                                     {QLatin1String("peak"), d.peak},
                                     {QLatin1String("informer"), informer}});
        for (const QString &h : track.resyncHandlers) {
            QJsonArray ticks = handlers.value(h).toArray();
            for (const auto &t : track.handlerTicks.value(h))
                ticks.append(QJsonObject{{QLatin1String("t"), t.t},
                                         {QLatin1String("count"), t.count},
                                         {QLatin1String("seq"), qint64(t.seq)},
                                         {QLatin1String("informer"), informer}});
            handlers.insert(h, ticks);
        }
    }
    return QJsonDocument(QJsonObject{{QLatin1String("spans"), spans},
                                     {QLatin1String("gaps"), gaps},
                                     {QLatin1String("marks"), marks},
                                     {QLatin1String("depth"), depth},
                                     {QLatin1String("handlerResyncs"), handlers}})
        .toJson(QJsonDocument::Indented);
}

} // namespace lens::exporting
