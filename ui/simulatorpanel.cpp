// SPDX-License-Identifier: Apache-2.0
#include "simulatorpanel.h"

#include "sim/apiserver.h"
#include "sim/simulator.h"
#include "sim/store.h"
#include "trace/journal.h"

#include <QCheckBox>
#include <QEvent>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QJsonObject>
#include <QLabel>
#include <QPushButton>
#include <QSpinBox>
#include <QTimer>
#include <QVBoxLayout>

namespace lens {

namespace {
QSpinBox *spin(int min, int max, int value)
{
    auto *s = new QSpinBox;
    s->setRange(min, max);
    s->setValue(value);
    return s;
}

QWidget *row(std::initializer_list<QWidget *> widgets)
{
    auto *w = new QWidget;
    auto *h = new QHBoxLayout(w);
    h->setContentsMargins(0, 0, 0, 0);
    for (QWidget *x : widgets)
        h->addWidget(x);
    h->addStretch(1);
    return w;
}
} // namespace

SimulatorPanel::SimulatorPanel(sim::Simulator *simulator, Journal *journal, QWidget *parent)
    : QWidget(parent), m_sim(simulator), m_journal(journal), m_state(new QLabel),
      m_intro(new QLabel), m_compact(new QPushButton), m_drop(new QPushButton),
      m_dropMid(new QPushButton), m_fail(new QPushButton), m_failCount(spin(1, 1000, 3)),
      m_failStatus(spin(400, 599, 503)), m_failRetryAfter(spin(0, 3600, 0)),
      m_garbage(new QPushButton), m_stall(new QPushButton), m_stallSeconds(spin(1, 3600, 10)),
      m_tooLarge(new QPushButton), m_ignoreInitial(new QCheckBox),
      m_bookmarkSeconds(spin(1, 3600, 60)), m_bookmarkLabel(new QLabel), m_refresh(new QTimer(this))
{
    setObjectName(QStringLiteral("simulatorPanel"));
    m_intro->setWordWrap(true);
    m_state->setWordWrap(true);
    m_state->setTextInteractionFlags(Qt::TextSelectableByMouse);

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_intro);
    layout->addWidget(m_state);
    // The fault controls, in one container: without a simulator they are all disabled.
    auto *controls = new QWidget;
    auto *rows = new QVBoxLayout(controls);
    rows->setContentsMargins(0, 0, 0, 0);
    rows->addWidget(row({m_compact, m_tooLarge}));
    rows->addWidget(row({m_drop, m_dropMid, m_garbage}));
    rows->addWidget(row({m_fail, m_failCount}));
    rows->addWidget(row({m_failStatus, m_failRetryAfter}));
    rows->addWidget(row({m_stall, m_stallSeconds}));
    rows->addWidget(row({m_bookmarkLabel, m_bookmarkSeconds}));
    rows->addWidget(m_ignoreInitial);
    layout->addWidget(controls);
    layout->addStretch(1);

    const bool live = !m_sim.isNull();
    controls->setEnabled(live);
    if (live) {
        m_bookmarkSeconds->setValue(qMax(1, m_sim->server()->bookmarkInterval() / 1000));
        m_ignoreInitial->setChecked(m_sim->server()->ignoresSendInitialEvents());
    }

    connect(m_compact, &QPushButton::clicked, this, [this] {
        const qint64 rev = m_sim->revision();
        m_sim->compact();
        note(tr("compacted the history at revision %1: older resourceVersions now get 410 Gone")
                 .arg(rev));
    });
    connect(m_drop, &QPushButton::clicked, this, [this] {
        note(tr("dropped %n watch(es) cleanly", nullptr, m_sim->dropWatches(false)));
    });
    connect(m_dropMid, &QPushButton::clicked, this, [this] {
        note(tr("dropped %n watch(es) in the middle of an event", nullptr,
                m_sim->dropWatches(true)));
    });
    connect(m_fail, &QPushButton::clicked, this, [this] {
        m_sim->failNextRequests(m_failCount->value(), m_failStatus->value(),
                                m_failRetryAfter->value());
        note(tr("the next %1 request(s) fail with HTTP %2 (Retry-After %3 s)")
                 .arg(m_failCount->value())
                 .arg(m_failStatus->value())
                 .arg(m_failRetryAfter->value()));
    });
    connect(m_garbage, &QPushButton::clicked, this, [this] {
        note(tr("sent a line that is not JSON on %n open watch(es)", nullptr,
                m_sim->sendGarbageOnWatches()));
    });
    connect(m_stall, &QPushButton::clicked, this, [this] {
        const int n = m_sim->stallWatches(m_stallSeconds->value() * 1000);
        note(tr("stalled %n watch(es) for %1 s", nullptr, n).arg(m_stallSeconds->value()));
    });
    connect(m_tooLarge, &QPushButton::clicked, this, [this] {
        m_sim->answerTooLargeResourceVersion(1);
        note(tr("the next list or watch gets \"Too large resource version\""));
    });
    connect(m_ignoreInitial, &QCheckBox::toggled, this, [this](bool on) {
        m_sim->setIgnoreSendInitialEvents(on);
        note(on ? tr("now ignoring sendInitialEvents, as a server before 1.27 does")
                : tr("sendInitialEvents is honoured again"));
    });
    connect(m_bookmarkSeconds, &QSpinBox::editingFinished, this, [this] {
        m_sim->setBookmarkInterval(m_bookmarkSeconds->value() * 1000);
        note(tr("bookmarks every %1 s on watches that allow them").arg(m_bookmarkSeconds->value()));
    });

