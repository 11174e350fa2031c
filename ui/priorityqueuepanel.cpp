// SPDX-License-Identifier: Apache-2.0
#include "priorityqueuepanel.h"

#include "lens/journaltext.h"
#include "lens/lensmodels.h"
#include "lens/priorityqueuemodel.h"
#include "runtimecontrolsbox.h"
#include "tableview.h"
#include "trace/clock.h"

#include <QComboBox>
#include <QHeaderView>
#include <QHelpEvent>
#include <QLabel>
#include <QMouseEvent>
#include <QPainter>
#include <QScrollArea>
#include <QSignalBlocker>
#include <QSplitter>
#include <QTimer>
#include <QToolTip>
#include <QTreeView>
#include <QVBoxLayout>

namespace lens {

namespace {
constexpr int kMargin = 6;
constexpr int kGap = 6;

QString seconds(qint64 ms)
{
    const double s = double(ms) / 1000.0;
    return s < 60 ? PriorityQueuePanel::tr("%1 s").arg(s, 0, 'f', 1)
                  : PriorityQueuePanel::tr("%1 s").arg(qRound64(s));
}
} // namespace

PriorityLanesView::PriorityLanesView(PriorityQueueModel *model, QWidget *parent)
    : QWidget(parent), m_model(model)
{
    setObjectName(QStringLiteral("priorityLanes"));
    setMouseTracking(true);
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Minimum);
    setAccessibleName(tr("Priority queue lanes"));
}

QSize PriorityLanesView::sizeHint() const
{
    return {m_titleWidth + 400, qMax(m_height, fontMetrics().height() * 3)};
}

QRect PriorityLanesView::chipRect(const QString &key) const
{
    for (const Chip &c : m_chips)
        if (c.key == key)
            return c.rect;
    return {};
}

int PriorityLanesView::heightForLanes(int lanes) const
{
    // layoutFor()'s lane: a chip row and its gaps; at most the height the lanes now take.
    const int laneH = fontMetrics().height() + 8 + 2 * kGap;
    return qMin(m_height, 2 * kMargin + lanes * (laneH + kGap));
}

void PriorityLanesView::relayout()
{
    const int h = layoutFor(width());
    if (h != m_height) {
        m_height = h;
        setMinimumHeight(h);
        updateGeometry();
    }
    update();
}

void PriorityLanesView::resizeEvent(QResizeEvent *)
{
    relayout();
}

int PriorityLanesView::layoutFor(int width)
{
    m_chips.clear();
    m_lanes.clear();
    const PriorityQueueState *s = m_model->state();
    const QFontMetrics fm = fontMetrics();
    const int chipH = fm.height() + 8;
    const int laneMinH = chipH + 2 * kGap;
    int y = kMargin;
    if (!s)
        return y + laneMinH;
    // The titles' column is as wide as its widest title (bold), so none is clipped.
    QFont bold = font();
    bold.setBold(true);
    const QFontMetrics bfm(bold);
    QStringList titles;
    m_titleWidth = 100;
    for (const PriorityQueueModel::Lane &lane : m_model->lanes()) {
        titles
            << (lane.waiting
                    ? tr("waiting \u00B7 %n", nullptr, int(lane.keys.size()))
                    : tr("priority %1 \u00B7 depth %2").arg(lane.priority).arg(lane.keys.size()));
        m_titleWidth = qMax(m_titleWidth, bfm.horizontalAdvance(titles.last()) + 3 * kGap);
    }
    const int left = kMargin + m_titleWidth;
    const int right = qMax(left + 120, width - kMargin);
    for (const PriorityQueueModel::Lane &lane : m_model->lanes()) {
        LaneBox box;
        box.title = titles.at(m_lanes.size());
        int x = left + kGap;
        int rowY = y + kGap;
        for (const QString &key : lane.keys) {
            const auto it = s->entries.constFind(key);
            if (it == s->entries.cend())
                continue;
            Chip c;
            c.key = key;
            c.waiting = lane.waiting;
            c.passed = it->passedOver > 0;
            c.held = s->locked.contains(key);
            c.text = QStringLiteral("%1  %2").arg(key, m_model->ageText(*it));
            const int w = fm.horizontalAdvance(c.text) + 16;
            if (x + w > right && x > left + kGap) { // wrap within the lane
                x = left + kGap;
                rowY += chipH + kGap;
            }
            c.rect = QRect(x, rowY, w, chipH);
            x += w + kGap;
            m_chips.append(c);
        }
        const int h = qMax(laneMinH, rowY + chipH + kGap - y);
        box.rect = QRect(kMargin, y, right - kMargin, h);
        m_lanes.append(box);
        y += h + 2;
    }
    if (m_lanes.isEmpty())
        y += laneMinH;
    return y + kMargin;
}

