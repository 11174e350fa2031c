// SPDX-License-Identifier: Apache-2.0
#include "simulatorpanel.h"

#include "trace/journal.h"

#include <QApplication>
#include <QCheckBox>
#include <QClipboard>
#include <QEvent>
#include <QHBoxLayout>
#include <QJsonObject>
#include <QLabel>
#include <QPushButton>
#include <QSignalBlocker>
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

qint64 num(const QJsonObject &o, const char *key)
{
    return o.value(QLatin1String(key)).toInteger();
}
} // namespace

SimulatorPanel::SimulatorPanel(const SimulatorAccess &access, Journal *journal, QWidget *parent)
    : QWidget(parent), m_access(access), m_journal(access.journal ? access.journal : journal),
      m_state(new QLabel), m_intro(new QLabel), m_kubectl(new QLabel),
      m_copyKubeconfig(new QPushButton), m_compact(new QPushButton), m_relist(new QPushButton),
      m_drop(new QPushButton), m_dropMid(new QPushButton), m_fail(new QPushButton),
      m_failCount(spin(1, 1000, 3)), m_failStatus(spin(400, 599, 503)),
      m_failRetryAfter(spin(0, 3600, 0)), m_garbage(new QPushButton), m_stall(new QPushButton),
      m_stallSeconds(spin(1, 3600, 10)), m_tooLarge(new QPushButton),
      m_ignoreInitial(new QCheckBox), m_bookmarkSeconds(spin(1, 3600, 60)),
      m_bookmarkLabel(new QLabel), m_churn(new QCheckBox), m_poll(new QTimer(this))
{
    setObjectName(QStringLiteral("simulatorPanel"));
    m_intro->setWordWrap(true);
    m_state->setWordWrap(true);
    m_state->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_kubectl->setWordWrap(true);
    m_kubectl->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_copyKubeconfig->setEnabled(!m_access.kubeconfig.isEmpty());

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_intro);
    layout->addWidget(m_state);
    layout->addWidget(m_kubectl);
    layout->addWidget(row({m_copyKubeconfig}));
    // The controls, in one container: without a server to talk to they are all disabled.
    auto *controls = new QWidget;
    auto *rows = new QVBoxLayout(controls);
    rows->setContentsMargins(0, 0, 0, 0);
    rows->addWidget(row({m_relist, m_churn}));
    rows->addWidget(row({m_compact, m_tooLarge}));
    rows->addWidget(row({m_drop, m_dropMid, m_garbage}));
    rows->addWidget(row({m_fail, m_failCount}));
    rows->addWidget(row({m_failStatus, m_failRetryAfter}));
    rows->addWidget(row({m_stall, m_stallSeconds}));
    rows->addWidget(row({m_bookmarkLabel, m_bookmarkSeconds}));
    rows->addWidget(m_ignoreInitial);
    layout->addWidget(controls);
    layout->addStretch(1);

    if (m_access.rest.server.isValid()) {
        m_client = new SimulatorClient(m_access.rest, m_journal, this);
        connect(m_client, &SimulatorClient::idle, this, [this] {
            showState();
            Q_EMIT refreshed();
        });
        if (!m_journal) // nothing journaled: show the answers as they come
            connect(m_client, &SimulatorClient::stateArrived, this,
                    [this](const SimulatorState &s) {
                        m_shown = s;
                        showState();
                    });
    }
    controls->setEnabled(m_client != nullptr);
    if (m_journal)
        connect(m_journal, &Journal::eventRecorded, this, [this](const TraceEvent &e) {
            if (e.component == QLatin1String("simulator") && m_travelSeq == 0)
                showState();
        });

    connect(m_copyKubeconfig, &QPushButton::clicked, this,
            [this] { QApplication::clipboard()->setText(m_access.kubeconfig); });
    connect(m_compact, &QPushButton::clicked, this, [this] {
        act(QStringLiteral("compact"), {}, [](const QJsonObject &a) {
            return tr("compacted the history at revision %1: older resourceVersions now get "
                      "410 Gone")
                .arg(num(a, "compactedRevision"));
        });
    });
    connect(m_relist, &QPushButton::clicked, this, [this] {
        act(QStringLiteral("expire-watches"), {}, [](const QJsonObject &a) {
            return tr("compacted at revision %1 and ended %n watch(es) with 410 Expired: each "
                      "informer relists",
                      nullptr, int(num(a, "expired")))
                .arg(num(a, "compactedRevision"));
        });
    });
    connect(m_drop, &QPushButton::clicked, this, [this] {
        act(QStringLiteral("drop-watches"), {}, [](const QJsonObject &a) {
            return tr("dropped %n watch(es) cleanly", nullptr, int(num(a, "dropped")));
        });
    });
    connect(m_dropMid, &QPushButton::clicked, this, [this] {
        act(QStringLiteral("drop-watches"), QUrlQuery(QStringLiteral("midEvent=true")),
            [](const QJsonObject &a) {
                return tr("dropped %n watch(es) in the middle of an event", nullptr,
                          int(num(a, "dropped")));
            });
    });
    connect(m_fail, &QPushButton::clicked, this, [this] {
        const int count = m_failCount->value();
        const int code = m_failStatus->value();
        const int retryAfter = m_failRetryAfter->value();
        act(QStringLiteral("fail"),
            QUrlQuery(QStringLiteral("count=%1&code=%2&retryAfter=%3")
                          .arg(count)
                          .arg(code)
                          .arg(retryAfter)),
            [count, code, retryAfter](const QJsonObject &) {
                return tr("the next %1 request(s) fail with HTTP %2 (Retry-After %3 s)")
                    .arg(count)
                    .arg(code)
                    .arg(retryAfter);
            });
    });
    connect(m_garbage, &QPushButton::clicked, this, [this] {
        act(QStringLiteral("garbage"), {}, [](const QJsonObject &a) {
            return tr("sent a line that is not JSON on %n open watch(es)", nullptr,
                      int(num(a, "watches")));
        });
    });
    connect(m_stall, &QPushButton::clicked, this, [this] {
        const int seconds = m_stallSeconds->value();
        act(QStringLiteral("stall"), QUrlQuery(QStringLiteral("seconds=%1").arg(seconds)),
            [seconds](const QJsonObject &a) {
                return tr("stalled %n watch(es) for %1 s", nullptr, int(num(a, "stalled")))
                    .arg(seconds);
            });
    });
    connect(m_tooLarge, &QPushButton::clicked, this, [this] {
        act(QStringLiteral("too-large"), QUrlQuery(QStringLiteral("count=1")),
            [](const QJsonObject &) {
                return tr("the next list or watch gets \"Too large resource version\"");
            });
    });
    connect(m_ignoreInitial, &QCheckBox::toggled, this, [this](bool on) {
        act(QStringLiteral("ignore-send-initial-events"),
            QUrlQuery(on ? QStringLiteral("enabled=true") : QStringLiteral("enabled=false")),
            [](const QJsonObject &a) {
                return a.value(QLatin1String("ignoreSendInitialEvents")).toBool()
                           ? tr("now ignoring sendInitialEvents, as a server before 1.27 does")
                           : tr("sendInitialEvents is honoured again");
            });
    });
    connect(m_bookmarkSeconds, &QSpinBox::editingFinished, this, [this] {
        act(QStringLiteral("bookmark-interval"),
            QUrlQuery(QStringLiteral("ms=%1").arg(m_bookmarkSeconds->value() * 1000)),
            [](const QJsonObject &a) {
                return tr("bookmarks every %1 s on watches that allow them")
                    .arg(num(a, "bookmarkIntervalMs") / 1000);
            });
    });
    connect(m_churn, &QCheckBox::toggled, this, [this](bool on) {
        act(QStringLiteral("churn"),
            QUrlQuery(QStringLiteral("intervalMs=%1").arg(on ? m_lastChurnMs : 0)),
            [](const QJsonObject &a) {
                const qint64 ms = num(a, "churnIntervalMs");
                return ms > 0 ? tr("churn on: one pod change every %1 ms").arg(ms)
                              : tr("churn off: the cluster holds still");
            });
    });

    m_poll->setInterval(m_access.pollMs);
    connect(m_poll, &QTimer::timeout, this, &SimulatorPanel::refreshState);
    retranslate();
}

