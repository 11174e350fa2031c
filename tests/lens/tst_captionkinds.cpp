// SPDX-License-Identifier: Apache-2.0
// Caption without a window: every journal event kind has its own explanation (headline and
// words of its component), and every timeline marker kind its sentence (Caption::forMark).
#include "lens/caption.h"
#include "lens/timelinemodel.h"
#include "trace/journal.h"

#include <QSet>
#include <QTest>

using namespace lens;

class TestCaptionKinds : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void everyEventKindIsExplained_data()
    {
        QTest::addColumn<int>("kind");
        QTest::addColumn<QString>("headline"); // the start of the bold headline
        const QList<std::pair<TraceKind, const char *>> rows{
            {TraceKind::ListStarted, "LIST started"},
            {TraceKind::ListPage, "LIST page"},
            {TraceKind::ListCompleted, "LIST complete"},
            {TraceKind::ListFailed, "LIST failed"},
            {TraceKind::WatchStarted, "WATCH from resourceVersion"},
            {TraceKind::WatchEvent, "Watch event"},
            {TraceKind::Bookmark, "BOOKMARK"},
            {TraceKind::WatchEnded, "Watch ended"},
            {TraceKind::WatchError, "Watch error"},
            {TraceKind::Backoff, "Backoff: waiting"},
            {TraceKind::FifoQueued, "Added queued for"},
            {TraceKind::FifoPopped, "Pop:"},
            {TraceKind::IndexerAdded, "Indexer: default/a added"},
            {TraceKind::IndexerUpdated, "Indexer: default/a updated"},
            {TraceKind::IndexerDeleted, "Indexer: default/a deleted"},
            {TraceKind::HandlerNotified, "OnAdd(default/a)"},
            {TraceKind::Resync, "Resync tick"},
            {TraceKind::Synced, "HasSynced:"},
            {TraceKind::PumpMode, "Pop pump:"},
            {TraceKind::HandlerAdded, "Handler h registered"},
            {TraceKind::HandlerRemoved, "Handler h removed"},
            {TraceKind::HandlerResyncChanged, "Handler h: resyncPeriod"},
            {TraceKind::CacheSyncStarted, "WaitForCacheSync started"},
            {TraceKind::CacheSyncWaiting, "WaitForCacheSync still waiting"},
            {TraceKind::CacheSyncFinished, "WaitForCacheSync ended by shutdown"},
            {TraceKind::Info, "Note"},
        };
        for (const auto &[kind, headline] : rows)
            QTest::newRow(qPrintable(traceKindName(kind)))
                << int(kind) << QString::fromUtf8(headline);
    }
    void everyEventKindIsExplained()
    {
        QFETCH(int, kind);
        QFETCH(QString, headline);
        TraceEvent e;
        e.seq = 1;
        e.kind = TraceKind(kind);
        e.key = QStringLiteral("default/a");
        e.type =
            e.kind == TraceKind::HandlerNotified ? QStringLiteral("add") : QStringLiteral("ADDED");
        e.resourceVersion = QStringLiteral("7");
        e.detail = {{QLatin1String("handler"), QStringLiteral("h")}};
        if (e.kind == TraceKind::FifoQueued)
            e.deltas = {Delta::of(
                DeltaType::Added,
                Object::make(QStringLiteral("default"), QStringLiteral("a"), QStringLiteral("7")))};
        const QString html = Caption::forEvent(e);
        QVERIFY2(html.startsWith(QStringLiteral("<p><b>") + headline), qPrintable(html));
        QVERIFY2(html.count(QLatin1String("<p>")) >= 2, qPrintable(html)); // and a paragraph
    }

    void everyMarkKindHasItsSentence()
    {
        using Kind = TimelineModel::Mark::Kind;
        const QList<std::pair<Kind, const char *>> rows{
            {Kind::Added, "A watch event"},     {Kind::Modified, "A watch event"},
            {Kind::Deleted, "A watch event"},   {Kind::Bookmark, "A BOOKMARK"},
            {Kind::ListPage, "One page"},       {Kind::Expired, "410 Gone"},
            {Kind::Error, "The list or watch"}, {Kind::Backoff, "Backoff"},
            {Kind::Resync, "Resync"},           {Kind::Synced, "HasSynced"},
        };
        QSet<QString> distinct;
        for (const auto &[kind, start] : rows) {
            TimelineModel::Mark m;
            m.kind = kind;
            const QString text = Caption::forMark(m);
            QVERIFY2(text.startsWith(QString::fromUtf8(start)), qPrintable(text));
            distinct.insert(text);
        }
        QCOMPARE(distinct.size(), 8); // the three watch event kinds share one
    }
};

QTEST_GUILESS_MAIN(TestCaptionKinds)
#include "tst_captionkinds.moc"
