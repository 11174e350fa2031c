// SPDX-License-Identifier: Apache-2.0
// The fault-convergence property test (issue 17, item 1; docs/convergence.md): each row is one
// seed, which draws an informer (DeltaFIFO or RealFIFO, LIST+WATCH or WatchList, with or
// without a label selector, three listeners: one fast, one slow, one with its own resync) and a
// random schedule of writes and faults against the built-in cluster over real HTTP. After the
// faults stop and the informer settles, the indexer and every listener's view equal the
// server's state, no listener saw an inconsistent notification, HasSynced never went back to
// false, and every backoff was honoured (no relist hot loop).
//
// By default seeds 1-200 and the regression seeds run. CONVERGENCE_SEEDS picks others:
// "7", "1-10000" or "3,17,400-500" (then the regression rows are left out).
#include "convergence.h"

#include <QElapsedTimer>
#include <QTest>

using namespace lens;
using lens::test::ConvergenceRun;

namespace {
/// Seeds that once failed, each with what it found: run besides seeds 1-200, so that the
/// schedule that found a bug keeps running even if the default range changes
/// (docs/convergence.md). Seed 2 found the harness's own mistake (a WatchList informer without a
/// bookmark timeout against a server that ignores sendInitialEvents waits, as client-go does).
struct Regression {
    quint32 seed;
    const char *what;
};
const QList<Regression> kRegressions{
    {2, "WatchList without a bookmark timeout is never served by a pre-1.27 server"},
    // A WatchList stream the client let go because it fell behind the initial events was
    // streamed again from the start, fell behind again, forever and without backoff; it now
    // falls back to LIST+WATCH (Reflector::onWatchListEnded). Seeds 3, 50, 60, ... in 1-200.
    {216, "WatchList that fell behind its initial events restarted forever"},
    {234, "WatchList that fell behind its initial events restarted forever"},
    // A watch or list page sent as the server went down got neither an answer nor an error;
    // HttpListerWatcher now gives up a silent request on the informer's clock (tst_silence).
    // Each failed in some runs only (how far the informer got when the server stopped).
    {35, "request sent as the server went down was never answered"},
    {62, "request sent as the server went down was never answered"},
    {63, "request sent as the server went down was never answered"},
};

QList<quint32> seedsFromEnvironment(bool *fromEnv)
{
    const QString spec = qEnvironmentVariable("CONVERGENCE_SEEDS");
    *fromEnv = !spec.isEmpty();
    QList<quint32> seeds;
    if (spec.isEmpty()) {
        for (quint32 s = 1; s <= 200; ++s)
            seeds << s;
        return seeds;
    }
    for (const QString &part : spec.split(QLatin1Char(','), Qt::SkipEmptyParts)) {
        const QStringList range = part.trimmed().split(QLatin1Char('-'));
        const quint32 from = range.value(0).toUInt();
        const quint32 to = range.size() > 1 ? range.value(1).toUInt() : from;
        for (quint32 s = from; s <= to && s >= from; ++s)
            seeds << s;
    }
    return seeds;
}
} // namespace

class tst_Convergence : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void cleanupTestCase();
    void converges_data();
    void converges();

private:
    QElapsedTimer m_elapsed;
    int m_seeds = 0;
    qint64 m_faults = 0;
    qint64 m_writes = 0;
    qint64 m_lists = 0;
    QMap<QString, int> m_paths; ///< the reflector's paths over every seed (coverage)
};

void tst_Convergence::initTestCase()
{
    m_elapsed.start();
}

void tst_Convergence::cleanupTestCase()
{
    const double s = double(m_elapsed.elapsed()) / 1000.0;
    qInfo("convergence: %d seeds in %.1f s (%.2f seeds/s); %lld faults, %lld writes, %lld lists",
          m_seeds, s, s > 0 ? m_seeds / s : 0.0, m_faults, m_writes, m_lists);
    QStringList paths;
    for (auto it = m_paths.cbegin(); it != m_paths.cend(); ++it)
        paths << QStringLiteral("%1: %2").arg(it.key()).arg(it.value());
    qInfo("reflector paths taken:\n  %s", qPrintable(paths.join(QStringLiteral("\n  "))));
}

void tst_Convergence::converges_data()
{
    QTest::addColumn<quint32>("seed");
    bool fromEnv = false;
    for (const quint32 seed : seedsFromEnvironment(&fromEnv))
        QTest::addRow("seed %u", seed) << seed;
    if (!fromEnv)
        for (const Regression &r : kRegressions)
            QTest::addRow("regression seed %u (%s)", r.seed, r.what) << r.seed;
}

void tst_Convergence::converges()
{
    QFETCH(quint32, seed);
    ConvergenceRun run(seed);
    const QString failure = run.run();
    ++m_seeds;
    m_faults += run.faults();
    m_writes += run.writes();
    m_lists += run.lists();
    const QMap<QString, int> paths = run.paths();
    for (auto it = paths.cbegin(); it != paths.cend(); ++it)
        m_paths[it.key()] += it.value();
    if (!failure.isEmpty()) {
        const QString replay =
            QStringLiteral("replay: CONVERGENCE_SEEDS=%1 QT_QPA_PLATFORM=offscreen %2")
                .arg(seed)
                .arg(QCoreApplication::applicationFilePath());
        QFAIL(qPrintable(failure + QLatin1Char('\n') + replay));
    }
}

QTEST_GUILESS_MAIN(tst_Convergence)
#include "tst_convergence.moc"
