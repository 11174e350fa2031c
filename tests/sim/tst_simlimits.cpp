// SPDX-License-Identifier: Apache-2.0
// The built-in server's connection limits (ConnectionLimits, docs/simulator.md): request
// headers over 1 MiB are answered 431 Request Header Fields Too Large and the connection closed
// (nothing like the 100 MiB a client could make it buffer before), headers that do not end in
// time close the connection (Go's ReadHeaderTimeout), request bodies over 3 MiB are answered
// 413 (kube-apiserver's MaxRequestBodyBytes) before they are held whole, and whole requests and
// open watches are not touched by any.
#include "sim/apiserver.h"
#include "sim/simulator.h"
#include "sim/watchstream.h"

#include <QCoreApplication>
#include <QFile>
#include <QJsonObject>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <memory>

#include <sys/stat.h>

using namespace lens::sim;

class tst_SimLimits : public QObject {
    Q_OBJECT
private slots:
    void init();
    void cleanup();
    void headerOverOneMiBIs431();
    void accessLogToAFifoNoOneReadsIsRefused();
    void headerJustUnderTheLimitIsServed();
    void slowHeadersAreClosed();
    void watchOutlivesTheHeaderTimeout();
    void bodyOverThreeMiBIs413();
    void bodyJustUnderTheLimitIsRead();
    void slowWatchesAreClosedPastTheBudget();
    void unfinishedBodiesAreBoundedInAll_data();
    void unfinishedBodiesAreBoundedInAll();

private:
    /// A raw connection to the server (QNetworkAccessManager would not send what these send).
    std::unique_ptr<QTcpSocket> connectRaw();
    /// GET /healthz on a new connection: the answer (empty when none came within 10 s).
    QByteArray healthz();
    std::unique_ptr<Simulator> m_sim;
};

void tst_SimLimits::init()
{
    m_sim = std::make_unique<Simulator>();
    QString error;
    QVERIFY2(m_sim->start(Simulator::Options{}, &error), qPrintable(error));
}

void tst_SimLimits::cleanup()
{
    m_sim.reset();
}

std::unique_ptr<QTcpSocket> tst_SimLimits::connectRaw()
{
    auto s = std::make_unique<QTcpSocket>();
    s->connectToHost(QHostAddress::LocalHost, m_sim->url().port());
    if (!s->waitForConnected(5000))
        return nullptr;
    return s;
}

QByteArray tst_SimLimits::healthz()
{
    auto t = connectRaw();
    if (!t)
        return {};
    QByteArray answer;
    connect(t.get(), &QTcpSocket::readyRead, this, [&] { answer += t->readAll(); });
    t->write("GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n");
    (void)QTest::qWaitFor([&] { return answer.contains("\r\n\r\nok"); },
                          10000); // the caller checks
    return answer;
}

void tst_SimLimits::headerOverOneMiBIs431()
{
    QCOMPARE(m_sim->server()->connectionLimits().maxHeaderBytes, qint64(1 << 20));
    auto s = connectRaw();
    QVERIFY(s);
    QByteArray answer;
    connect(s.get(), &QTcpSocket::readyRead, this, [&] { answer += s->readAll(); });
    // 2 MiB of one header that never ends.
    s->write("GET /api/v1/pods HTTP/1.1\r\nHost: x\r\nX-Big: ");
    s->write(QByteArray(2 << 20, 'a'));
    QTRY_VERIFY_WITH_TIMEOUT(answer.contains("431"), 20000);
    QVERIFY2(answer.startsWith("HTTP/1.1 431 Request Header Fields Too Large\r\n"),
             answer.left(200).constData());
    QTRY_COMPARE_WITH_TIMEOUT(s->state(), QAbstractSocket::UnconnectedState, 10000);
    // The server goes on serving.
    const QByteArray ok = healthz();
    QVERIFY2(ok.contains("\r\n\r\nok"), ok.constData());
    QVERIFY(ok.startsWith("HTTP/1.1 200"));
}

