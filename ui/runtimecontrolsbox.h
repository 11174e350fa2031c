// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QFrame>
#include <QJsonObject>

#include <functional>

class QCheckBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QSpinBox;

namespace lens {

/// What the Sample controller box reads and changes on `--controller runtime-sample`
/// (SampleReconciler's settings through RuntimeWiring, reached by the app); callbacks, so the
/// window needs neither core/runtime nor core/session.
struct RuntimeControls {
    /// The settings now, as SampleSettings::toJson() writes them (maxConcurrentReconciles,
    /// usePriorityQueue, reconcileLatencyMs, requeueAfterMs, failEvery, terminalPattern,
    /// hang, panic).
    std::function<QJsonObject()> settings;
    /// Applies some of those keys live (RuntimeWiring::applyFromUser: journaled as Info notes;
    /// MaxConcurrentReconciles or UsePriorityQueue rebuild the controller). "" or why refused.
    std::function<QString(const QJsonObject &changes)> apply;
    /// The controller running now (read again on every refresh, so a rebuilt controller is
    /// never held): started (bool), workers (int), priorityQueue (bool), reconciles (int, begun
    /// so far), hanging (array of keys whose reconcile is open). May be empty.
    std::function<QJsonObject()> state;
};

/// The Sample controller box under the Priority queue tab: reconcile latency, fail every Nth
/// reconcile, the TerminalError key pattern, RequeueAfter, MaxConcurrentReconciles and
/// UsePriorityQueue, and for one key (ns/name): hang / release, panic on / off. Each change is
/// applied at once through RuntimeControls::apply (a number when its field is left or Enter
/// is pressed); a refused value is said in the box's line. refresh() shows the settings as they
/// are (a scenario's runtime: step may change them) and the controller running now.
class RuntimeControlsBox final : public QFrame {
    Q_OBJECT
public:
    explicit RuntimeControlsBox(RuntimeControls controls, QWidget *parent = nullptr);

    /// Reads the settings (a field being edited keeps its text) and the controller's state.
    void refresh();
    /// The line under the title: the controller now, or why the last change was refused.
    QString stateText() const;

    QSpinBox *latencyBox() const { return m_latency; }
    QSpinBox *failEveryBox() const { return m_failEvery; }
    QLineEdit *terminalEdit() const { return m_terminal; }
    QSpinBox *requeueAfterBox() const { return m_requeueAfter; }
    QSpinBox *workersBox() const { return m_workers; }
    QCheckBox *priorityQueueCheck() const { return m_priorityQueue; }
    QLineEdit *keyEdit() const { return m_key; }
    QPushButton *hangButton() const { return m_hang; }
    QPushButton *releaseButton() const { return m_release; }
    QPushButton *panicButton() const { return m_panic; }

protected:
    void changeEvent(QEvent *e) override;

private:
    void retranslate();
    /// Applies `changes`; a refusal is kept for the state line until the next change.
    void apply(const QJsonObject &changes);
    /// `key` added to (on) or removed from (off) the settings' list `list` ("hang", "panic").
    void setKeyIn(const QString &list, bool on);
    QStringList listOf(const QString &list) const;

    RuntimeControls m_controls;
    QString m_refusal;
    QLabel *m_title;
    QLabel *m_state;
    QLabel *m_latencyLabel;
    QSpinBox *m_latency;
    QLabel *m_requeueLabel;
    QSpinBox *m_requeueAfter;
    QLabel *m_failLabel;
    QSpinBox *m_failEvery;
    QLabel *m_workersLabel;
    QSpinBox *m_workers;
    QCheckBox *m_priorityQueue;
    QLabel *m_terminalLabel;
    QLineEdit *m_terminal;
    QLabel *m_keyLabel;
    QLineEdit *m_key;
    QPushButton *m_hang;
    QPushButton *m_release;
    QPushButton *m_panic;
};

} // namespace lens
