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
    m_spans.clear();
    m_marks.clear();
    m_depth.clear();
    m_resyncHandlers.clear();
    m_handlerTicks.clear();
    m_handlerRound.clear();
    m_round = 0;
    m_maxDepth = 0;
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

void TimelineModel::closeOpen(Span::Lane lane, const TraceEvent &e, bool failed,
                              const QString &outcome)
{
    for (auto it = m_spans.rbegin(); it != m_spans.rend(); ++it) {
        if (it->lane == lane && it->end < 0) {
            it->end = e.t;
            it->endSeq = e.seq;
            it->failed = failed;
            it->outcome = outcome;
            return;
        }
    }
}

std::vector<TimelineModel::Gap> TimelineModel::watchGaps() const
{
    std::vector<Gap> gaps;
    const Span *prev = nullptr;
    for (const Span &s : m_spans) {
        if (s.lane != Span::Lane::Watch)
            continue;
        if (prev && prev->end >= 0 && s.start > prev->end)
            gaps.push_back(Gap{prev->end, s.start, prev->outcome});
        prev = &s;
    }
    if (prev && prev->end >= 0)
        gaps.push_back(Gap{prev->end, -1, prev->outcome});
    return gaps;
}

void TimelineModel::addMark(Mark::Kind kind, const TraceEvent &e, const QString &label,
                            qint64 duration)
{
    m_marks.push_back(Mark{kind, e.t, duration, label, e.key, e.seq});
    if (kind == Mark::Kind::Backoff)
        m_longestBackoffMs = qMax(m_longestBackoffMs, duration);
}

void TimelineModel::fold(const EventBatch &events)
{
    for (const TraceEvent &e : events) {
        if (!m_any) {
            m_first = e.t;
            m_any = true;
        }
        m_last = qMax(m_last, e.t);
        const QJsonObject &d = e.detail;
        switch (e.kind) {
        case TraceKind::ListStarted: {
            closeOpen(Span::Lane::List, e, true, tr("superseded"));
            Span s;
            s.lane = Span::Lane::List;
            s.start = e.t;
            s.label = JournalText::phrase(d.value(QLatin1String("cause")).toString());
            m_spans.push_back(s);
            break;
        }
        case TraceKind::ListPage:
            addMark(Mark::Kind::ListPage, e,
                    tr("page %1: %2 items")
                        .arg(d.value(QLatin1String("page")).toInteger())
                        .arg(d.value(QLatin1String("items")).toInteger()));
            break;
        case TraceKind::ListCompleted:
            m_round = e.seq;
            closeOpen(Span::Lane::List, e, false,
                      tr("%1 items at RV %2")
                          .arg(d.value(QLatin1String("items")).toInteger())
                          .arg(e.resourceVersion));
            break;
        case TraceKind::ListFailed: {
            const int code = d.value(QLatin1String("code")).toInt();
            const QString err = JournalText::phrase(d.value(QLatin1String("error")).toString());
            closeOpen(Span::Lane::List, e, true, err);
            addMark(code == 410 ? Mark::Kind::Expired : Mark::Kind::Error, e, err);
            break;
        }
        case TraceKind::WatchStarted: {
            closeOpen(Span::Lane::Watch, e, true, tr("superseded"));
            Span s;
            s.lane = Span::Lane::Watch;
            s.start = e.t;
            s.label = tr("from RV %1").arg(e.resourceVersion);
            m_spans.push_back(s);
            break;
        }
        case TraceKind::WatchEvent: {
            Mark::Kind k = Mark::Kind::Modified;
            if (e.type == QLatin1String("ADDED"))
                k = Mark::Kind::Added;
            else if (e.type == QLatin1String("DELETED"))
                k = Mark::Kind::Deleted;
            addMark(k, e, e.type + QLatin1Char(' ') + e.key + QLatin1Char('@') + e.resourceVersion);
            for (auto it = m_spans.rbegin(); it != m_spans.rend(); ++it) {
                if (it->lane == Span::Lane::Watch && it->end < 0) {
                    ++it->events;
                    break;
                }
            }
            break;
        }
        case TraceKind::Bookmark:
            addMark(Mark::Kind::Bookmark, e, tr("bookmark RV %1").arg(e.resourceVersion));
            break;
        case TraceKind::WatchEnded:
            closeOpen(Span::Lane::Watch, e, false,
                      JournalText::phrase(d.value(QLatin1String("reason")).toString()));
            break;
        case TraceKind::WatchError: {
            const int code = d.value(QLatin1String("code")).toInt();
            const QString err = JournalText::phrase(d.value(QLatin1String("error")).toString());
            closeOpen(Span::Lane::Watch, e, true, err);
            addMark(code == 410 ? Mark::Kind::Expired : Mark::Kind::Error, e, err);
            break;
        }
        case TraceKind::Backoff:
            addMark(Mark::Kind::Backoff, e,
                    tr("backoff %1 ms: %2")
                        .arg(d.value(QLatin1String("delayMs")).toInteger())
                        .arg(JournalText::phrase(d.value(QLatin1String("reason")).toString())),
                    d.value(QLatin1String("delayMs")).toInteger());
            break;
        case TraceKind::HandlerNotified: {
            if (e.type != QLatin1String("update (resync)"))
                break;
            const QString h = d.value(QLatin1String("handler")).toString();
            auto &ticks = m_handlerTicks[h];
            if (ticks.empty())
                m_resyncHandlers << h;
            auto round = m_handlerRound.find(h);
            if (ticks.empty() || round == m_handlerRound.end() || *round != m_round) {
                ticks.push_back(HandlerTick{e.t, 1, e.seq});
                m_handlerRound.insert(h, m_round);
            } else {
                ++ticks.back().count;
            }
            if (qsizetype(ticks.size()) > m_maxMarks / 10)
                ticks.erase(ticks.begin());
            break;
        }
        case TraceKind::Resync:
            m_round = e.seq;
            addMark(Mark::Kind::Resync, e,
                    d.value(QLatin1String("due")).toBool() ? tr("resync (due)")
                                                           : tr("resync check (not due)"));
            break;
        case TraceKind::Synced:
            addMark(Mark::Kind::Synced, e,
                    tr("HasSynced: %1 objects").arg(d.value(QLatin1String("objects")).toInteger()));
            break;
        case TraceKind::FifoQueued:
        case TraceKind::FifoPopped: {
            const int depth = int(d.value(QLatin1String("queueDepth")).toInteger());
            m_maxDepth = qMax(m_maxDepth, depth);
            if (!m_depth.empty() && m_depth.back().t == e.t) {
                m_depth.back().depth = depth;
                m_depth.back().peak = qMax(m_depth.back().peak, depth);
            } else {
                m_depth.push_back(DepthSample{e.t, depth, depth});
            }
            break;
        }
        default:
            break;
        }
    }
    if (qsizetype(m_marks.size()) > m_maxMarks) {
        m_droppedMarks += quint64(qsizetype(m_marks.size()) - m_maxMarks);
        m_marks.erase(m_marks.begin(), m_marks.end() - m_maxMarks);
    }
    if (qsizetype(m_depth.size()) > m_maxMarks)
        m_depth.erase(m_depth.begin(), m_depth.end() - m_maxMarks);
    if (qsizetype(m_spans.size()) > m_maxMarks / 10)
        m_spans.erase(m_spans.begin(), m_spans.end() - m_maxMarks / 10);
    Q_EMIT changed();
}

} // namespace lens