void tst_SimLimits::headerJustUnderTheLimitIsServed()
{
    ConnectionLimits limits;
    limits.maxHeaderBytes = 4096;
    m_sim->server()->setConnectionLimits(limits);
    auto s = connectRaw();
    QVERIFY(s);
    QByteArray answer;
    connect(s.get(), &QTcpSocket::readyRead, this, [&] { answer += s->readAll(); });
    const QByteArray head = "GET /healthz HTTP/1.1\r\nHost: x\r\nX-Pad: ";
    const QByteArray pad(4096 - head.size() - 4, 'p');
    s->write(head + pad + "\r\n\r\n"); // exactly 4096 bytes
    QTRY_VERIFY_WITH_TIMEOUT(answer.contains("\r\n\r\nok"), 10000);
    QVERIFY(answer.startsWith("HTTP/1.1 200"));
    // The same connection (keep-alive), one byte over: 431.
    answer.clear();
    s->write(head + pad + "q\r\n\r\n");
    QTRY_VERIFY_WITH_TIMEOUT(answer.contains("431"), 10000);
    QVERIFY(answer.startsWith("HTTP/1.1 431 "));
}

void tst_SimLimits::slowHeadersAreClosed()
{
    ConnectionLimits limits;
    limits.readHeaderTimeoutMs = 300;
    m_sim->server()->setConnectionLimits(limits);
    auto s = connectRaw();
    QVERIFY(s);
    s->write("GET /api/v1/pods HTTP/1.1\r\nHost: x\r\nX-Half: "); // and nothing more
    QTRY_COMPARE_WITH_TIMEOUT(s->state(), QAbstractSocket::UnconnectedState, 10000);
    QCOMPARE(s->readAll(), QByteArray()); // closed without an answer, as Go's server does
    // A connection that sends nothing at all is closed too.
    auto idle = connectRaw();
    QVERIFY(idle);
    QTRY_COMPARE_WITH_TIMEOUT(idle->state(), QAbstractSocket::UnconnectedState, 10000);
}

void tst_SimLimits::watchOutlivesTheHeaderTimeout()
{
    ConnectionLimits limits;
    limits.readHeaderTimeoutMs = 300;
    m_sim->server()->setConnectionLimits(limits);
    auto watch = connectRaw();
    QVERIFY(watch);
    QByteArray stream;
    connect(watch.get(), &QTcpSocket::readyRead, this, [&] { stream += watch->readAll(); });
    watch->write(
        "GET /api/v1/namespaces/default/configmaps?watch=true HTTP/1.1\r\nHost: x\r\n\r\n");
    QTRY_VERIFY_WITH_TIMEOUT(stream.startsWith("HTTP/1.1 200"), 10000);
    // A half-sent request opened after the watch is closed: the watch's headers ended longer
    // ago than the timeout by then.
    auto slow = connectRaw();
    QVERIFY(slow);
    slow->write("GET /api/v1/pods HTTP/1.1\r\n");
    QTRY_COMPARE_WITH_TIMEOUT(slow->state(), QAbstractSocket::UnconnectedState, 10000);
    QCOMPARE(watch->state(), QAbstractSocket::ConnectedState);
    m_sim->server()->store()->create(
        QStringLiteral("configmaps"),
        QJsonObject{{QLatin1String("apiVersion"), QStringLiteral("v1")},
                    {QLatin1String("kind"), QStringLiteral("ConfigMap")},
                    {QLatin1String("metadata"),
                     QJsonObject{{QLatin1String("name"), QStringLiteral("late")},
                                 {QLatin1String("namespace"), QStringLiteral("default")}}}});
    QTRY_VERIFY_WITH_TIMEOUT(stream.contains("\"late\""), 10000);
}

// Issue 40 C1: a 400 MiB POST was buffered whole (3.58 GB peak). The body is refused at 3 MiB,
// while it arrives, with kube-apiserver's Status; the server goes on serving.
void tst_SimLimits::bodyOverThreeMiBIs413()
{
    QCOMPARE(m_sim->server()->connectionLimits().maxBodyBytes, qint64(3) << 20);
    auto s = connectRaw();
    QVERIFY(s);
    QByteArray answer;
    connect(s.get(), &QTcpSocket::readyRead, this, [&] { answer += s->readAll(); });
    // Says 400 MiB, sends 4 MiB of it: the answer must not wait for the rest.
    s->write("POST /api/v1/namespaces/default/configmaps HTTP/1.1\r\nHost: x\r\n"
             "Content-Type: application/json\r\nContent-Length: 419430400\r\n\r\n");
    s->write(QByteArray(4 << 20, ' '));
    QTRY_VERIFY_WITH_TIMEOUT(answer.contains("RequestEntityTooLarge"), 20000);
    QVERIFY2(answer.startsWith("HTTP/1.1 413 Request Entity Too Large\r\n"),
             answer.left(200).constData());
    QVERIFY2(answer.contains("Request entity too large: limit is 3145728"), answer.constData());
    QTRY_COMPARE_WITH_TIMEOUT(s->state(), QAbstractSocket::UnconnectedState, 10000);
    const QByteArray ok = healthz();
    QVERIFY2(ok.contains("\r\n\r\nok"), ok.constData());
}

