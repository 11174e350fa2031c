// SPDX-License-Identifier: Apache-2.0
// The main window over a real session: the built-in simulated API server, the HTTP
// ListerWatcher and a SharedIndexInformer. Waits for sync and checks the rows of every view
// against the informer's own state.
#include "informer/keys.h"
#include "lens/handlersmodel.h"
#include "lens/indexermodel.h"
#include "lens/keyhistorymodel.h"
#include "lens/namespaceindexmodel.h"
#include "lens/queuemodel.h"
#include "lens/timelinemodel.h"
#include "livewindow.h"
#include "mainwindow.h"
#include "screenshot.h"
#include "session/session.h"
#include "sim/churn.h"

#include <QImage>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>

using namespace lens;

class tst_WindowLive : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void cleanupTestCase();
    void indexerViewShowsTheCache();
    void namespaceIndexMatchesIndexer();
    void pausedPumpShowsQueueInOrder();
    void selectingAKeyShowsItsHistory();
    void timelineShowsListAndWatch();
    void screenshotHasTheWindowSize();
    void addSlowHandlerFromTheWindow();

private:
    QStringList indexerKeysInView() const
    {
        QStringList keys;
        const QAbstractItemModel *m = m_window->indexerModel();
        for (int r = 0; r < m->rowCount(); ++r)
            keys << m->index(r, 0).data(IndexerModel::KeyRole).toString();
        keys.sort();
        return keys;
    }
    QStringList informerKeys() const
    {
        QStringList keys = m_session->informer()->indexer().listKeys();
        keys.sort();
        return keys;
    }
    QStringList queueKeysInView() const
    {
        QStringList keys;
        const QAbstractItemModel *m = m_window->queueModel();
        for (int r = 0; r < m->rowCount(); ++r)
            keys << m->index(r, 0).data(QueueModel::KeyRole).toString();
        return keys;
    }

    std::unique_ptr<Session> m_session;
    std::unique_ptr<MainWindow> m_window;
};

void tst_WindowLive::initTestCase()
{
    QString err;
    QVERIFY2(test::startLiveWindow(&m_session, &m_window, &err), qPrintable(err));
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
    QTRY_VERIFY_WITH_TIMEOUT(m_session->informer()->hasSynced(), 10000);
}

void tst_WindowLive::cleanupTestCase()
{
    m_window.reset();
    m_session.reset();
}

void tst_WindowLive::indexerViewShowsTheCache()
{
    QVERIFY(!informerKeys().isEmpty());
    QTRY_COMPARE_WITH_TIMEOUT(indexerKeysInView(), informerKeys(), 5000);
    QVERIFY(m_window->windowTitle().contains(QStringLiteral("built-in simulated cluster")));
}

void tst_WindowLive::namespaceIndexMatchesIndexer()
{
    const Indexer &ix = m_session->informer()->indexer();
    QTRY_COMPARE_WITH_TIMEOUT(m_window->namespaceModel()->valuesOf(namespaceIndexName()),
                              ix.listIndexFuncValues(namespaceIndexName()), 5000);
    for (const QString &ns : ix.listIndexFuncValues(namespaceIndexName())) {
        QStringList inView = m_window->namespaceModel()->keysFor(namespaceIndexName(), ns);
        inView.sort();
        QCOMPARE(inView, ix.indexKeys(namespaceIndexName(), ns));
    }
}

void tst_WindowLive::pausedPumpShowsQueueInOrder()
{
    m_window->pauseAction()->trigger();
    QCOMPARE(m_session->informer()->controller()->mode(), Controller::Mode::Paused);
    for (int i = 0; i < 8; ++i)
        m_session->churn()->step();
    QTRY_VERIFY_WITH_TIMEOUT(m_session->informer()->queue()->size() >= 5, 5000);
    QTRY_COMPARE_WITH_TIMEOUT(queueKeysInView(), m_session->informer()->queue()->listKeys(), 5000);
    // Step pops exactly the head key.
    const QString head = queueKeysInView().constFirst();
    m_window->stepAction()->trigger();
    QTRY_VERIFY_WITH_TIMEOUT(!queueKeysInView().contains(head), 5000);
    QCOMPARE(queueKeysInView(), m_session->informer()->queue()->listKeys());
    m_window->runAction()->trigger();
    QTRY_COMPARE_WITH_TIMEOUT(m_window->queueModel()->rowCount(), 0, 5000);
    QTRY_COMPARE_WITH_TIMEOUT(indexerKeysInView(), informerKeys(), 5000);
}

void tst_WindowLive::selectingAKeyShowsItsHistory()
{
    const QString key = informerKeys().constFirst();
    m_window->selectKey(key);
    QCOMPARE(m_window->keyHistoryModel()->key(), key);
    // at least: queued by the list, popped, added to the indexer, handler notified
    QTRY_VERIFY_WITH_TIMEOUT(m_window->keyHistoryModel()->rowCount() >= 4, 5000);
}

void tst_WindowLive::timelineShowsListAndWatch()
{
    const TimelineModel *t = m_window->timelineModel();
    QTRY_VERIFY_WITH_TIMEOUT(!t->spans().empty(), 5000);
    bool list = false, watch = false;
    for (const auto &s : t->spans()) {
        list = list || s.lane == TimelineModel::Span::Lane::List;
        watch = watch || s.lane == TimelineModel::Span::Lane::Watch;
    }
    QVERIFY(list);
    QVERIFY(watch);
}

void tst_WindowLive::screenshotHasTheWindowSize()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("live.png"));
    QString err;
    QVERIFY2(grabWindowToPng(m_window.get(), path, &err), qPrintable(err));
    const QImage img(path);
    QCOMPARE(img.size(), m_window->size() * m_window->devicePixelRatio());
}

// FS-16: a handler added from the window with its own resync period and a processing time per
// notification: it gets a synthetic add (isInInitialList) for every cached object, and its
// backlog and latency show in the handlers view.
void tst_WindowLive::addSlowHandlerFromTheWindow()
{
    QString err;
    QVERIFY2(m_window->addHandler(QStringLiteral("slow-handler"), 5000, 20, &err), qPrintable(err));
    QVERIFY(!m_window->addHandler(QStringLiteral("slow-handler"), 0, 0, &err));
    QVERIFY(err.contains(QLatin1String("exists already")));
    const qint64 objects = m_session->informer()->indexer().listKeys().size();
    QVERIFY(objects > 1);
    HandlersModel *h = m_window->handlersModel();
    QTRY_VERIFY_WITH_TIMEOUT(
        h->rowOfHandler(QStringLiteral("slow-handler")) >= 0 &&
            h->statsAt(h->rowOfHandler(QStringLiteral("slow-handler"))).delivered >= objects,
        10000);
    const auto s = h->statsAt(h->rowOfHandler(QStringLiteral("slow-handler")));
    QVERIFY2(s.maxBacklog > 0, "the synthetic adds queued behind a slow handler");
    QVERIFY2(s.latencyMaxMs >= 20, qPrintable(QString::number(s.latencyMaxMs)));
    const QString tip = h->index(h->rowOfHandler(QStringLiteral("slow-handler")), 0)
                            .data(Qt::ToolTipRole)
                            .toString();
    QVERIFY2(tip.contains(QLatin1String("processing time 20 ms")), qPrintable(tip));
    QVERIFY2(tip.contains(QLatin1String("resync asked 5 s, in effect 30 s")), qPrintable(tip));
}

QTEST_MAIN(tst_WindowLive)
#include "tst_window_live.moc"
