// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QAbstractItemView>
#include <QAbstractProxyModel>
#include <QApplication>
#include <QElapsedTimer>
#include <QHash>
#include <QMetaEnum>
#include <QThread>

#include <algorithm>
#include <cstdio>
#include <vector>

namespace lens::bench {

/// A QApplication that times every event-loop turn (each top-level event delivery, as
/// QCoreApplication::notify() sees it) and names what ran in the long ones, so a benchmark can
/// print its "top stall causes" instead of only a latency percentile.
///
/// A turn is named after its receiver and event ("QTimer<-EventBatcher<-JournalModel Timer",
/// "QNetworkReplyHttpImpl MetaCall", …); a turn that painted widgets (UpdateRequest) is named
/// after the widgets that took longest to paint, item views by their (source) model's class.
/// Times are milliseconds of wall clock. Only turns at or above `thresholdMs` are kept, while
/// recording is on. Other threads' events are not timed.
class TurnProfiler : public QApplication {
public:
    using QApplication::QApplication;

    void setRecording(bool on)
    {
        m_recording = on;
        m_clock.start();
    }
    void setThresholdMs(double ms) { m_thresholdMs = ms; }
    double thresholdMs() const { return m_thresholdMs; }

    bool notify(QObject *receiver, QEvent *event) override
    {
        if (!m_recording || QThread::currentThread() != thread()) // the UI thread only
            return QApplication::notify(receiver, event);
        const bool top = m_depth == 0;
        const bool paint = !top && event->type() == QEvent::Paint && receiver->isWidgetType();
        if (!top && !paint)
            return QApplication::notify(receiver, event);
        // The receiver may be gone when notify() returns (a deleteLater, a reply that finished):
        // its name is taken now, from class names that live as long as the program.
        const char *names[8] = {};
        int n = 0;
        if (top) {
            names[n++] = receiver->metaObject()->className();
            for (const QObject *o = receiver->parent(); o && !receiver->isWidgetType() && n < 8;
                 o = o->parent())
                names[n++] = o->metaObject()->className();
        }
        const QEvent::Type type = event->type();
        const qint64 startNs = m_clock.nsecsElapsed();
        ++m_depth;
        const bool r = QApplication::notify(receiver, event);
        --m_depth;
        const double ms = double(m_clock.nsecsElapsed() - startNs) / 1e6;
        if (paint) {
            m_paints[widgetName(receiver)] += ms;
            return r;
        }
        m_recent[m_recentNext++ % m_recent.size()] = Turn{startNs, ms, names[0], type};
        if (ms >= m_thresholdMs) {
            Cause &c = m_causes[turnName(names, n, type)];
            ++c.count;
            c.totalMs += ms;
            c.maxMs = std::max(c.maxMs, ms);
        }
        m_paints.clear();
        return r;
    }

    /// A probe timer fired `lateMs` late: notes which UI-thread turns ran since it was due
    /// (their names and milliseconds, the rest being event-loop overhead or the thread waiting
    /// for a core), so that a late probe made of several medium turns can be told apart from
    /// one long turn. Kept for the `n` latest probes in print().
    void noteLateProbe(double lateMs)
    {
        const qint64 now = m_clock.nsecsElapsed();
        const qint64 since = now - qint64(lateMs * 1e6);
        std::vector<const Turn *> turns;
        for (const Turn &t : m_recent)
            if (t.name && t.startNs + qint64(t.ms * 1e6) > since)
                turns.push_back(&t);
        std::sort(turns.begin(), turns.end(),
                  [](const Turn *a, const Turn *b) { return a->startNs < b->startNs; });
        double busy = 0;
        QString parts;
        for (const Turn *t : turns) {
            busy += t->ms;
            if (t->ms >= 2)
                parts += QStringLiteral(" %1/%2 %3")
                             .arg(QString::fromLatin1(t->name),
                                  QString::fromLatin1(
                                      QMetaEnum::fromType<QEvent::Type>().valueToKey(t->type)))
                             .arg(t->ms, 0, 'f', 1);
        }
        m_lateProbes.push_back(QStringLiteral("late_probe %1 ms: %2 turns, %3 ms in them:%4")
                                   .arg(lateMs, 0, 'f', 1)
                                   .arg(turns.size())
                                   .arg(busy, 0, 'f', 1)
                                   .arg(parts));
    }