void tst_SimLimits::bodyJustUnderTheLimitIsRead()
{
    ConnectionLimits limits;
    limits.maxBodyBytes = 4096;
    m_sim->server()->setConnectionLimits(limits);
    auto s = connectRaw();
    QVERIFY(s);
    QByteArray answer;
    connect(s.get(), &QTcpSocket::readyRead, this, [&] { answer += s->readAll(); });
    const QByteArray head = R"({"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"pad"},)"
                            R"("data":{"p":")";
    const QByteArray body = head + QByteArray(4096 - head.size() - 3, 'p') + "\"}}";
    QCOMPARE(body.size(), 4096);
    s->write("POST /api/v1/namespaces/default/configmaps HTTP/1.1\r\nHost: x\r\n"
             "Content-Type: application/json\r\nContent-Length: 4096\r\n\r\n" +
             body);
    QTRY_VERIFY_WITH_TIMEOUT(answer.startsWith("HTTP/1.1 201"), 10000);
}

// Issue 40: 2 000 watches that read nothing took the server to 9.4 GB. Past the server's watch
// budget, a watch holding more than WatchBudget::kSlowWatchBytes for its client is closed (as
// kube-apiserver closes an unresponsive watcher); a watch that reads stays open.
void tst_SimLimits::slowWatchesAreClosedPastTheBudget()
{
    m_sim->server()->setWatchBudgetBytes(qint64(4) << 20);
    QList<std::shared_ptr<QTcpSocket>> slow;
    for (int i = 0; i < 8; ++i) {
        auto s = connectRaw();
        QVERIFY(s);
        s->setReadBufferSize(4096); // and never read: the server's writes pile up
        s->write(
            "GET /api/v1/namespaces/default/configmaps?watch=true HTTP/1.1\r\nHost: x\r\n\r\n");
        slow << std::shared_ptr<QTcpSocket>(s.release());
    }
    auto reader = connectRaw();
    QVERIFY(reader);
    qint64 read = 0;
    connect(reader.get(), &QTcpSocket::readyRead, this, [&] { read += reader->readAll().size(); });
    reader->write(
        "GET /api/v1/namespaces/default/configmaps?watch=true HTTP/1.1\r\nHost: x\r\n\r\n");
    QTRY_COMPARE_WITH_TIMEOUT(m_sim->server()->openWatchCount(), 9, 10000);
    // 200 KB a write: the slow watches fill up, the budget is passed, they are closed.
    const QString big(200 * 1024, QLatin1Char('x'));
    for (int i = 0; i < 200 && m_sim->server()->watchBudget().slowWatchesCut == 0; ++i) {
        m_sim->server()->store()->create(
            QStringLiteral("configmaps"),
            QJsonObject{{QLatin1String("apiVersion"), QStringLiteral("v1")},
                        {QLatin1String("kind"), QStringLiteral("ConfigMap")},
                        {QLatin1String("metadata"),
                         QJsonObject{{QLatin1String("name"), QStringLiteral("big-%1").arg(i)},
                                     {QLatin1String("namespace"), QStringLiteral("default")}}},
                        {QLatin1String("data"), QJsonObject{{QLatin1String("x"), big}}}});
        QCoreApplication::processEvents();
    }
    QVERIFY(m_sim->server()->watchBudget().slowWatchesCut > 0);
    QTRY_VERIFY_WITH_TIMEOUT(m_sim->server()->openWatchCount() < 9, 10000);
    // Bounded: the budget, plus at most a slow watch's share and one write for each watch
    // (without the budget, each would have held up to 9 MiB of the 40 MB written).
    QVERIFY2(m_sim->server()->watchBudget().peakBytes <
                 (qint64(4) << 20) + 9 * (WatchBudget::kSlowWatchBytes + (qint64(256) << 10)),
             qPrintable(QString::number(m_sim->server()->watchBudget().peakBytes)));
    // The client that reads is served on.
    QCOMPARE(reader->state(), QAbstractSocket::ConnectedState);
    QVERIFY(read > 0);
}

