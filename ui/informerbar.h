// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QLabel>
#include <QList>
#include <QWidget>

class QButtonGroup;
class QShortcut;
class QTimer;
class QToolButton;

namespace lens {

class CacheSyncGate;
class Clock;
class FlowLayout;
class LensModels;

/// A label that shows as much of its text as its width allows: the whole text, or the text
/// elided at the right ("…"), the whole text then leading its tooltip. Its size hint is the
/// whole text's, its minimum a few characters, so a layout may narrow it.
class GateLabel final : public QLabel {
    Q_OBJECT
public:
    explicit GateLabel(QWidget *parent = nullptr);
    /// The whole text, and `tip`, the tooltip that follows it (or is all of it when the text
    /// is shown whole).
    void setFullText(const QString &text, const QString &tip);
    QString fullText() const { return m_full; }
    /// Whether the text is shown elided now.
    bool isElided() const { return text() != m_full; }
    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    void resizeEvent(QResizeEvent *event) override;
    void changeEvent(QEvent *event) override;

private:
    void elide();
    QString m_full;
    QString m_tip;
};

/// The factory, visible: one button per informer of the SharedInformerFactory with its
/// reflector's state and how long it has lasted, its object count and HasSynced ("pods ·
/// Watching, quiet 3.2 s · 12 objects · HasSynced ✓", "nodes · WatchList, waiting 1.2 s for end
/// bookmark · …"; the whole sentence in its tooltip; the time is the journal clock's when
/// refresh() is called: the window calls it on its live tick),
/// exclusive, choosing which informer the panels show (Alt+1…Alt+9, or arrows when focused);
/// then the WaitForCacheSync gate over all of them: shut with the time it has waited and the
/// informers it waits on, open with the time it opened and the informer that synced last.
/// Everything it says comes from the bodies' models and the CacheSyncGate, i.e. the journal
/// (it time-travels with them).
/// Laid out as a flow (FlowLayout): when the window is too narrow for the title, the buttons
/// and the gate on one line, they wrap onto more lines; the gate's text, when it is wider
/// than a whole line, is elided, the whole text in its tooltip and accessible name.
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
    /// The gate's whole text ("WaitForCacheSync: open at 1.204 s (nodes synced last)"); what
    /// is painted is elided when a line of the bar is narrower (gateLabel()).
    QString gateText() const;
    /// The gate's label.
    QLabel *gateLabel() const { return m_gateLabel; }
    /// The number of lines the bar takes at its width now.
    int lineCount() const;
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
    FlowLayout *m_layout;
    QLabel *m_title;
    GateLabel *m_gateLabel;
    QTimer *m_tick;
};

} // namespace lens
