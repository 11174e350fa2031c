// SPDX-License-Identifier: Apache-2.0
#include "informerbar.h"

#include "flowlayout.h"
#include "lens/cachesyncgate.h"
#include "lens/format.h"
#include "lens/indexermodel.h"
#include "lens/lensmodels.h"
#include "lens/reflectorstatus.h"
#include "trace/clock.h"

#include <QButtonGroup>
#include <QEvent>
#include <QShortcut>
#include <QTimer>
#include <QToolButton>

namespace lens {

GateLabel::GateLabel(QWidget *parent) : QLabel(parent)
{
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Preferred);
}

void GateLabel::setFullText(const QString &text, const QString &tip)
{
    m_tip = tip;
    if (text != m_full) {
        m_full = text;
        updateGeometry(); // the size hint is the whole text's
    }
    elide();
}

QSize GateLabel::sizeHint() const
{
    const QMargins m = contentsMargins();
    return QSize(fontMetrics().horizontalAdvance(m_full) + 2 * margin() + m.left() + m.right() + 2,
                 QLabel::sizeHint().height());
}

QSize GateLabel::minimumSizeHint() const
{
    return QSize(fontMetrics().horizontalAdvance(QStringLiteral("WaitForCacheSync\u2026")),
                 QLabel::minimumSizeHint().height());
}

void GateLabel::resizeEvent(QResizeEvent *event)
{
    QLabel::resizeEvent(event);
    elide();
}

void GateLabel::changeEvent(QEvent *event)
{
    QLabel::changeEvent(event);
    if (event->type() == QEvent::FontChange)
        elide();
}

void GateLabel::elide()
{
    const int room = contentsRect().width() - 2 * margin();
    const QString shown = fontMetrics().horizontalAdvance(m_full) <= room
                              ? m_full
                              : fontMetrics().elidedText(m_full, Qt::ElideRight, room);
    if (shown != text())
        setText(shown);
    const QString tip = shown == m_full || m_tip.isEmpty() ? m_tip
                        : m_full.isEmpty()                 ? QString()
                                           : m_full + QStringLiteral("\n\n") + m_tip;
    if (tip != toolTip())
        setToolTip(tip);
}

InformerBar::InformerBar(CacheSyncGate *gate, const Clock *clock, QWidget *parent)
    : QWidget(parent), m_gate(gate), m_clock(clock), m_group(new QButtonGroup(this)),
      m_layout(new FlowLayout(this, 6, 0)), m_title(new QLabel(this)),
      m_gateLabel(new GateLabel(this)), m_tick(new QTimer(this))
{
    setObjectName(QStringLiteral("informerBar"));
    // Never wider than the window the user made: the bar wraps onto more lines (its height
    // follows its width), and the gate's text elides when a whole line is too narrow for it.
    QSizePolicy policy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    policy.setHeightForWidth(true);
    setSizePolicy(policy);
    m_gateLabel->setAlignment(Qt::AlignRight | Qt::AlignVCenter);
    m_layout->setContentsMargins(2, 0, 2, 0);
    QFont bold = m_title->font();
    bold.setBold(true);
    m_title->setFont(bold);
    m_layout->addWidget(m_title);
    m_gateLabel->setObjectName(QStringLiteral("cacheSyncGate"));
    m_gateLabel->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_layout->addWidget(m_gateLabel);
    m_group->setExclusive(true);
    connect(m_group, &QButtonGroup::idClicked, this, &InformerBar::currentChanged);
    connect(gate, &CacheSyncGate::changed, this, &InformerBar::refresh);
    // While the gate is shut its timer runs: a long wait shows as a growing number.
    m_tick->setInterval(250);
    connect(m_tick, &QTimer::timeout, this, &InformerBar::refresh);
    refresh();
}

void InformerBar::setBodies(const QList<LensModels *> &bodies)
{
    for (QToolButton *b : std::as_const(m_buttons))
        delete b; // and its shortcut
    m_buttons.clear();
    m_shortcuts.clear();
    m_bodies = bodies;
    for (int i = 0; i < bodies.size(); ++i) {
        auto *b = new QToolButton(this);
        b->setObjectName(QStringLiteral("informer-") + bodies[i]->informer());
        b->setCheckable(true);
        b->setAutoRaise(true);
        b->setFocusPolicy(Qt::StrongFocus);
        // Not QAbstractButton::setShortcut: setText() replaces it with the text's mnemonic.
        if (i < 9) {
            auto *sc = new QShortcut(QKeySequence(Qt::ALT | Qt::Key(Qt::Key_1 + i)), b);
            connect(sc, &QShortcut::activated, this, [this, i] {
                setCurrent(i);
                Q_EMIT currentChanged(i);
            });
            m_shortcuts << sc;
        }
        m_group->addButton(b, i);
        m_layout->insertWidget(1 + i, b);
        m_buttons << b;
        LensModels *body = bodies[i];
        connect(body->status(), &ReflectorStatus::changed, this, &InformerBar::refresh);
        for (auto sig : {&QAbstractItemModel::rowsInserted, &QAbstractItemModel::rowsRemoved})
            connect(body->indexer(), sig, this, &InformerBar::refresh);
        connect(body->indexer(), &QAbstractItemModel::modelReset, this, &InformerBar::refresh);
    }
    if (!m_buttons.isEmpty())
        m_buttons.first()->setChecked(true);
    refresh();
}

