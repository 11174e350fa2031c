// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QPointer>
#include <QWidget>

class QCheckBox;
class QLabel;
class QPushButton;
class QSpinBox;
class QTimer;

namespace lens {

class Journal;
namespace sim {
class Simulator;
}

/// The built-in cluster's misbehaviour on demand, in the window: the same faults as the
/// /sim/v1/ control API and informer-lens-sim's flags (docs/simulator.md) — compact now, drop
/// every watch (cleanly or in the middle of an event), fail the next N requests with a status
/// and Retry-After (seconds), send a garbage line on open watches, stall watches (seconds),
/// answer "Too large resource version", ignore sendInitialEvents as an old server does, and
/// the bookmark interval (seconds) — plus the state GET /sim/v1/state reports (revision,
/// objects, open watches, history window), refreshed every second.
///
/// Every action is journaled as an Info event of component "simulator" whose detail.message
/// says what was done, so the journal, the timeline and the Explain pane show the cause next to
/// what the informer did about it. The simulator and the journal are not owned; either may be
/// null (without a simulator the controls are disabled).
class SimulatorPanel final : public QWidget {
    Q_OBJECT
public:
    SimulatorPanel(sim::Simulator *simulator, Journal *journal, QWidget *parent = nullptr);

    /// The state line as shown, e.g. "revision 1062 · 16 objects · 1 open watch(es) · history
    /// from revision 62 (compacted up to 61)".
    QString stateText() const;
    /// Re-reads the simulator's state now (also done every second).
    void refreshState();

    // The controls, for tests and keyboard users (each has an accessible name).
    QPushButton *compactButton() const { return m_compact; }
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

protected:
    void changeEvent(QEvent *event) override;
    void showEvent(QShowEvent *event) override;

private:
    void retranslate();
    void note(const QString &message);

    QPointer<sim::Simulator> m_sim;
    QPointer<Journal> m_journal;
    QLabel *m_state;
    QLabel *m_intro;
    QPushButton *m_compact;
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
    QTimer *m_refresh;
};

} // namespace lens
