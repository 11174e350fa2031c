// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QList>
#include <QWidget>

class QButtonGroup;
class QHBoxLayout;
class QLabel;
class QShortcut;
class QTimer;
class QToolButton;

namespace lens {

class CacheSyncGate;
class Clock;
class LensModels;

/// The factory, visible: one button per informer of the SharedInformerFactory with its
/// reflector's state, its object count and HasSynced ("pods · Watching · 12 objects · ✓"),
/// exclusive, choosing which informer the panels show (Alt+1…Alt+9, or arrows when focused);
/// then the WaitForCacheSync gate over all of them: shut with the time it has waited and the
/// informers it waits on, open with the time it opened and the informer that synced last.
/// Everything it says comes from the bodies' models and the CacheSyncGate, i.e. the journal
/// (it time-travels with them).
class InformerBar final : public QWidget {
    Q_OBJECT
public:
    /// `clock` gives "now" for the waiting timer (the journal's clock: a scenario's manual
    /// clock for exact pictures).
    InformerBar(CacheSyncGate *gate, const Clock *clock, QWidget *parent = nullptr);

    /// One button per body (named by LensModels::informer()).
    void setBodies(const QList<LensModels *> &bodies);
    void setCurrent(int index);
    int current() const;
    QToolButton *button(int index) const;
    /// The gate's text as shown ("WaitForCacheSync: open at 1.204 s (nodes synced last)").
    QString gateText() const;
    /// Every text again (counts, states, gate).
    void refresh();

Q_SIGNALS:
    /// The user chose informer `index`.
    void currentChanged(int index);

protected:
    void changeEvent(QEvent *e) override;

private:
    QString buttonText(const LensModels *body) const;

    CacheSyncGate *m_gate;
    const Clock *m_clock;
    QList<LensModels *> m_bodies;
    QList<QToolButton *> m_buttons;
    QList<QShortcut *> m_shortcuts; ///< Alt+1…Alt+9, owned by their buttons
    QButtonGroup *m_group;
    QHBoxLayout *m_layout;
    QLabel *m_title;
    QLabel *m_gateLabel;
    QTimer *m_tick;
};

} // namespace lens
