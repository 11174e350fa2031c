// SPDX-License-Identifier: Apache-2.0
// Export from the window (issue 5 item 9): any view as PNG or SVG, the timeline and a key's
// history as CSV or JSON. Each exported file is read back and must parse and hold the rows.
#include "lens/export.h"
#include "lens/keyhistorymodel.h"
#include "lens/queuemodel.h"
#include "lens/timelinemodel.h"
#include "mainwindow.h"
#include "scenario.h"

#include <QFile>
#include <QImage>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSet>
#include <QTemporaryDir>
#include <QTest>
#include <QXmlStreamReader>

using namespace lens;

namespace {
QByteArray readAll(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

// Splits RFC 4180 CSV (as written by exporting::) into rows of fields.
QList<QStringList> parseCsv(const QByteArray &bytes)
{
    QList<QStringList> rows;
    QStringList row;
    QString field;
    bool quoted = false;
    const QString s = QString::fromUtf8(bytes);
    for (qsizetype i = 0; i < s.size(); ++i) {
        const QChar c = s.at(i);
        if (quoted) {
            if (c == QLatin1Char('"') && i + 1 < s.size() && s.at(i + 1) == QLatin1Char('"')) {
                field += c;
                ++i;
            } else if (c == QLatin1Char('"')) {
                quoted = false;
            } else {
                field += c;
            }
        } else if (c == QLatin1Char('"')) {
            quoted = true;
        } else if (c == QLatin1Char(',')) {
            row << field;
            field.clear();
        } else if (c == QLatin1Char('\r')) {
        } else if (c == QLatin1Char('\n')) {
            row << field;
            rows << row;
            row.clear();
            field.clear();
        } else {
            field += c;
        }
    }
    return rows;
}
} // namespace

class TestExport : public QObject {
    Q_OBJECT
private:
    ManualClock m_clock;
    Journal m_journal{&m_clock};
    std::unique_ptr<MainWindow> m_window;
    QTemporaryDir m_dir;

private Q_SLOTS:
    void initTestCase()
    {
        test::SyntheticInformer story(&m_journal, &m_clock);
        story.runStory();
        m_window = std::make_unique<MainWindow>(&m_journal);
        m_window->resize(1400, 900);
        m_window->show();
        QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
        m_window->settle();
        QVERIFY(m_dir.isValid());
    }

    void viewAsImage_data()
    {
        QTest::addColumn<QString>("view");
        QTest::addColumn<QString>("suffix");
        for (const QString &v : {QStringLiteral("queue"), QStringLiteral("timeline"),
                                 QStringLiteral("handlers"), QStringLiteral("window")})
            for (const QString &s : {QStringLiteral("png"), QStringLiteral("svg")})
                QTest::newRow(qPrintable(v + QLatin1Char('.') + s)) << v << s;
    }

    void viewAsImage()
    {
        QFETCH(QString, view);
        QFETCH(QString, suffix);
        const QString path = m_dir.filePath(view + QLatin1Char('.') + suffix);
        QString err;
        QVERIFY2(m_window->exportView(view, path, &err), qPrintable(err));
        if (suffix == QLatin1String("png")) {
            QImage img(path);
            QVERIFY(!img.isNull());
            QVERIFY(img.width() > 100 && img.height() > 50);
            return;
        }
        // SVG: well-formed XML with an <svg> root of the view's size and painted text in it.
        QXmlStreamReader xml(readAll(path));
        QVERIFY(xml.readNextStartElement());
        QCOMPARE(xml.name().toString(), QStringLiteral("svg"));
        QVERIFY(!xml.attributes().value(QLatin1String("viewBox")).isEmpty());
        int texts = 0;
        while (!xml.atEnd()) {
            if (xml.readNext() == QXmlStreamReader::StartElement &&
                xml.name() == QLatin1String("text"))
                ++texts;
        }
        QVERIFY2(!xml.hasError(), qPrintable(xml.errorString()));
        QVERIFY2(texts > 3, "the view's labels are vector text");
    }

    void unknownViewOrSuffix()
    {
        QString err;
        QVERIFY(!m_window->exportView(QStringLiteral("nope"),
                                      m_dir.filePath(QStringLiteral("x.png")), &err));
        QVERIFY(err.contains(QLatin1String("nope")));
        QVERIFY(!m_window->exportView(QStringLiteral("queue"),
                                      m_dir.filePath(QStringLiteral("x.bmp")), &err));
        QVERIFY(!m_window->exportTimeline(m_dir.filePath(QStringLiteral("x.txt")), &err));
    }

