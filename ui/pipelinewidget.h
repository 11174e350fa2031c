// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "lens/reflectorstatus.h"

#include <QElapsedTimer>
#include <QList>
#include <QWidget>

#include <deque>

namespace lens {

/// What the pipeline strip shows; filled by the window from ReflectorStatus, QueueModel,
/// IndexerModel and HandlersModel. Counts are totals since the journal began.
struct PipelineState {
    /// The Reflector card's figure (ReflectorStatus::nameOf) and colour.
    ReflectorStatus::State reflectorPhase = ReflectorStatus::State::Stopped;
    QString resourceVersion;
    qint64 watchEvents = 0;
    int lists = 0;
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
    /// Time travel: the figures are a past moment's. Rates (measured in real time between
    /// successive states) are not shown then.
    bool past = false;
    /// The selected key and where it is right now.
    QString selectedKey;
    int keyQueuePosition = 0; ///< 1-based position in the queue, 0 = not queued
    bool keyInIndexer = false;
    bool keyDeleted = false; ///< seen, and now neither queued nor stored
};

/// The informer's data path as one painted strip, left to right:
///   API server → Reflector (listing / watching / backoff, RV, events/s) → DeltaFIFO or RealFIFO
///   (depth, deltas queued) → Pop / HandleDeltas (popped, pops/s, pump) → Indexer (objects,
///   HasSynced) → listeners (each with its backlog as a bar).
/// The selected key is highlighted where it is: a tag on the queue ("#3") and/or the indexer
/// ("stored"), or on the indexer as "deleted". Purely presentational: setState() repaints;
/// rates are computed from successive states over the last ~2 s of wall time.
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

    /// Whether the Reflector and Pop stages show their rates ("· 2.6/s", measured in real
    /// time over the last 2 s). Exact pictures (--at) hide them: real time is not reproducible.
    void setRatesShown(bool shown);
    /// Whether rates are painted now: shown, and the state is the present's (not travel).
    bool ratesShown() const { return m_ratesShown && !m_state.past; }

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    void paintEvent(QPaintEvent *event) override;
    void changeEvent(QEvent *event) override;

private:
    struct Sample {
        qint64 ms;
        qint64 watchEvents;
        qint64 popped;
    };
    double rate(qint64 Sample::*field) const;

    PipelineState m_state;
    bool m_ratesShown = true;
    std::deque<Sample> m_samples;
    QElapsedTimer m_clock;
};

} // namespace lens
