// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "lens/reflectorstatus.h"

#include <QList>
#include <QWidget>

namespace lens {

class Journal;

/// What the pipeline strip shows; filled by the window from ReflectorStatus, QueueModel,
/// IndexerModel and HandlersModel. Counts are totals since the journal began.
struct PipelineState {
    /// The Reflector card's figure (ReflectorStatus::nameOf) and colour.
    ReflectorStatus::State reflectorPhase = ReflectorStatus::State::Stopped;
    /// A WatchList waiting for its initial-events-end bookmark (the phase is Listing).
    bool watchList = false;
    /// The informer's last synced resourceVersion (ReflectorStatus::lastResourceVersion).
    QString resourceVersion;
    /// The newest resourceVersion the server sent (ReflectorStatus::serverResourceVersion).
    QString serverResourceVersion;
    /// What the Reflector has been doing for how long (ReflectorStatus::activityBrief).
    QString activity;
    qint64 watchEvents = 0;
    int relists = 0;     ///< completed lists after the first (ReflectorStatus::relistCount)
    int failedLists = 0; ///< failed list attempts
    QString queueMode = QStringLiteral("DeltaFIFO"); ///< or "RealFIFO"
    int queueDepth = 0;
    qint64 queued = 0;
    qint64 popped = 0;
    bool hasSynced = false;
    QString pumpMode; ///< "run" / "paused" / empty
    int objects = 0;
    struct Listener {
        QString name;
        int backlog = 0;
        qint64 delivered = 0;
    };
    QList<Listener> listeners;
    /// Watch events and pops per second of journal time over the last 2 s before the moment
    /// shown (pipelineRates()); -1 when unknown (a journal younger than 200 ms).
    double watchRate = -1;
    double popRate = -1;
    /// Time travel: the figures are a past moment's. Rates are not shown then.
    bool past = false;
    /// The selected key and where it is right now.
    QString selectedKey;
    int keyQueuePosition = 0; ///< 1-based position in the queue, 0 = not queued
    bool keyInIndexer = false;
    bool keyDeleted = false; ///< seen, and now neither queued nor stored
};

/// The informer's data path as one painted strip, left to right:
///   API server (the newest resourceVersion it sent, beside the one the informer synced) →
///   Reflector (listing / watching / backoff and for how long, events, events/s) → DeltaFIFO or
///   RealFIFO (depth, deltas queued) → Pop / HandleDeltas (popped, pops/s, pump) → Indexer
///   (objects, HasSynced) → listeners (each with its backlog as a bar).
/// The selected key is highlighted where it is: a tag on the queue ("#3") and/or the indexer
/// ("stored"), or on the indexer as "deleted". Purely presentational: setState() repaints
/// what it is given, rates included (the window takes them from the journal, pipelineRates()).
/// Concept shown: the sharedIndexInformer's pipeline (client-go tools/cache/controller.go).
class PipelineWidget final : public QWidget {
    Q_OBJECT
public:
    explicit PipelineWidget(QWidget *parent = nullptr);
    ~PipelineWidget() override;

    void setState(const PipelineState &state);
    const PipelineState &state() const { return m_state; }

    /// The stage names in painting order (translated), for tests and accessibility.
    QStringList stageTitles() const;
    /// Index of the stages highlighted for the selected key (2 = queue, 4 = indexer).
    QList<int> highlightedStages() const;
    /// The text a stage shows (title, figure and detail lines joined by '\n').
    QString stageText(int stage) const;
    /// The state colour a stage is painted with (its spine and border): the Reflector's by its
    /// state (list teal, watch blue, backoff amber), the queue's purple while it holds keys,
    /// the Indexer's green once HasSynced; otherwise the palette's Mid.
    QColor stageColor(int stage) const;

    /// Whether the Reflector and Pop stages show their rates ("· 2.6/s", PipelineState's
    /// watchRate and popRate). Exact pictures (--at) hide them.
    void setRatesShown(bool shown);
    /// Whether rates are painted now: shown, and the state is the present's (not travel).
    bool ratesShown() const { return m_ratesShown && !m_state.past; }

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    void paintEvent(QPaintEvent *event) override;
    /// A stage's whole text as its tooltip (the card elides what does not fit).
    bool event(QEvent *event) override;
    void changeEvent(QEvent *event) override;

private:
    /// The stage whose card holds `x`, -1 between cards.
    int stageAt(int x) const;
    PipelineState m_state;
    bool m_ratesShown = true;
};

/// Watch events and pops per second of journal time, as PipelineState carries them.
struct PipelineRates {
    double watchEvents = -1; ///< -1: unknown
    double popped = -1;
};
/// The rates of `informer`'s body ("" = every event, as JournalSource::accepts counts them):
/// its watchEvent and fifoPopped events up to journal seq `untilSeq` (0 = the newest) recorded
/// in the `windowMs` of journal time before `untilMs`, divided by that window in seconds (the
/// window shrinks to the journal's age when it is younger; under 200 ms the rates are
/// unknown). On the journal's own clock: a recording's, stopped at its last event, gives the
/// rates of its last 2 s; a scenario's manual clock gives exact ones. Never negative.
/// Mirrors nothing in client-go: it is how fast the informer's Reflector and Pop worked.
PipelineRates pipelineRates(const Journal &journal, const QString &informer, quint64 untilSeq,
                            qint64 untilMs, qint64 windowMs = 2000);

} // namespace lens