    m_refresh->setInterval(1000);
    connect(m_refresh, &QTimer::timeout, this, &SimulatorPanel::refreshState);
    if (live)
        m_refresh->start();
    retranslate();
}

void SimulatorPanel::note(const QString &message)
{
    if (m_journal) {
        TraceEvent e;
        e.kind = TraceKind::Info;
        e.component = QStringLiteral("simulator");
        e.detail.insert(QStringLiteral("message"), message);
        m_journal->record(e);
    }
    refreshState();
}

QString SimulatorPanel::stateText() const
{
    return m_state->text();
}

void SimulatorPanel::refreshState()
{
    if (!m_sim) {
        m_state->setText(tr("Not available: the window is watching an external API server."));
        return;
    }
    const sim::Store *store = m_sim->store();
    int objects = 0;
    for (const sim::ResourceType &t : store->resourceTypes())
        objects += store->count(t.name);
    m_state->setText(tr("revision %1 · %2 objects · %3 open watch(es) · history from revision %4 "
                        "(compacted up to %5)")
                         .arg(m_sim->revision())
                         .arg(objects)
                         .arg(m_sim->openWatchCount())
                         .arg(store->oldestRetainedRevision())
                         .arg(store->compactedRevision()));
}

void SimulatorPanel::retranslate()
{
    m_intro->setText(tr("Make the built-in cluster misbehave and watch the informer recover "
                        "(the same faults as /sim/v1/, see docs/simulator.md)."));
    m_compact->setText(tr("Compact now"));
    m_tooLarge->setText(tr("Too large RV"));
    m_drop->setText(tr("Drop watches"));
    m_dropMid->setText(tr("Drop mid-event"));
    m_garbage->setText(tr("Garbage line"));
    m_fail->setText(tr("Fail next"));
    m_failCount->setSuffix(tr(" requests"));
    m_failStatus->setPrefix(tr("HTTP "));
    m_failRetryAfter->setPrefix(tr("Retry-After "));
    m_failRetryAfter->setSuffix(tr(" s"));
    m_stall->setText(tr("Stall watches"));
    m_stallSeconds->setSuffix(tr(" s"));
    m_bookmarkLabel->setText(tr("Bookmark interval"));
    m_bookmarkSeconds->setSuffix(tr(" s"));
    m_ignoreInitial->setText(tr("Ignore sendInitialEvents (a server before 1.27)"));
    const std::pair<QWidget *, QString> names[] = {
        {m_compact, tr("Compact the history now")},
        {m_tooLarge, tr("Answer the next list or watch with Too large resource version")},
        {m_drop, tr("Drop every watch cleanly")},
        {m_dropMid, tr("Drop every watch in the middle of an event")},
        {m_garbage, tr("Send a garbage line on open watches")},
        {m_fail, tr("Fail the next requests")},
        {m_failCount, tr("Number of requests to fail")},
        {m_failStatus, tr("HTTP status of the failures")},
        {m_failRetryAfter, tr("Retry-After seconds of the failures")},
        {m_stall, tr("Stall open watches")},
        {m_stallSeconds, tr("Seconds to stall")},
        {m_bookmarkSeconds, tr("Bookmark interval in seconds")},
        {m_ignoreInitial, tr("Ignore sendInitialEvents")},
    };
    for (const auto &[w, name] : names) {
        w->setAccessibleName(name);
        w->setToolTip(name);
    }
    refreshState();
}

void SimulatorPanel::showEvent(QShowEvent *event)
{
    refreshState();
    QWidget::showEvent(event);
}

void SimulatorPanel::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QWidget::changeEvent(event);
}

} // namespace lens