    /// Prints the `n` causes with the most time in long turns, one per line:
    /// `stall_cause <count> turns, max <ms>, total <ms>: <name>`.
    void print(int n) const
    {
        std::vector<std::pair<QString, Cause>> v(m_causes.keyValueBegin(), m_causes.keyValueEnd());
        std::sort(v.begin(), v.end(),
                  [](const auto &a, const auto &b) { return a.second.totalMs > b.second.totalMs; });
        std::printf("stall_causes_threshold_ms %.0f\n", m_thresholdMs);
        for (int i = 0; i < std::min<int>(n, int(v.size())); ++i)
            std::printf("stall_cause %d turns, max %.1f ms, total %.0f ms: %s\n",
                        v[size_t(i)].second.count, v[size_t(i)].second.maxMs,
                        v[size_t(i)].second.totalMs, qPrintable(v[size_t(i)].first));
        for (size_t i = m_lateProbes.size() > size_t(n) ? m_lateProbes.size() - size_t(n) : 0;
             i < m_lateProbes.size(); ++i)
            std::printf("%s\n", qPrintable(m_lateProbes[i]));
    }

private:
    struct Turn {
        qint64 startNs = 0;
        double ms = 0;
        const char *name = nullptr; ///< the receiver's class
        QEvent::Type type = QEvent::None;
    };
    struct Cause {
        int count = 0;
        double maxMs = 0;
        double totalMs = 0;
    };

    static QString className(const QObject *o)
    {
        return QString::fromLatin1(o->metaObject()->className());
    }

    /// An item view's viewport is named after the view's model (through proxies).
    static QString widgetName(const QObject *w)
    {
        const QObject *view = w->parent();
        if (const auto *iv = qobject_cast<const QAbstractItemView *>(view); iv && iv->model()) {
            const QAbstractItemModel *m = iv->model();
            while (const auto *proxy = qobject_cast<const QAbstractProxyModel *>(m))
                m = proxy->sourceModel() ? proxy->sourceModel() : m;
            return className(view) + QLatin1Char('(') + className(m) + QLatin1Char(')');
        }
        return className(w);
    }

    /// `names`: the receiver's class, then its parents' (n of them), taken before dispatch.
    QString turnName(const char *const *names, int n, QEvent::Type type) const
    {
        QString name = QString::fromLatin1(names[0]);
        for (int i = 1; i < n && name.size() < 80; ++i)
            name += QStringLiteral("<-") + QString::fromLatin1(names[i]);
        name += QLatin1Char(' ') +
                QString::fromLatin1(QMetaEnum::fromType<QEvent::Type>().valueToKey(type));
        if (m_paints.isEmpty())
            return name;
        std::vector<std::pair<QString, double>> v(m_paints.keyValueBegin(), m_paints.keyValueEnd());
        std::sort(v.begin(), v.end(),
                  [](const auto &a, const auto &b) { return a.second > b.second; });
        name += QStringLiteral(" painting");
        for (size_t i = 0; i < std::min<size_t>(3, v.size()); ++i)
            name += QLatin1Char(' ') + v[i].first +
                    (v[i].second >= 5 ? QStringLiteral(" (%1 ms)").arg(v[i].second, 0, 'f', 0)
                                      : QString());
        return name;
    }

    bool m_recording = false;
    double m_thresholdMs = 20;
    int m_depth = 0;
    QHash<QString, double> m_paints; ///< widget → ms painted in the current turn
    QHash<QString, Cause> m_causes;
    QElapsedTimer m_clock;
    std::vector<Turn> m_recent = std::vector<Turn>(8192); ///< the latest top-level turns, a ring
    size_t m_recentNext = 0;
    std::vector<QString> m_lateProbes;
};

} // namespace lens::bench