void InformerBar::setCurrent(int index)
{
    if (QAbstractButton *b = m_group->button(index))
        b->setChecked(true);
}

int InformerBar::current() const
{
    return m_group->checkedId();
}

QToolButton *InformerBar::button(int index) const
{
    return index >= 0 && index < m_buttons.size() ? m_buttons[index] : nullptr;
}

QString InformerBar::buttonText(const LensModels *body) const
{
    const ReflectorStatus *s = body->status();
    // The state with how long it has lasted ("Watching, quiet 3.2 s"; the whole sentence is
    // the tooltip): a stalled watch and a WatchList waiting for its end bookmark no longer
    // read alike.
    QString state = s->awaitingInitialEventsEnd() ? QStringLiteral("WatchList")
                                                  : ReflectorStatus::nameOf(s->state());
    if (const QString activity = s->activityBrief(s->nowMs()); !activity.isEmpty())
        state = tr("%1, %2").arg(state, activity);
    return tr("%1 \u00B7 %2 \u00B7 %n object(s) \u00B7 %3", nullptr, body->indexer()->rowCount())
        .arg(body->informer(), state,
             s->hasSynced() ? tr("HasSynced \u2713") : tr("HasSynced \u2717"));
}

QString InformerBar::gateText() const
{
    return m_gateLabel->fullText();
}

int InformerBar::lineCount() const
{
    return m_layout->lineCountFor(width());
}

void InformerBar::refresh()
{
    m_title->setText(tr("Informers (one SharedInformerFactory):"));
    for (int i = 0; i < m_buttons.size(); ++i) {
        m_buttons[i]->setText(buttonText(m_bodies[i]));
        m_buttons[i]->setAccessibleName(tr("Show informer %1").arg(m_bodies[i]->informer()));
        const ReflectorStatus *s = m_bodies[i]->status();
        const QString activity = s->activityText(s->nowMs());
        m_buttons[i]->setToolTip(
            (activity.isEmpty() ? QString()
                                : ReflectorStatus::nameOf(s->state()) + QStringLiteral(": ") +
                                      activity + QStringLiteral("\n")) +
            tr("Show the queue, indexer, key history and handlers of the %1 informer (%2)")
                .arg(m_bodies[i]->informer(),
                     m_buttons[i]->shortcut().toString(QKeySequence::NativeText)));
    }
    QString text;
    QString tip;
    const bool open = m_gate->isOpen();
    if (m_gate->informers().isEmpty()) {
        text.clear();
    } else if (m_gate->outcome() == QLatin1String("timedOut") ||
               m_gate->outcome() == QLatin1String("shutDown")) {
        const qint64 waited = qMax<qint64>(0, m_gate->finishedAtMs() - m_gate->startedAtMs());
        text = m_gate->outcome() == QLatin1String("timedOut")
                   ? tr("WaitForCacheSync \u2717 timed out after %1 waiting for %2")
                         .arg(formatTimeMs(waited), m_gate->waitingFor().join(QStringLiteral(", ")))
                   : tr("WaitForCacheSync \u2717 ended by the factory's Shutdown after %1")
                         .arg(formatTimeMs(waited));
        tip = tr("cache.WaitForCacheSync returned false: a controller does not start its "
                 "workers.");
    } else if (open) {
        text = tr("WaitForCacheSync \u2713 open at %1 (%2 synced last)")
                   .arg(formatTimeMs(m_gate->openedAtMs()), m_gate->lastToSync());
        tip = tr("cache.WaitForCacheSync returned true: every informer's HasSynced is true, so a "
                 "controller's workers may start. It opened when the last informer synced.");
    } else {
        const qint64 since = m_gate->startedAtMs();
        const qint64 waited = since < 0 || !m_clock ? 0 : qMax<qint64>(0, m_clock->nowMs() - since);
        text = tr("WaitForCacheSync \u2717 shut, waiting %1 for %2")
                   .arg(formatTimeMs(waited), m_gate->waitingFor().join(QStringLiteral(", ")));
        tip = tr("cache.WaitForCacheSync blocks until every informer's HasSynced is true; a "
                 "controller's workers do not start before. It waits on the informers named.");
    }
    m_gateLabel->setFullText(text, tip);
    m_gateLabel->setAccessibleName(text);
    m_gateLabel->setStyleSheet(open ? QStringLiteral("color: #2e7d32;")
                                    : QStringLiteral("color: #e65100;"));
    // The timer runs only while the gate is shut and the views are live.
    const bool tick = !open && !m_gate->informers().isEmpty() && m_gate->foldedUpTo() == 0;
    if (tick && !m_tick->isActive())
        m_tick->start();
    else if (!tick)
        m_tick->stop();
}

void InformerBar::changeEvent(QEvent *e)
{
    if (e->type() == QEvent::LanguageChange)
        refresh();
    QWidget::changeEvent(e);
}

} // namespace lens
