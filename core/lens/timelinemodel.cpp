// SPDX-License-Identifier: Apache-2.0
#include "timelinemodel.h"

#include "eventbatcher.h"
#include "journaltext.h"
#include "trace/journal.h"

namespace lens {

TimelineModel::TimelineModel(JournalSource source, QObject *parent)
    : QObject(parent), m_batcher(new EventBatcher(
                           source, [this](const EventBatch &ev) { fold(ev); }, {}, this))
{
    if (source.journal)
        setMaxMarks(source.journal->capacity());
    m_batcher->replayHistory();
}

TimelineModel::~TimelineModel() = default;

void TimelineModel::flush()
{
    m_batcher->flushNow();
}

void TimelineModel::retranslate()
{
    m_batcher->flushNow();
    m_tracks.clear();
    m_trackIndex.clear();
    m_workers.clear();
    m_first = m_last = 0;
    m_any = false;
    m_batcher->replayHistory();
    Q_EMIT changed();
}

qint64 TimelineModel::nowMs() const
{
    Journal *j = m_batcher->journal();
    const qint64 clockNow = j && j->clock() ? j->clock()->nowMs() : 0;
    return qMax(clockNow, m_last);
}

const TimelineModel::Track &TimelineModel::primary() const
{
    static const Track none;
    return m_tracks.empty() ? none : m_tracks.front();
}

const TimelineModel::Track *TimelineModel::track(const QString &informer) const
{
    const auto it = m_trackIndex.constFind(informer);
    return it == m_trackIndex.cend() ? nullptr : &m_tracks[size_t(*it)];
}

QStringList TimelineModel::informers() const
{
    QStringList out;
    for (const Track &t : m_tracks)
        out << t.informer;
    return out;
}

TimelineModel::Track &TimelineModel::trackOf(const TraceEvent &e)
{
    const auto it = m_trackIndex.constFind(e.informer);
    if (it != m_trackIndex.cend())
        return m_tracks[size_t(*it)];
    m_trackIndex.insert(e.informer, qsizetype(m_tracks.size()));
    m_tracks.emplace_back();
    m_tracks.back().informer = e.informer;
    return m_tracks.back();
}

void TimelineModel::closeOpen(Track &t, Span::Lane lane, const TraceEvent &e, bool failed,
                              const QString &outcome)
{
    for (auto it = t.spans.rbegin(); it != t.spans.rend(); ++it) {
        if (it->lane == lane && it->end < 0) {
            it->end = e.t;
            it->endSeq = e.seq;
            it->failed = failed;
            it->outcome = outcome;
            return;
        }
    }
}

std::vector<TimelineModel::Gap> TimelineModel::Track::watchGaps() const
{
    std::vector<Gap> gaps;
    const Span *prev = nullptr;
    for (const Span &s : spans) {
        if (s.lane != Span::Lane::Watch || s.requestFailed) // a failed request was no watch
            continue;
        if (prev && prev->end >= 0 && s.start > prev->end)
            gaps.push_back(Gap{prev->end, s.start, prev->outcome});
        prev = &s;
    }
    if (prev && prev->end >= 0)
        gaps.push_back(Gap{prev->end, -1, prev->outcome});
    return gaps;
}

void TimelineModel::addMark(Track &t, Mark::Kind kind, const TraceEvent &e, const QString &label,
                            qint64 duration)
{
    t.marks.push_back(Mark{kind, e.t, duration, label, e.key, e.seq});
    if (kind == Mark::Kind::Backoff)
        t.longestBackoffMs = qMax(t.longestBackoffMs, duration);
}

void TimelineModel::fold(const EventBatch &events)
{
    for (const TraceEvent &e : events) {
        if (!m_any) {
            m_first = e.t;
            m_any = true;
        }
        m_last = qMax(m_last, e.t);
        switch (e.kind) {
        case TraceKind::ListStarted:
        case TraceKind::ListPage:
        case TraceKind::ListCompleted:
        case TraceKind::ListFailed:
        case TraceKind::WatchStarted:
        case TraceKind::WatchEvent:
        case TraceKind::Bookmark:
        case TraceKind::WatchEnded:
        case TraceKind::WatchError:
        case TraceKind::Backoff:
        case TraceKind::HandlerNotified:
        case TraceKind::Resync:
        case TraceKind::Synced:
        case TraceKind::FifoQueued:
        case TraceKind::FifoPopped:
            foldInto(trackOf(e), e);
            break;
        default:
            if (WorkerLanes::folds(e))
                m_workers.apply(e);
            break;
        }
    }
    for (Track &t : m_tracks)
        trim(t);
    Q_EMIT changed();
}

void TimelineModel::foldInto(Track &t, const TraceEvent &e)
{
    const EventDetail &d = e.detail;
    switch (e.kind) {
    case TraceKind::ListStarted: {
        closeOpen(t, Span::Lane::List, e, true, tr("superseded"));
        Span s;
        s.lane = Span::Lane::List;
        s.start = e.t;
        s.label = JournalText::code(d.value(QLatin1String("cause")).toString());
        t.spans.push_back(s);
        break;
    }
    case TraceKind::ListPage:
        addMark(t, Mark::Kind::ListPage, e,
                tr("page %1: %2 items")
                    .arg(d.value(QLatin1String("page")).toInteger())
                    .arg(d.value(QLatin1String("items")).toInteger()));
        break;
    case TraceKind::ListCompleted:
        t.round = e.seq;
        closeOpen(t, Span::Lane::List, e, false,
                  tr("%1 items at RV %2")
                      .arg(d.value(QLatin1String("items")).toInteger())
                      .arg(e.resourceVersion));
        break;
    case TraceKind::ListFailed: {
        const int code = d.value(QLatin1String("code")).toInt();
        const QString err = JournalText::error(e);
        closeOpen(t, Span::Lane::List, e, true, err);
        addMark(t, code == 410 ? Mark::Kind::Expired : Mark::Kind::Error, e, err);
        break;
    }
    case TraceKind::WatchStarted: {
        closeOpen(t, Span::Lane::Watch, e, true, tr("superseded"));
        Span s;
        s.lane = Span::Lane::Watch;
        s.start = e.t;
        s.label = tr("from RV %1").arg(e.resourceVersion);
        s.resourceVersion = e.resourceVersion;
        t.spans.push_back(s);
        break;
    }
    case TraceKind::WatchEvent: {
        Mark::Kind k = Mark::Kind::Modified;
        if (e.type == QLatin1String("ADDED"))
            k = Mark::Kind::Added;
        else if (e.type == QLatin1String("DELETED"))
            k = Mark::Kind::Deleted;
        addMark(t, k, e, e.type + QLatin1Char(' ') + e.key + QLatin1Char('@') + e.resourceVersion);
        for (auto it = t.spans.rbegin(); it != t.spans.rend(); ++it) {
            if (it->lane == Span::Lane::Watch && it->end < 0) {
                ++it->events;
                break;
            }
        }
        break;
    }
    case TraceKind::Bookmark:
        addMark(t, Mark::Kind::Bookmark, e, tr("bookmark RV %1").arg(e.resourceVersion));
        break;
    case TraceKind::WatchEnded:
        closeOpen(t, Span::Lane::Watch, e, false, JournalText::watchEnd(e));
        break;
    case TraceKind::WatchError: {
        const int code = d.value(QLatin1String("code")).toInt();
        const QString err = JournalText::error(e);
        closeOpen(t, Span::Lane::Watch, e, true, err);
        if (d.value(QLatin1String("request")).toBool())
            for (auto it = t.spans.rbegin(); it != t.spans.rend(); ++it)
                if (it->lane == Span::Lane::Watch && it->endSeq == e.seq) {
                    it->requestFailed = true;
                    it->label =
                        tr("WATCH request from RV %1 failed, no watch").arg(it->resourceVersion);
                    break;
                }
        addMark(t, code == 410 ? Mark::Kind::Expired : Mark::Kind::Error, e, err);
        break;
    }
    case TraceKind::Backoff:
        addMark(t, Mark::Kind::Backoff, e,
                tr("backoff %1 ms: %2")
                    .arg(d.value(QLatin1String("delayMs")).toInteger())
                    .arg(JournalText::code(d.value(QLatin1String("reason")).toString())),
                d.value(QLatin1String("delayMs")).toInteger());
        break;
    case TraceKind::HandlerNotified: {
        if (e.type != QLatin1String("update (resync)"))
            break;
        const QString h = d.value(QLatin1String("handler")).toString();
        auto &ticks = t.handlerTicks[h];
        if (ticks.empty())
            t.resyncHandlers << h;
        auto round = t.handlerRound.find(h);
        if (ticks.empty() || round == t.handlerRound.end() || *round != t.round) {
            ticks.push_back(HandlerTick{e.t, 1, e.seq});
            t.handlerRound.insert(h, t.round);
        } else {
            ++ticks.back().count;
        }
        if (qsizetype(ticks.size()) > m_maxMarks / 10)
            ticks.erase(ticks.begin());
        break;
    }
    case TraceKind::Resync:
        t.round = e.seq;
        addMark(t, Mark::Kind::Resync, e,
                d.value(QLatin1String("due")).toBool() ? tr("resync (due)")
                                                       : tr("resync check (not due)"));
        break;
    case TraceKind::Synced:
        addMark(t, Mark::Kind::Synced, e,
                tr("HasSynced: %1 objects").arg(d.value(QLatin1String("objects")).toInteger()));
        break;
    case TraceKind::FifoQueued:
    case TraceKind::FifoPopped: {
        const int depth = int(d.value(QLatin1String("queueDepth")).toInteger());
        t.maxDepth = qMax(t.maxDepth, depth);
        if (!t.depth.empty() && t.depth.back().t == e.t) {
            t.depth.back().depth = depth;
            t.depth.back().peak = qMax(t.depth.back().peak, depth);
        } else {
            t.depth.push_back(DepthSample{e.t, depth, depth});
        }
        break;
    }
    default:
        break;
    }
}

void TimelineModel::trim(Track &t) const
{
    if (qsizetype(t.marks.size()) > m_maxMarks) {
        t.droppedMarks += quint64(qsizetype(t.marks.size()) - m_maxMarks);
        t.marks.erase(t.marks.begin(), t.marks.end() - m_maxMarks);
    }
    if (qsizetype(t.depth.size()) > m_maxMarks)
        t.depth.erase(t.depth.begin(), t.depth.end() - m_maxMarks);
    if (qsizetype(t.spans.size()) > m_maxMarks / 10)
        t.spans.erase(t.spans.begin(), t.spans.end() - m_maxMarks / 10);
}

} // namespace lens