void SimulatorPanel::act(const QString &control, const QUrlQuery &query,
                         std::function<QString(const QJsonObject &)> describe)
{
    if (m_client)
        m_client->post(control, query, std::move(describe));
}

void SimulatorPanel::refreshState()
{
    // Only while the tab is shown: a hidden tab's poll would journal a state row for every
    // change of the cluster (a churned pod a second) that nobody looks at.
    if (m_client && m_access.pollMs > 0 && isVisible() && !m_client->isBusy())
        m_client->fetchState();
}

void SimulatorPanel::fetchStateNow()
{
    if (m_client)
        m_client->fetchState();
}

void SimulatorPanel::showAt(quint64 seq)
{
    m_travelSeq = seq;
    showState();
}

QString SimulatorPanel::kubectlText() const
{
    return m_kubectl->text();
}

QString SimulatorPanel::stateText() const
{
    return m_state->text();
}

void SimulatorPanel::showState()
{
    if (m_journal)
        m_shown = SimulatorState::at(*m_journal, m_travelSeq);
    const SimulatorState &s = m_shown;
    if (!s.isValid()) {
        m_state->setText(m_client ? tr("Asking the simulated cluster for its state…")
                                  : tr("Not available: the window is watching an external API "
                                       "server."));
        return;
    }
    QString text = tr("revision %1 · %2 objects · %3 open watch(es) · history from revision %4 "
                      "(compacted up to %5)")
                       .arg(s.revision)
                       .arg(s.objectCount())
                       .arg(s.openWatches)
                       .arg(s.oldestRetainedRevision)
                       .arg(s.compactedRevision);
    text += QStringLiteral(" · ") + (s.churn ? tr("churn on") : tr("churn off"));
    if (s.pendingFailures > 0)
        text += QStringLiteral(" · ") +
                tr("next %1 request(s) fail with HTTP %2").arg(s.pendingFailures).arg(s.failCode);
    if (s.pendingTooLarge > 0)
        text += QStringLiteral(" · ") + tr("%1 \"Too large RV\" pending").arg(s.pendingTooLarge);
    if (s.stallRemainingS > 0)
        text += QStringLiteral(" · ") + tr("watches stalled for %1 s").arg(s.stallRemainingS);
    if (s.ignoreSendInitialEvents)
        text += QStringLiteral(" · ") + tr("no WatchList");
    m_state->setText(text);
    // The switches follow the server (a scenario or another client may have changed it).
    if (s.churnIntervalMs > 0)
        m_lastChurnMs = s.churnIntervalMs;
    {
        const QSignalBlocker b1(m_churn), b2(m_ignoreInitial);
        m_churn->setChecked(s.churn);
        m_ignoreInitial->setChecked(s.ignoreSendInitialEvents);
    }
    if (!m_bookmarkSeconds->hasFocus() && s.bookmarkIntervalMs > 0) {
        const QSignalBlocker b(m_bookmarkSeconds);
        m_bookmarkSeconds->setValue(qMax(1, s.bookmarkIntervalMs / 1000));
    }
}