void PriorityLanesView::paintEvent(QPaintEvent *)
{
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    const QPalette pal = palette();
    p.fillRect(rect(), pal.base());
    if (m_lanes.isEmpty()) {
        p.setPen(pal.color(QPalette::PlaceholderText));
        // RuntimeControllerStarted said which queue the controller runs on.
        const PriorityQueueState *s = m_model->state();
        const QString text =
            s && s->usePriorityQueue == 0
                ? tr("%1 runs on client-go's queue (UsePriorityQueue false): no priorities, keys "
                     "are handed out in the order they were added. The Workqueue tab shows that "
                     "queue.")
                      .arg(s->name)
                : tr("No controller-runtime priority queue in the journal yet");
        p.drawText(rect().adjusted(kMargin, kMargin, -kMargin, -kMargin),
                   Qt::AlignLeft | Qt::AlignTop | Qt::TextWordWrap, text);
        return;
    }
    for (int i = 0; i < m_lanes.size(); ++i) {
        const LaneBox &b = m_lanes[i];
        p.fillRect(b.rect, i % 2 ? pal.alternateBase() : pal.window());
        p.setPen(pal.color(QPalette::WindowText));
        QFont bold = font();
        bold.setBold(true);
        p.setFont(bold);
        const QRect title(b.rect.left() + kGap, b.rect.top(), m_titleWidth - kGap, b.rect.height());
        p.drawText(title, Qt::AlignLeft | Qt::AlignVCenter,
                   QFontMetrics(bold).elidedText(b.title, Qt::ElideRight, title.width()));
        p.setFont(font());
        p.setPen(QPen(pal.color(QPalette::Mid), 1));
        p.drawLine(b.rect.left() + m_titleWidth, b.rect.top() + 2, b.rect.left() + m_titleWidth,
                   b.rect.bottom() - 2);
    }
    for (const Chip &c : std::as_const(m_chips)) {
        QColor fill = pal.color(QPalette::Button);
        QColor text = pal.color(QPalette::ButtonText);
        if (c.passed) { // passed over: amber, dark text in every palette
            fill = QColor(0xff, 0xc8, 0x6b);
            text = Qt::black;
        } else if (c.waiting) {
            fill = pal.color(QPalette::AlternateBase);
        }
        QPen border(c.passed ? QColor(0xc0, 0x70, 0x00) : pal.color(QPalette::Mid), 1.2);
        if (c.held)
            border.setStyle(Qt::DashLine);
        p.setPen(border);
        p.setBrush(fill);
        p.drawRoundedRect(QRectF(c.rect).adjusted(0.5, 0.5, -0.5, -0.5), 6, 6);
        p.setPen(text);
        p.drawText(c.rect, Qt::AlignCenter, c.text);
    }
}

const PriorityLanesView::Chip *PriorityLanesView::chipAt(const QPoint &pt) const
{
    for (const Chip &c : m_chips)
        if (c.rect.contains(pt))
            return &c;
    return nullptr;
}

bool PriorityLanesView::event(QEvent *e)
{
    if (e->type() == QEvent::ToolTip) {
        auto *he = static_cast<QHelpEvent *>(e);
        const Chip *c = chipAt(he->pos());
        const PriorityQueueState *s = m_model->state();
        if (!c || !s || !s->entries.contains(c->key)) {
            QToolTip::hideText();
            e->ignore();
            return true;
        }
        const PriorityQueueState::Entry &en = s->entries[c->key];
        QStringList lines{tr("%1 \u00B7 priority %2").arg(en.key).arg(en.priority),
                          tr("why: %1").arg(m_model->whyText(en))};
        if (const QString passed = m_model->passedOverText(en); !passed.isEmpty())
            lines << passed;
        if (const QString holder = s->locked.value(en.key); !holder.isEmpty())
            lines << tr("held by %1: eligible again at its Done").arg(holder);
        QToolTip::showText(he->globalPos(), lines.join(QLatin1Char('\n')), this, c->rect);
        return true;
    }
    return QWidget::event(e);
}