    void timelineCsvAndJson()
    {
        const QString csvPath = m_dir.filePath(QStringLiteral("timeline.csv"));
        QString err;
        QVERIFY2(m_window->exportTimeline(csvPath, &err), qPrintable(err));
        const auto rows = parseCsv(readAll(csvPath));
        QVERIFY(rows.size() > 10);
        QCOMPARE(rows.first(), (QStringList{QStringLiteral("kind"), QStringLiteral("lane"),
                                            QStringLiteral("start_ms"), QStringLiteral("end_ms"),
                                            QStringLiteral("label"), QStringLiteral("detail"),
                                            QStringLiteral("key"), QStringLiteral("seq"),
                                            QStringLiteral("informer")}));
        QSet<QString> kinds;
        qint64 lastStart = -1;
        for (qsizetype i = 1; i < rows.size(); ++i) {
            QCOMPARE(rows.at(i).size(), 9);
            kinds.insert(rows.at(i).first());
            const qint64 start = rows.at(i).at(2).toLongLong();
            QVERIFY(start >= lastStart); // time order
            lastStart = start;
        }
        for (const char *k : {"list", "watch", "gap", "modified", "bookmark", "expired", "backoff",
                              "resync", "synced"})
            QVERIFY2(kinds.contains(QString::fromLatin1(k)), k);
        // Exactly as many event rows as the timeline has watch-event marks.
        int events = 0;
        for (const auto &m : m_window->timelineModel()->marks())
            events += m.key.isEmpty() ? 0 : 1;
        int eventRows = 0;
        for (const auto &r : rows)
            eventRows += r.at(1) == QLatin1String("events") ? 1 : 0;
        QCOMPARE(eventRows, events);

        const QString jsonPath = m_dir.filePath(QStringLiteral("timeline.json"));
        QVERIFY2(m_window->exportTimeline(jsonPath, &err), qPrintable(err));
        QJsonParseError pe;
        const QJsonDocument doc = QJsonDocument::fromJson(readAll(jsonPath), &pe);
        QCOMPARE(pe.error, QJsonParseError::NoError);
        QCOMPARE(doc.object().value(QLatin1String("marks")).toArray().size(),
                 qsizetype(m_window->timelineModel()->marks().size()));
        QCOMPARE(doc.object().value(QLatin1String("spans")).toArray().size(),
                 qsizetype(m_window->timelineModel()->spans().size()));
        QVERIFY(!doc.object().value(QLatin1String("gaps")).toArray().isEmpty());
        QVERIFY(doc.object()
                    .value(QLatin1String("handlerResyncs"))
                    .toObject()
                    .contains(QLatin1String("pod-logger")));
    }

    void keyHistoryCsvAndJson()
    {
        const QString key = m_window->queueModel()->keyAt(0);
        QVERIFY(!key.isEmpty());
        m_window->selectKey(key);
        m_window->settle();
        KeyHistoryModel *h = m_window->keyHistoryModel();
        QVERIFY(h->rowCount() > 2);
        QString err;
        const QString csvPath = m_dir.filePath(QStringLiteral("history.csv"));
        QVERIFY2(m_window->exportKeyHistory(csvPath, &err), qPrintable(err));
        const auto rows = parseCsv(readAll(csvPath));
        QCOMPARE(rows.size(), h->rowCount() + 1);
        for (int r = 0; r < h->rowCount(); ++r)
            for (int c = 0; c < h->columnCount(); ++c)
                QCOMPARE(rows.at(r + 1).at(c), h->index(r, c).data().toString());

        const QString jsonPath = m_dir.filePath(QStringLiteral("history.json"));
        QVERIFY2(m_window->exportKeyHistory(jsonPath, &err), qPrintable(err));
        const QJsonObject doc = QJsonDocument::fromJson(readAll(jsonPath)).object();
        QCOMPARE(doc.value(QLatin1String("title")).toString(),
                 QStringLiteral("Key history: ") + key);
        const QJsonArray jr = doc.value(QLatin1String("rows")).toArray();
        QCOMPARE(jr.size(), h->rowCount());
        const QString seqHeader = h->headerData(0, Qt::Horizontal).toString();
        QCOMPARE(jr.first().toObject().value(seqHeader).toString(),
                 h->index(0, 0).data().toString());
    }

    void csvQuoting()
    {
        QCOMPARE(exporting::csvField(QStringLiteral("a,b")), QStringLiteral("\"a,b\""));
        QCOMPARE(exporting::csvField(QStringLiteral("say \"hi\"")),
                 QStringLiteral("\"say \"\"hi\"\"\""));
        QCOMPARE(exporting::csvField(QStringLiteral("plain")), QStringLiteral("plain"));
    }
};

QTEST_MAIN(TestExport)
#include "tst_export.moc"