void SimulatorPanel::retranslate()
{
    m_intro->setText(tr("Make the simulated cluster misbehave and watch the informer recover. "
                        "The panel is a client of its control API (/sim/v1/, see "
                        "docs/simulator.md); what it does and sees is journaled."));
    QString server = m_access.rest.server.toString(QUrl::RemovePort);
    if (m_access.rest.server.port() > 0)
        server +=
            QLatin1Char(':') + (m_access.hidePort ? QStringLiteral("PORT")
                                                  : QString::number(m_access.rest.server.port()));
    QString reach =
        m_access.rest.server.isValid()
            ? tr("kubectl reaches it at %1, or with the copied kubeconfig: kubectl --kubeconfig "
                 "FILE get pods -A")
                  .arg(server)
            : QString();
    // What the server said about where it listens (ApiServer::isLoopbackOnly()), not a guess.
    if (m_access.loopbackOnly.has_value())
        reach += QLatin1Char('\n') +
                 (*m_access.loopbackOnly
                      ? tr("It listens on loopback only: other machines cannot connect.")
                      : tr("Warning: it listens beyond loopback: other machines can connect "
                           "and use these controls."));
    m_kubectl->setText(reach);
    m_copyKubeconfig->setText(tr("Copy kubeconfig"));
    m_relist->setText(tr("Force relist (410)"));
    m_churn->setText(tr("Churn"));
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
        {m_copyKubeconfig, tr("Copy a kubeconfig for this cluster to the clipboard")},
        {m_relist, tr("Compact the history and end every watch with 410 Expired, so every informer "
                      "relists")},
        {m_churn, tr("Change one pod at a time in the background")},
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
    showState();
}

void SimulatorPanel::showEvent(QShowEvent *event)
{
    refreshState();
    if (m_client && m_access.pollMs > 0)
        m_poll->start();
    QWidget::showEvent(event);
}

void SimulatorPanel::hideEvent(QHideEvent *event)
{
    m_poll->stop();
    QWidget::hideEvent(event);
}

void SimulatorPanel::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QWidget::changeEvent(event);
}

} // namespace lens
