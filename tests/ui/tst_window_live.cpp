// SPDX-License-Identifier: Apache-2.0
// The main window over a real session: the built-in simulated API server, the HTTP
// ListerWatcher and a SharedIndexInformer. Waits for sync and checks the rows of every view
// against the informer's own state.
#include "informer/keys.h"
#include "lens/indexermodel.h"
#include "lens/keyhistorymodel.h"
#include "lens/namespaceindexmodel.h"
#include "lens/queuemodel.h"
#include "lens/timelinemodel.h"
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
    Session::Options o;
    o.churnIntervalMs = 0; // the test makes the changes
    m_session = std::make_unique<Session>(o);
    QString err;
    QVERIFY2(m_session->start(&err), qPrintable(err));
    m_window =
        std::make_unique<MainWindow>(m_session->journal(), m_session->informer()->controller());
    m_window->setSourceDescription(m_session->sourceDescription());
    m_window->resize(1600, 1000);
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

QTEST_MAIN(tst_WindowLive)
#include "tst_window_live.moc"