void PriorityLanesView::mousePressEvent(QMouseEvent *e)
{
    const Chip *c = chipAt(e->position().toPoint());
    const PriorityQueueState *s = m_model->state();
    if (!c || !s)
        return;
    const auto it = s->entries.constFind(c->key);
    const quint64 seq = it == s->entries.cend() ? 0 : it->timerSeq ? it->timerSeq : it->cause.seq;
    Q_EMIT chipClicked(c->key, seq);
}

PriorityQueuePanel::PriorityQueuePanel(LensModels *stream, const Clock *clock, QWidget *parent)
    : Panel(tr("Priority queue"), nullptr, parent), m_stream(stream), m_clock(clock),
      m_queueBox(new QComboBox(this)), m_tick(new QTimer(this))
{
    setObjectName(QStringLiteral("priorityQueuePanel"));
    PriorityQueueModel *model = stream->priorityQueue();
    m_queueBox->setObjectName(QStringLiteral("priorityQueueQueue"));
    m_queueBox->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    addHeaderWidget(m_queueBox);
    connect(m_queueBox, &QComboBox::currentTextChanged, this, [this](const QString &name) {
        if (!name.isEmpty())
            this->model()->setQueue(name);
    });

    m_lanes = new PriorityLanesView(model, this);
    auto *scroll = m_laneScroll = new QScrollArea(this);
    scroll->setObjectName(QStringLiteral("priorityLanesScroll"));
    scroll->setWidget(m_lanes);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    connect(m_lanes, &PriorityLanesView::chipClicked, this,
            [this](const QString &key, quint64 seq) {
                Q_EMIT objectSelected(key);
                if (seq)
                    Q_EMIT seqChosen(seq);
            });

    m_workers = new QLabel(this);
    m_workers->setObjectName(QStringLiteral("priorityQueueWorkers"));
    m_workers->setWordWrap(true);
    m_workers->setTextFormat(Qt::PlainText);
    m_capacity = new QLabel(this);
    m_capacity->setObjectName(QStringLiteral("priorityQueueCapacity"));
    m_capacity->setWordWrap(true);
    m_capacity->setTextFormat(Qt::PlainText);

    m_view = new QTreeView(this);
    m_view->setObjectName(QStringLiteral("priorityQueueView"));
    m_view->setModel(model);
    m_view->setUniformRowHeights(true);
    m_view->setAlternatingRowColors(true);
    m_view->header()->setStretchLastSection(true);
    m_view->setColumnWidth(PriorityQueueModel::KeyColumn, 170);
    m_view->setColumnWidth(PriorityQueueModel::PriorityColumn, 60);
    m_view->setColumnWidth(PriorityQueueModel::ReadyForColumn, 80);
    m_view->setColumnWidth(PriorityQueueModel::WhyColumn, 420);
    installRowCopy(m_view);
    keepMinimumRows(m_view, kMinimumTableRows);
    connect(model, &QAbstractItemModel::modelReset, m_view, &QTreeView::expandAll);
    connect(m_view, &QTreeView::clicked, this, [this](const QModelIndex &i) {
        const QString key = i.siblingAtColumn(0).data(PriorityQueueModel::KeyRole).toString();
        if (key.isEmpty())
            return;
        Q_EMIT objectSelected(key);
        if (const quint64 seq =
                i.siblingAtColumn(0).data(PriorityQueueModel::SeqRole).toULongLong())
            Q_EMIT seqChosen(seq);
    });

    auto *top = new QWidget(this);
    auto *topLayout = new QVBoxLayout(top);
    topLayout->setContentsMargins(0, 0, 0, 0);
    topLayout->addWidget(scroll, 1);
    topLayout->addWidget(m_workers);
    topLayout->addWidget(m_capacity);
    auto *split = new QSplitter(Qt::Vertical, this);
    split->setObjectName(QStringLiteral("priorityQueueSplit"));
    split->setChildrenCollapsible(false);
    split->addWidget(top);
    split->addWidget(m_view);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 2);
    addContent(split, 1);

    connect(model, &PriorityQueueModel::changed, this, &PriorityQueuePanel::updateFigures);
    connect(model, &PriorityQueueModel::queuesChanged, this, &PriorityQueuePanel::updateQueues);
    connect(stream, &LensModels::travelled, this, &PriorityQueuePanel::refresh);
    m_tick->setInterval(1000);
    connect(m_tick, &QTimer::timeout, this, &PriorityQueuePanel::refresh);
    m_tick->start();
    m_view->expandAll();
    updateQueues();
    retranslate();
}

