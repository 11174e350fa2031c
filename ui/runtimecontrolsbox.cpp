// SPDX-License-Identifier: Apache-2.0
#include "runtimecontrolsbox.h"

#include <QCheckBox>
#include <QEvent>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QJsonArray>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSignalBlocker>
#include <QSpinBox>

namespace lens {

namespace {

QSpinBox *numberBox(QWidget *parent, const char *name, int min, int max, int step)
{
    auto *b = new QSpinBox(parent);
    b->setObjectName(QLatin1String(name));
    b->setRange(min, max);
    b->setSingleStep(step);
    b->setKeyboardTracking(false);
    return b;
}

} // namespace

RuntimeControlsBox::RuntimeControlsBox(RuntimeControls controls, QWidget *parent)
    : QFrame(parent), m_controls(std::move(controls))
{
    setObjectName(QStringLiteral("runtimeControls"));
    setFrameShape(QFrame::StyledPanel);
    auto *g = new QGridLayout(this);
    g->setContentsMargins(6, 2, 6, 2);
    g->setVerticalSpacing(2);
    m_title = new QLabel(this);
    QFont bold = m_title->font();
    bold.setBold(true);
    m_title->setFont(bold);
    m_state = new QLabel(this);
    m_state->setObjectName(QStringLiteral("runtimeState"));
    m_state->setWordWrap(true);
    g->addWidget(m_title, 0, 0);
    g->addWidget(m_state, 0, 1, 1, 3);

    // A number is applied when its field is left or Enter is pressed (valueChanged without
    // keyboard tracking: the arrows apply at once too).
    auto number = [this](QSpinBox *b, const char *key) {
        connect(b, &QSpinBox::valueChanged, this, [this, key](int v) {
            apply({{QLatin1String(key), v}});
        });
    };
    m_latencyLabel = new QLabel(this);
    m_latency = numberBox(this, "runtimeLatency", 0, 3600000, 100);
    m_latency->setSuffix(QStringLiteral(" ms"));
    number(m_latency, "reconcileLatencyMs");
    m_requeueLabel = new QLabel(this);
    m_requeueAfter = numberBox(this, "runtimeRequeueAfter", 0, 3600000, 100);
    m_requeueAfter->setSuffix(QStringLiteral(" ms"));
    number(m_requeueAfter, "requeueAfterMs");
    g->addWidget(m_latencyLabel, 1, 0);
    g->addWidget(m_latency, 1, 1);
    g->addWidget(m_requeueLabel, 1, 2);
    g->addWidget(m_requeueAfter, 1, 3);

    m_failLabel = new QLabel(this);
    m_failEvery = numberBox(this, "runtimeFailEvery", 0, 1000000, 1);
    number(m_failEvery, "failEvery");
    m_workersLabel = new QLabel(this);
    m_workers = numberBox(this, "runtimeWorkers", 1, 64, 1);
    number(m_workers, "maxConcurrentReconciles");
    g->addWidget(m_failLabel, 2, 0);
    g->addWidget(m_failEvery, 2, 1);
    g->addWidget(m_workersLabel, 2, 2);
    g->addWidget(m_workers, 2, 3);

    m_terminalLabel = new QLabel(this);
    m_terminal = new QLineEdit(this);
    m_terminal->setObjectName(QStringLiteral("runtimeTerminal"));
    m_terminal->setClearButtonEnabled(true);
    connect(m_terminal, &QLineEdit::editingFinished, this, [this] {
        if (m_controls.settings &&
            m_terminal->text() == m_controls.settings().value(QLatin1String("terminalPattern")))
            return;
        apply({{QLatin1String("terminalPattern"), m_terminal->text()}});
    });
    m_priorityQueue = new QCheckBox(this);
    m_priorityQueue->setObjectName(QStringLiteral("runtimePriorityQueue"));
    connect(m_priorityQueue, &QCheckBox::toggled, this, [this](bool on) {
        apply({{QLatin1String("usePriorityQueue"), on}});
    });
    g->addWidget(m_terminalLabel, 3, 0);
    g->addWidget(m_terminal, 3, 1);
    g->addWidget(m_priorityQueue, 3, 2, 1, 2);

    m_keyLabel = new QLabel(this);
    m_key = new QLineEdit(this);
    m_key->setObjectName(QStringLiteral("runtimeKey"));
    m_key->setPlaceholderText(QStringLiteral("default/sample-1"));
    connect(m_key, &QLineEdit::textChanged, this, &RuntimeControlsBox::refresh);
    m_hang = new QPushButton(this);
    m_hang->setObjectName(QStringLiteral("runtimeHang"));
    connect(m_hang, &QPushButton::clicked, this,
            [this] { setKeyIn(QStringLiteral("hang"), true); });
    m_release = new QPushButton(this);
    m_release->setObjectName(QStringLiteral("runtimeRelease"));
    connect(m_release, &QPushButton::clicked, this,
            [this] { setKeyIn(QStringLiteral("hang"), false); });
    m_panic = new QPushButton(this);
    m_panic->setObjectName(QStringLiteral("runtimePanic"));
    connect(m_panic, &QPushButton::clicked, this, [this] {
        setKeyIn(QStringLiteral("panic"),
                 !listOf(QStringLiteral("panic")).contains(m_key->text().trimmed()));
    });
    auto *buttons = new QHBoxLayout;
    buttons->setSpacing(4);
    buttons->addWidget(m_hang);
    buttons->addWidget(m_release);
    buttons->addWidget(m_panic);
    buttons->addStretch(1);
    g->addWidget(m_keyLabel, 4, 0);
    g->addWidget(m_key, 4, 1);
    g->addLayout(buttons, 4, 2, 1, 2);
    g->setColumnStretch(1, 1);
    g->setColumnStretch(3, 1);
    retranslate();
}

QStringList RuntimeControlsBox::listOf(const QString &list) const
{
    QStringList out;
    if (m_controls.settings)
        for (const QJsonValue &v : m_controls.settings().value(list).toArray())
            out << v.toString();
    return out;
}

void RuntimeControlsBox::setKeyIn(const QString &list, bool on)
{
    const QString key = m_key->text().trimmed();
    if (key.isEmpty())
        return;
    QStringList keys = listOf(list);
    if (on == keys.contains(key))
        return;
    if (on)
        keys << key;
    else
        keys.removeAll(key);
    apply({{list, QJsonArray::fromStringList(keys)}});
}

void RuntimeControlsBox::apply(const QJsonObject &changes)
{
    m_refusal = m_controls.apply ? m_controls.apply(changes) : QString();
    refresh();
}

void RuntimeControlsBox::refresh()
{
    const QJsonObject s = m_controls.settings ? m_controls.settings() : QJsonObject();
    auto show = [](QSpinBox *b, const QJsonValue &v) {
        if (b->hasFocus() || v.isUndefined() || b->value() == v.toInt())
            return;
        const QSignalBlocker quiet(b);
        b->setValue(v.toInt());
    };
    show(m_latency, s.value(QLatin1String("reconcileLatencyMs")));
    show(m_requeueAfter, s.value(QLatin1String("requeueAfterMs")));
    show(m_failEvery, s.value(QLatin1String("failEvery")));
    show(m_workers, s.value(QLatin1String("maxConcurrentReconciles")));
    if (!m_terminal->hasFocus())
        m_terminal->setText(s.value(QLatin1String("terminalPattern")).toString());
    {
        const QSignalBlocker quiet(m_priorityQueue);
        m_priorityQueue->setChecked(s.value(QLatin1String("usePriorityQueue")).toBool(true));
    }
    const QString key = m_key->text().trimmed();
    const QStringList hang = listOf(QStringLiteral("hang"));
    const QStringList panic = listOf(QStringLiteral("panic"));
    m_hang->setEnabled(!key.isEmpty() && !hang.contains(key));
    m_release->setEnabled(!key.isEmpty() && hang.contains(key));
    m_panic->setEnabled(!key.isEmpty());
    m_panic->setText(panic.contains(key) && !key.isEmpty() ? tr("Stop panicking") : tr("Panic"));

    QStringList bits;
    if (!m_refusal.isEmpty()) {
        bits << tr("refused: %1").arg(m_refusal);
    } else if (m_controls.state) {
        const QJsonObject st = m_controls.state();
        const int workers = st.value(QLatin1String("workers")).toInt();
        bits << (st.value(QLatin1String("started")).toBool()
                     ? tr("started, %n worker(s)", nullptr, workers)
                     : tr("waiting for the caches to sync"));
        bits << (st.value(QLatin1String("priorityQueue")).toBool() ? tr("priority queue")
                                                                   : tr("client-go queue"));
        bits << tr("%n reconcile(s) begun", nullptr, st.value(QLatin1String("reconciles")).toInt());
        QStringList hanging;
        for (const QJsonValue &v : st.value(QLatin1String("hanging")).toArray())
            hanging << v.toString();
        if (!hanging.isEmpty())
            bits << tr("hanging: %1").arg(hanging.join(QStringLiteral(", ")));
    }
    if (!panic.isEmpty())
        bits << tr("panicking: %1").arg(panic.join(QStringLiteral(", ")));
    m_state->setText(bits.join(QStringLiteral(" \u00B7 ")));
}

QString RuntimeControlsBox::stateText() const
{
    return m_state->text();
}

void RuntimeControlsBox::changeEvent(QEvent *e)
{
    if (e->type() == QEvent::LanguageChange)
        retranslate();
    QFrame::changeEvent(e);
}

void RuntimeControlsBox::retranslate()
{
    m_title->setText(tr("Sample controller"));
    m_latencyLabel->setText(tr("Reconcile takes"));
    m_latency->setToolTip(tr("Clock time each reconcile takes (its writes are sent at the start)"));
    m_requeueLabel->setText(tr("RequeueAfter"));
    m_requeueAfter->setSpecialValueText(tr("none"));
    m_requeueAfter->setToolTip(
        tr("Result{RequeueAfter} of every successful reconcile; none = Result{}"));
    m_failLabel->setText(tr("Fail every"));
    m_failEvery->setSpecialValueText(tr("never"));
    m_failEvery->setToolTip(tr("Every Nth reconcile (counted over all keys) returns an error: the "
                               "key is requeued rate-limited"));
    m_workersLabel->setText(tr("Workers"));
    m_workers->setToolTip(tr("MaxConcurrentReconciles: changing it rebuilds the controller (a "
                             "new queue, every parent listed again at priority -100)"));
    m_priorityQueue->setText(tr("UsePriorityQueue"));
    m_priorityQueue->setToolTip(tr("The priority queue, or client-go's workqueue when off: "
                                   "changing it rebuilds the controller"));
    m_terminalLabel->setText(tr("TerminalError for"));
    m_terminal->setPlaceholderText(tr("regex"));
    m_terminal->setToolTip(tr("Keys (ns/name) matching this regular expression return "
                              "reconcile.TerminalError: no requeue"));
    m_keyLabel->setText(tr("Key"));
    m_key->setToolTip(tr("The key (ns/name) the buttons act on"));
    m_hang->setText(tr("Hang"));
    m_hang->setToolTip(tr("Its reconciles never return and hold their worker until released"));
    m_release->setText(tr("Release"));
    m_release->setToolTip(tr("Its open reconcile returns now"));
    m_panic->setToolTip(tr("Its reconciles panic (recovered by the controller: RecoverPanic, "
                           "requeued rate-limited)"));
    refresh();
}

} // namespace lens
