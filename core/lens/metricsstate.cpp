// SPDX-License-Identifier: Apache-2.0
#include "metricsstate.h"

#include "trace/traceevent.h"

#include <QCoreApplication>

#include <cmath>

namespace lens {

using metrics::ScrapeFigures;

const MetricsTargetState::Point *MetricsTargetState::windowStart(qint64 windowMs) const
{
    if (points.isEmpty())
        return nullptr;
    const qint64 from = points.last().t - windowMs;
    for (const Point &p : points)
        if (p.t >= from)
            return &p;
    return &points.last();
}

double MetricsTargetState::counterIncrease(double before, double after)
{
    if (!std::isfinite(before) || !std::isfinite(after) || after < 0)
        return 0;
    return after >= before ? after - before : after;
}

std::optional<double> MetricsTargetState::increase(
    qint64 windowMs, const std::function<std::optional<double>(const ScrapeFigures &)> &value) const
{
    const Point *start = windowStart(windowMs);
    if (!start)
        return std::nullopt;
    std::optional<double> previous;
    std::optional<double> total;
    for (const Point *p = start; p <= &points.last(); ++p) {
        const std::optional<double> v = value(p->figures);
        if (!v)
            continue;
        if (previous)
            total = total.value_or(0) + counterIncrease(*previous, *v);
        else
            total = 0.0;
        previous = v;
    }
    return total;
}

std::optional<double> MetricsTargetState::rate(
    qint64 windowMs, const std::function<std::optional<double>(const ScrapeFigures &)> &value) const
{
    const Point *start = windowStart(windowMs);
    if (!start || start == &points.last() || points.last().t <= start->t)
        return std::nullopt;
    const std::optional<double> inc = increase(windowMs, value);
    if (!inc)
        return std::nullopt;
    return *inc / (double(points.last().t - start->t) / 1000.0);
}

QList<std::pair<qint64, double>> MetricsTargetState::series(
    qint64 windowMs, const std::function<std::optional<double>(const ScrapeFigures &)> &value) const
{
    QList<std::pair<qint64, double>> out;
    const Point *start = windowStart(windowMs);
    if (!start)
        return out;
    for (const Point *p = start; p <= &points.last(); ++p)
        if (const std::optional<double> v = value(p->figures))
            out.append({p->t, *v});
    return out;
}

QString restartBetween(const ScrapeFigures &before, const ScrapeFigures &after)
{
    if (before.processStartTimeSeconds && after.processStartTimeSeconds &&
        *before.processStartTimeSeconds != *after.processStartTimeSeconds)
        return QCoreApplication::translate("lens::MetricsModel",
                                           "process_start_time_seconds changed from %1 to %2")
            .arg(*before.processStartTimeSeconds, 0, 'f', 0)
            .arg(*after.processStartTimeSeconds, 0, 'f', 0);
    auto fell = [](const char *family, const QString &series, std::optional<double> b,
                   std::optional<double> a) {
        return b && a && *a < *b ? QCoreApplication::translate("lens::MetricsModel",
                                                               "%1 of %2 fell from %3 to %4")
                                       .arg(QLatin1String(family), series)
                                       .arg(*b)
                                       .arg(*a)
                                 : QString();
    };
    for (const metrics::QueueFigures &q : after.queues) {
        const auto it = before.queues.constFind(q.name);
        if (it == before.queues.constEnd())
            continue;
        const QString series =
            QCoreApplication::translate("lens::MetricsModel", "workqueue \"%1\"").arg(q.name);
        for (const QString &s : {fell("workqueue_adds_total", series, it->adds, q.adds),
                                 fell("workqueue_retries_total", series, it->retries, q.retries),
                                 fell("workqueue_queue_duration_seconds_count", series,
                                      it->queueDuration.count, q.queueDuration.count)})
            if (!s.isEmpty())
                return s;
    }
    for (const metrics::ControllerFigures &c : after.controllers) {
        const auto it = before.controllers.constFind(c.name);
        if (it == before.controllers.constEnd())
            continue;
        const QString series =
            QCoreApplication::translate("lens::MetricsModel", "controller \"%1\"").arg(c.name);
        for (auto r = c.reconcileByResult.cbegin(); r != c.reconcileByResult.cend(); ++r) {
            const QString s = fell("controller_runtime_reconcile_total",
                                   QCoreApplication::translate("lens::MetricsModel", "%1 result %2")
                                       .arg(series, r.key()),
                                   it->reconcileByResult.value(r.key()), r.value());
            if (!s.isEmpty() && it->reconcileByResult.contains(r.key()))
                return s;
        }
        if (const QString s =
                fell("controller_runtime_reconcile_errors_total", series, it->errors, c.errors);
            !s.isEmpty())
            return s;
    }
    return {};
}

bool MetricsStates::folds(const TraceEvent &e)
{
    return e.kind == TraceKind::MetricsScraped || e.kind == TraceKind::ReconcileFinished ||
           WorkqueueStates::isQueueKind(e.kind);
}

void MetricsStates::clear()
{
    *this = MetricsStates();
}

const MetricsTargetState *MetricsStates::target(const QString &name) const
{
    const auto it = m_targets.constFind(name);
    return it == m_targets.constEnd() ? nullptr : &*it;
}

const WorkqueueState *MetricsStates::journalQueue(const QString &name) const
{
    const auto it = m_queues.constFind(name);
    return it == m_queues.constEnd() ? nullptr : &*it;
}

void MetricsStates::apply(const TraceEvent &e)
{
    m_lastMs = std::max(m_lastMs, e.t);
    if (e.kind == TraceKind::MetricsScraped) {
        applyScrape(e);
        return;
    }
    if (e.kind == TraceKind::ReconcileFinished) {
        const QString result = e.detail.value(QLatin1String("result")).toString();
        if (!result.isEmpty())
            m_reconciles[e.detail.value(QLatin1String("controller")).toString()][result] += 1;
        return;
    }
    const QString queue = e.detail.value(QLatin1String("queue")).toString();
    if (queue.isEmpty())
        return;
    WorkqueueState &q = m_queues[queue];
    q.name = queue;
    q.apply(e);
}

void MetricsStates::applyScrape(const TraceEvent &e)
{
    if (!m_targets.contains(e.key))
        m_order << e.key;
    MetricsTargetState &t = m_targets[e.key];
    t.target = e.key;
    t.path = e.detail.value(QLatin1String("path")).toString();
    if (t.path.isEmpty())
        t.path = e.detail.value(QLatin1String("url")).toString();
    ++t.scrapes;
    t.lastMs = e.t;
    t.lastCode = int(e.detail.value(QLatin1String("code")).toInteger());
    t.lastLatencyMs = e.detail.value(QLatin1String("latencyMs")).toInteger();
    t.lastFailure = e.detail.value(QLatin1String("failure")).toString();
    t.lastError = e.detail.value(QLatin1String("error")).toString();
    t.lastOk = t.lastFailure.isEmpty();
    auto notice = [&t, &e](MetricsTargetState::Notice::Kind kind, const QString &what) {
        t.notices.append({e.t, e.seq, what, kind});
        if (t.notices.size() > 200)
            t.notices.removeFirst();
    };
    if (!t.lastOk) {
        ++t.failures;
        return;
    }
    MetricsTargetState::Point p;
    p.t = e.t;
    p.seq = e.seq;
    p.figures = ScrapeFigures::fromJson(e.detail.value(QLatin1String("figures")).toObject());
    for (const QString &q : p.figures.queues.keys())
        if (const auto it = m_queues.constFind(q); it != m_queues.constEnd())
            p.journalQueues.insert(q, it->metrics);
    for (const QString &c : p.figures.controllers.keys())
        if (const auto it = m_reconciles.constFind(c); it != m_reconciles.constEnd())
            p.journalReconciles.insert(c, *it);
    if (const MetricsTargetState::Point *last = t.latest()) {
        if (const QString why = restartBetween(last->figures, p.figures); !why.isEmpty())
            notice(MetricsTargetState::Notice::Restart, why);
        for (auto it = p.figures.types.cbegin(); it != p.figures.types.cend(); ++it) {
            const QString was = last->figures.types.value(it.key());
            if (!was.isEmpty() && was != it.value())
                notice(MetricsTargetState::Notice::TypeChanged,
                       QCoreApplication::translate("lens::MetricsModel",
                                                   "%1 changed type from %2 to %3")
                           .arg(it.key(), was, it.value()));
        }
    }
    for (const QString &w : std::as_const(p.figures.warnings))
        if (t.notices.isEmpty() || t.notices.last().what != w)
            notice(MetricsTargetState::Notice::Warning, w);
    t.points.append(std::move(p));
    if (t.points.size() > MetricsTargetState::kMaxPoints)
        t.points.removeFirst();
}

} // namespace lens