void tst_SimLimits::unfinishedBodiesAreBoundedInAll_data()
{
    QTest::addColumn<bool>("headers");
    // The hostile round: 150 connections each sending 3 MB of a 3 MB + 1 body, and never the
    // last byte, took the server to 1.3 GB.
    QTest::newRow("bodies") << false;
    // The third round: 1 000 connections each sending 1 MiB of headers that never end took it
    // to 2.5 GB (each under the 1 MiB header limit).
    QTest::newRow("headers") << true;
}

// Past the unfinished requests' budget, the connection that adds to it is answered 429
// (kube-apiserver's max-in-flight answer) and closed.
void tst_SimLimits::unfinishedBodiesAreBoundedInAll()
{
    QFETCH(bool, headers);
    ConnectionLimits limits;
    limits.maxUnfinishedBytes = qint64(headers ? 2 : 4) << 20;
    m_sim->server()->setConnectionLimits(limits);
    QList<std::shared_ptr<QTcpSocket>> senders;
    QList<std::shared_ptr<QByteArray>> answers;
    for (int i = 0; i < 4; ++i) {
        auto s = std::shared_ptr<QTcpSocket>(connectRaw().release());
        QVERIFY(s);
        auto answer = std::make_shared<QByteArray>();
        connect(s.get(), &QTcpSocket::readyRead, this, [s, answer] { *answer += s->readAll(); });
        if (headers) {
            s->write("GET /api/v1/pods HTTP/1.1\r\nHost: x\r\nX-Pad: ");
            s->write(QByteArray(1000000, 'p')); // under 1 MiB, and no end of the headers
        } else {
            s->write("POST /api/v1/namespaces/default/configmaps HTTP/1.1\r\nHost: x\r\n"
                     "Content-Type: application/json\r\nContent-Length: 2000001\r\n\r\n");
            s->write(QByteArray(2000000, ' ')); // one byte short, for ever
        }
        senders << s;
        answers << answer;
    }
    // 8 MB of bodies against a 4 MiB budget, 4 MB of headers against 2 MiB: some are
    // refused with 429.
    QTRY_VERIFY_WITH_TIMEOUT(std::any_of(answers.cbegin(), answers.cend(),
                                         [](const auto &a) { return a->contains("429"); }),
                             20000);
    for (const auto &a : std::as_const(answers))
        if (!a->isEmpty()) {
            QVERIFY2(a->startsWith("HTTP/1.1 429 Too Many Requests\r\n"), a->constData());
            QVERIFY(a->contains("\"reason\":\"TooManyRequests\""));
            QVERIFY(a->contains("Retry-After: 1\r\n"));
        }
    // The server goes on serving.
    const QByteArray ok = healthz();
    QVERIFY2(ok.contains("\r\n\r\nok"), ok.constData());
}

// Hostile round 3: --access-log to a FIFO no one read blocked in open() for ever, before the
// server said where it listens (and the first signal waited behind it).
void tst_SimLimits::accessLogToAFifoNoOneReadsIsRefused()
{
    QTemporaryDir dir;
    const QString fifo = dir.filePath(QStringLiteral("fifo"));
    QVERIFY(::mkfifo(QFile::encodeName(fifo).constData(), 0600) == 0);
    QString error;
    QVERIFY(!m_sim->server()->openAccessLog(fifo, &error));
    QCOMPARE(error, QStringLiteral("cannot open %1: it is a FIFO no one reads").arg(fifo));
    // A regular file is written as before.
    const QString file = dir.filePath(QStringLiteral("access.log"));
    QVERIFY2(m_sim->server()->openAccessLog(file, &error), qPrintable(error));
    const QByteArray ok = healthz();
    QVERIFY2(ok.contains("\r\n\r\nok"), ok.constData());
    QVERIFY(m_sim->server()->openAccessLog(QString()));
    QFile log(file);
    QVERIFY(log.open(QIODevice::ReadOnly));
    QVERIFY(log.readAll().contains("/healthz"));
}

QTEST_MAIN(tst_SimLimits)
#include "tst_simlimits.moc"
