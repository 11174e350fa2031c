// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "eventbatcher.h"
#include "journalfold.h"
#include "workqueuestate.h"

#include <QAbstractTableModel>

namespace lens {

/// The Workqueue view of one controller queue ("claims", "volumes"), folded from the journal's
/// workqueue* and controller* events only (WorkqueueStates): one row per key that is
///  1. queued — in queue order, the next Get's first (the vertical header is the position);
///  2. processing — which worker holds it and for how long (Get → Done), and whether it is
///     dirty meanwhile (added while processing: queued again at Done);
///  3. waiting — in the delaying queue's heap, with its ready time and a countdown,
/// each with the key's failures (NumRequeues), the limiter that chose its last delay, that
/// delay and the next backoff, and the object the key stands for (a claim's UID →
/// "default/data-0"). metrics() gives client-go's seven workqueue metrics, computed here from
/// the same events and worded with how each is derived.
///
/// "Now" for the live columns (processing for, ready in, unfinished work) is setNowMs(): the
/// view passes the journal's clock each second while live and the folded moment when
/// travelling. Live: batched (default 50 ms). A batch that changes which keys are shown resets
/// the model; one that only changes their figures emits dataChanged.
class WorkqueueModel final : public QAbstractTableModel, public JournalFold {
    Q_OBJECT
public:
    enum Column {
        KeyColumn,
        StateColumn,
        WorkerColumn,
        TimeColumn,
        FailuresColumn,
        LimiterColumn,
        NextBackoffColumn,
        ColumnCount
    };
    Q_ENUM(Column)
    enum class Section { Queued, Processing, Waiting };
    enum Role {
        KeyRole = Qt::UserRole + 1, ///< QString: the queue key (a UID, a PV name)
        ObjectKeyRole,              ///< QString: the object it stands for ("" = the key itself)
        SectionRole,                ///< int(Section)
        SeqRole, ///< quint64: the event that put the row in its state (Add, Get, AddAfter)
    };

    /// `source.journal` is not owned. Folds the retained history at once, then follows live.
    explicit WorkqueueModel(JournalSource source, QObject *parent = nullptr);
    ~WorkqueueModel() override;

    /// The queue shown; "" = the first queue the journal named (the claims queue).
    void setQueue(const QString &name);
    QString queue() const;
    /// The queues the journal named, in the order their first event came.
    QStringList queues() const { return m_states.names(); }
    /// The folded state of the queue shown (null before its first event).
    const WorkqueueState *state() const { return m_states.queue(queue()); }
    const WorkqueueStates &states() const { return m_states; }

    /// "Now" in journal milliseconds for the live columns and metrics.
    void setNowMs(qint64 ms);
    qint64 nowMs() const { return m_nowMs; }

    /// "default/data-0 (uid 35dea9e1…)" for a key whose object is known, else the key; a
    /// UID whose name was dropped (WorkqueueStates::droppedNames(): only the newest deleted
    /// objects' names are kept) says so.
    QString keyLabel(const QString &key) const;

    /// One of the seven metrics, under its client-go (component-base) name.
    struct Metric {
        QString name;  ///< "workqueue_depth", …
        QString value; ///< as shown: "3", "count 4 · sum 0.96 s · p50 over 100 ms, at most 1 s"
        QString how;   ///< how the view derives it from the journal
    };
    QList<Metric> metrics() const;
    /// A histogram's median as much as its buckets and the journal's whole milliseconds tell:
    /// "p50 < 1 ms" (a bucket under 1 ms), "p50 ≤ 1 ms", "p50 over 1 ms, at most 10 ms", "p50
    /// over 10 s"; "" when empty. Translated.
    static QString quantileText(const WorkqueueState::Histogram &h);

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation o, int role = Qt::DisplayRole) const override;

    void flush() override;
    void foldUpTo(quint64 seq) override;
    quint64 foldedUpTo() const override { return m_upTo; }
    EventBatcher *batcher() const { return m_batcher; }

    /// Row of `key` in `section`, -1 when absent.
    int rowOf(const QString &key, Section section) const;

Q_SIGNALS:
    /// After a batch changed the state, the queue shown or "now" (metrics to re-read).
    void changed();
    /// The list of queues() grew.
    void queuesChanged();

private:
    struct Row {
        QString key;
        Section section = Section::Queued;
    };
    void fold(const EventBatch &events);
    QList<Row> computeRows() const;
    void refreshRows();
    QString nextBackoff(const WorkqueueState::KeyInfo &k) const;

    EventBatcher *m_batcher;
    WorkqueueStates m_states;
    QString m_queue;
    QList<Row> m_rows;
    qint64 m_nowMs = 0;
    quint64 m_upTo = 0;
};

} // namespace lens