PriorityQueueModel *PriorityQueuePanel::model() const
{
    return m_stream->priorityQueue();
}

void PriorityQueuePanel::refresh()
{
    if (m_clock && m_stream->travelSeq() == 0)
        model()->setNowMs(
            qMax(m_clock->nowMs(), model()->state() ? model()->state()->lastEventMs : qint64(0)));
    updateFigures();
    if (m_controls)
        m_controls->refresh();
}

void PriorityQueuePanel::setRuntimeControls(RuntimeControls controls)
{
    if (m_controls)
        return;
    m_controls = new RuntimeControlsBox(std::move(controls), this);
    // The box scrolls sideways in a narrow window rather than widening it: a tab's minimum width
    // is the whole tab widget's (--size 1200x800 must stay 1200 wide).
    auto *scroll = new QScrollArea(this);
    scroll->setWidget(m_controls);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAsNeeded);
    scroll->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    scroll->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Fixed);
    scroll->setFixedHeight(m_controls->sizeHint().height());
    addContent(scroll, 0);
}

void PriorityQueuePanel::updateQueues()
{
    const QStringList names = model()->queues();
    const QString current = model()->queue();
    const QSignalBlocker block(m_queueBox);
    m_queueBox->clear();
    m_queueBox->addItems(names);
    m_queueBox->setCurrentIndex(qMax(0, names.indexOf(current)));
    m_queueBox->setVisible(names.size() > 1);
}

void PriorityQueuePanel::updateFigures()
{
    const PriorityQueueModel *m = model();
    const PriorityQueueState *s = m->state();
    const quint64 travel = m_stream->travelSeq();
    QString sub = travel ? tr("past, at seq %1: ").arg(travel) : QString();
    if (!s) {
        sub += tr("no controller-runtime controller in the journal");
    } else {
        int ready = 0;
        for (const auto &en : s->entries)
            ready += en.ready ? 1 : 0;
        sub += tr("%1: %n ready", nullptr, ready).arg(s->name) +
               tr(" \u00B7 %n waiting", nullptr, int(s->entries.size()) - ready) +
               tr(" \u00B7 %n held", nullptr, int(s->locked.size()));
        if (s->usePriorityQueue == 0)
            sub += tr(" \u00B7 UsePriorityQueue=false: client-go's queue (see Workqueue)");
        if (s->shutDown)
            sub += tr(" \u00B7 shut down");
    }
    setSubtitle(sub);
    QStringList workers;
    if (s) {
        for (const PriorityQueueState::Worker &w : s->workers) {
            if (!w.key.isEmpty())
                workers << tr("%1 \u2192 %2 (priority %3) for %4")
                               .arg(w.name, w.key)
                               .arg(w.priority)
                               .arg(seconds(qMax<qint64>(0, m->nowMs() - w.sinceMs)));
            else if (!w.lastKey.isEmpty())
                workers << tr("%1 idle (last %2: %3)")
                               .arg(w.name, w.lastKey, JournalText::code(w.lastResult));
            else
                workers << tr("%1 idle").arg(w.name);
        }
    }
    m_workers->setText(workers.isEmpty()
                           ? tr("Workers: none seen yet")
                           : tr("Workers: %1").arg(workers.join(QStringLiteral("  \u00B7  "))));
    const QString cap = m->capacityText();
    m_capacity->setText(cap.isEmpty() ? QString() : tr("Capacity: %1").arg(cap));
    m_capacity->setToolTip(
        tr("From the journal: W = maxConcurrentReconciles (runtimeControllerStarted), c = the mean "
           "durationMs of the finished reconciles, T = the mean requeueAfterMs of the keys whose "
           "last result was requeue_after, P = how many such keys. P \u00B7 c / (W \u00B7 T) "
           "\u2265 1: "
           "those keys alone keep every worker busy, and a lower lane is never reached."));
    m_capacity->setVisible(!cap.isEmpty());
    m_lanes->relayout();
    // The lanes get room for up to three of them before the splitter gives the rest to the
    // tree: the −100 lane under two others stays in view (more lanes scroll).
    m_laneScroll->setMinimumHeight(m_lanes->heightForLanes(3));
}

void PriorityQueuePanel::retranslate()
{
    setTitle(tr("Priority queue"));
    m_view->setAccessibleName(tr("Priority queue entries"));
    updateFigures();
}

} // namespace lens
