// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "client/simulatorclient.h"

#include <QPointer>
#include <QWidget>

class QCheckBox;
class QLabel;
class QPushButton;
class QSpinBox;
class QTimer;

namespace lens {

class Journal;

/// The simulated cluster's misbehaviour on demand, in the window, as a client of its /sim/v1/
/// control API over HTTP (SimulatorClient; docs/simulator.md) — so it works for the built-in
/// cluster and for a separate informer-lens-sim alike: compact now, force a relist (every open
/// watch ends with 410 Expired after a compaction, so every informer relists), drop every watch
/// (cleanly or in the middle of an event), fail the next N requests with a status and
/// Retry-After (seconds), send a garbage line on open watches, stall watches (seconds), answer
/// "Too large resource version", ignore sendInitialEvents as an old server does, the bookmark
/// interval (seconds), churn on and off; and how kubectl reaches the cluster (its URL and a
/// "Copy kubeconfig" button).
///
/// Every action and every new state answer is journaled by the client (component "simulator",
/// types "action", "state", "error"), and the state line is drawn from the journal: the newest
/// state event, or the newest at the time-travel point (showAt()), so it replays and travels
/// with the rest of the window. The journal is not owned and may be null.
class SimulatorPanel final : public QWidget {
    Q_OBJECT
public:
    SimulatorPanel(const SimulatorAccess &access, Journal *journal, QWidget *parent = nullptr);

    /// The state line as shown, e.g. "revision 1062 · 16 objects · 1 open watch(es) · history
    /// from revision 62 (compacted up to 61) · churn on".
    QString stateText() const;
    /// The state shown (from the journal).
    SimulatorState shownState() const { return m_shown; }
    /// Polls the state now when polling is on (Access::pollMs > 0) and the panel is visible
    /// (its tab shown); the window calls it when it settles. A hidden panel asks nothing, so
    /// it journals nothing. Exact pictures (pollMs 0) ask with fetchStateNow() instead.
    void refreshState();
    /// Asks the server for its state now, whatever the polling; refreshed() follows the answer.
    void fetchStateNow();
    /// Requests to the control API in flight.
    bool isBusy() const { return m_client && m_client->isBusy(); }
    /// Shows the state journaled at or before `seq` (0 = live: the newest).
    void showAt(quint64 seq);

    // The controls, for tests and keyboard users (each has an accessible name).
    QPushButton *compactButton() const { return m_compact; }
    QPushButton *relistButton() const { return m_relist; }
    QPushButton *dropButton() const { return m_drop; }
    QPushButton *dropMidEventButton() const { return m_dropMid; }
    QPushButton *failButton() const { return m_fail; }
    QSpinBox *failCount() const { return m_failCount; }
    QSpinBox *failStatus() const { return m_failStatus; }
    QSpinBox *failRetryAfter() const { return m_failRetryAfter; }
    QPushButton *garbageButton() const { return m_garbage; }
    QPushButton *stallButton() const { return m_stall; }
    QSpinBox *stallSeconds() const { return m_stallSeconds; }
    QPushButton *tooLargeButton() const { return m_tooLarge; }
    QCheckBox *ignoreSendInitialEvents() const { return m_ignoreInitial; }
    QSpinBox *bookmarkSeconds() const { return m_bookmarkSeconds; }
    QCheckBox *churnBox() const { return m_churn; }
    QPushButton *copyKubeconfigButton() const { return m_copyKubeconfig; }
    /// The sentence saying how kubectl reaches the cluster (its URL and the kubeconfig).
    QString kubectlText() const;

Q_SIGNALS:
    /// No request to the control API is in flight any more (the state shown is the newest).
    void refreshed();

protected:
    void changeEvent(QEvent *event) override;
    void showEvent(QShowEvent *event) override;
    void hideEvent(QHideEvent *event) override;

private:
    void retranslate();
    void act(const QString &control, const QUrlQuery &query,
             std::function<QString(const QJsonObject &)> describe);
    void showState();

    SimulatorAccess m_access;
    QPointer<Journal> m_journal;
    SimulatorClient *m_client = nullptr;
    SimulatorState m_shown;
    quint64 m_travelSeq = 0;
    int m_lastChurnMs = 1000; ///< the interval churn comes back with
    QLabel *m_state;
    QLabel *m_intro;
    QLabel *m_kubectl;
    QPushButton *m_copyKubeconfig;
    QPushButton *m_compact;
    QPushButton *m_relist;
    QPushButton *m_drop;
    QPushButton *m_dropMid;
    QPushButton *m_fail;
    QSpinBox *m_failCount;
    QSpinBox *m_failStatus;
    QSpinBox *m_failRetryAfter;
    QPushButton *m_garbage;
    QPushButton *m_stall;
    QSpinBox *m_stallSeconds;
    QPushButton *m_tooLarge;
    QCheckBox *m_ignoreInitial;
    QSpinBox *m_bookmarkSeconds;
    QLabel *m_bookmarkLabel;
    QCheckBox *m_churn;
    QTimer *m_poll;
};

} // namespace lens
