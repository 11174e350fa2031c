// SPDX-License-Identifier: Apache-2.0
// bench_sim: speed of the simulated API server (the built-in cluster) over loopback HTTP.
//
//   build/bench/bench_sim [--quick] [--pods 150000] [--page 500] [--events 20000]
//                         [--watches 100] [--requests 1000] [--write-rate 500] [--seed 1]
//
// Prints a sentence per phase and one `key: value unit` line per figure (docs/simulator.md,
// "Speed"). The server runs in its own thread (as the apps run it beside a GUI). Two clients
// read the lists, so that what the client costs shows apart from what the server costs:
//  - "raw": a QTcpSocket that sends one GET with Connection: close and only counts the bytes
//    until the server closes (nothing is parsed but the continue token of a page);
//  - "qnam": QNetworkAccessManager and readAll(), as a Qt client reads a body.
// Phases:
//  1. seed: Simulator::start() with --pods pods (fixtures, storage, controllers settled);
//  2. paged LIST of all pods (limit=--page, following continue tokens): MB/s, raw and qnam;
//  3. unpaged LIST (resourceVersion=0, from the "watch cache"): MB/s, raw and qnam;
//  4. one WatchList (sendInitialEvents=true): every pod as an ADDED event, then the
//     initial-events-end bookmark: events/s (qnam and raw);
//  5. one WATCH receiving --events MODIFIED events, written in the server thread in batches of
//     500 (Store::update: serialise, record, fan out), the next batch once the client has the
//     previous one: events/s end to end (qnam);
//  6. --watches watches on pods held open (raw sockets in a thread of their own, reading every
//     event) while the server thread writes --write-rate updates per second, and meanwhile
//     --requests plain requests from a QNetworkAccessManager, one after the other, alternating
//     a GET of one pod and a LIST with limit=10: p50, p99 and max latency in ms.
#include "benchhttp.h"
#include "sim/simulator.h"
#include "sim/store.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QTcpSocket>
#include <QThread>
#include <QTimer>

#include <algorithm>
#include <cstdio>
#include <functional>
#include <memory>
#include <vector>

using lens::sim::Simulator;

namespace {

double mb(qint64 bytes)
{
    return double(bytes) / (1024.0 * 1024.0);
}

/// One figure as a `key: value unit` line.
void figure(const QByteArray &key, double value, const char *unit, int decimals = 1)
{
    std::printf("%s: %.*f %s\n", key.constData(), decimals, value, unit);
    std::fflush(stdout);
}

QByteArray fetchQnam(QNetworkAccessManager &nam, const QUrl &url)
{
    int status = 0;
    QByteArray body = lens::bench::getBody(nam, url, &status);
    if (status != 200) {
        std::fprintf(stderr, "bench_sim: %s -> HTTP %d\n", qPrintable(url.toString()), status);
        std::exit(1);
    }
    return body;
}

using lens::bench::continueToken;

/// The measuring client that costs (almost) nothing: one GET on a fresh connection, the bytes
/// counted as they arrive and dropped, the first 8 KiB kept (for a page's continue token).
/// Ends when the server closes the connection (Connection: close) or `done` says so.
struct RawGet {
    qint64 bodyBytes = 0;
    qint64 lines = 0;
    QByteArray head; ///< the first bytes (status line, headers, start of the body)

    /// `done(tail)` is asked after every read with the last few hundred bytes.
    void run(const QUrl &base, const QString &target,
             const std::function<bool(const QByteArray &)> &done = {})
    {
        QTcpSocket socket;
        QEventLoop loop;
        qint64 total = 0;
        qsizetype headerSize = -1;
        QByteArray tail;
        QObject::connect(&socket, &QTcpSocket::connected, &loop, [&] {
            socket.write("GET " + target.toUtf8() + " HTTP/1.1\r\nHost: " + base.host().toUtf8() +
                         "\r\nConnection: close\r\n\r\n");
        });
        QObject::connect(&socket, &QTcpSocket::readyRead, &loop, [&] {
            const QByteArray chunk = socket.readAll();
            total += chunk.size();
            lines += chunk.count('\n');
            if (head.size() < 8192)
                head += chunk.left(8192 - head.size());
            if (headerSize < 0 && (headerSize = head.indexOf("\r\n\r\n")) >= 0)
                headerSize += 4;
            if (done) {
                tail = (tail + chunk.right(400)).right(400);
                if (done(tail))
                    loop.quit();
            }
        });
        QObject::connect(&socket, &QTcpSocket::disconnected, &loop, &QEventLoop::quit);
        socket.connectToHost(base.host(), quint16(base.port()));
        loop.exec();
        if (!head.startsWith("HTTP/1.1 200")) {
            std::fprintf(stderr, "bench_sim: %s -> %s\n", qPrintable(target),
                         head.left(head.indexOf('\r')).constData());
            std::exit(1);
        }
        bodyBytes = total - qMax<qsizetype>(0, headerSize);
        socket.abort();
    }
};

/// A paged LIST of all pods: bytes and seconds.
struct Paged {
    qint64 bytes = 0;
    int pages = 0;
    double seconds = 0;
};

Paged pagedList(int page, const std::function<QByteArray(const QString &)> &get)
{
    Paged r;
    QElapsedTimer t;
    t.start();
    QByteArray token;
    do {
        QString target = QStringLiteral("/api/v1/pods?limit=%1").arg(page);
        if (!token.isEmpty())
            target += QStringLiteral("&continue=") + QString::fromLatin1(token);
        const QByteArray first = get(target);
        ++r.pages;
        token = continueToken(first);
    } while (!token.isEmpty());
    r.seconds = t.nsecsElapsed() / 1e9;
    return r;
}

/// `count` watches on pods from resourceVersion `rv`, read in the thread they live in; every
/// event is read and dropped.
class Watchers : public QObject {
public:
    void open(const QUrl &base, qint64 rv, int count)
    {
        for (int i = 0; i < count; ++i) {
            auto *s = new QTcpSocket(this);
            connect(s, &QTcpSocket::connected, this, [s, rv, base] {
                s->write("GET /api/v1/pods?watch=1&resourceVersion=" + QByteArray::number(rv) +
                         " HTTP/1.1\r\nHost: " + base.host().toUtf8() + "\r\n\r\n");
            });
            connect(s, &QTcpSocket::readyRead, this, [this, s] {
                const QByteArray chunk = s->readAll();
                m_bytes += chunk.size();
            });
            s->connectToHost(base.host(), quint16(base.port()));
            m_sockets << s;
        }
    }
    void close()
    {
        for (QTcpSocket *s : std::as_const(m_sockets))
            s->abort();
        qDeleteAll(m_sockets);
        m_sockets.clear();
    }
    qint64 bytes() const { return m_bytes; }

private:
    QList<QTcpSocket *> m_sockets;
    qint64 m_bytes = 0;
};

double percentile(std::vector<double> v, double p)
{
    if (v.empty())
        return 0;
    std::sort(v.begin(), v.end());
    const size_t i = size_t(std::min<double>(double(v.size() - 1), p * double(v.size() - 1)));
    return v[i];
}

} // namespace

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    QCommandLineParser p;
    p.setApplicationDescription(QStringLiteral("Simulated API server throughput."));
    p.addHelpOption();
    const QCommandLineOption quickOpt(
        QStringLiteral("quick"),
        QStringLiteral("10 000 pods, 5 000 events, 300 requests (unless given)."));
    const QCommandLineOption podsOpt(QStringLiteral("pods"), QStringLiteral("Pods to seed."),
                                     QStringLiteral("N"), QStringLiteral("150000"));
    const QCommandLineOption pageOpt(QStringLiteral("page"), QStringLiteral("LIST page size."),
                                     QStringLiteral("N"), QStringLiteral("500"));
    const QCommandLineOption eventsOpt(QStringLiteral("events"),
                                       QStringLiteral("Events for the watch test."),
                                       QStringLiteral("N"), QStringLiteral("20000"));
    const QCommandLineOption watchesOpt(QStringLiteral("watches"),
                                        QStringLiteral("Open watches in the request test."),
                                        QStringLiteral("N"), QStringLiteral("100"));
    const QCommandLineOption requestsOpt(QStringLiteral("requests"),
                                         QStringLiteral("Requests timed in the request test."),
                                         QStringLiteral("N"), QStringLiteral("1000"));
    const QCommandLineOption rateOpt(QStringLiteral("write-rate"),
                                     QStringLiteral("Writes per second in the request test."),
                                     QStringLiteral("N"), QStringLiteral("500"));
    const QCommandLineOption seedOpt(QStringLiteral("seed"), QStringLiteral("Seed."),
                                     QStringLiteral("N"), QStringLiteral("1"));
    p.addOptions(
        {quickOpt, podsOpt, pageOpt, eventsOpt, watchesOpt, requestsOpt, rateOpt, seedOpt});
    p.process(app);
    const bool quick = p.isSet(quickOpt);
    const auto intOption = [&](const QCommandLineOption &o, int quickValue) {
        return quick && !p.isSet(o) ? quickValue : p.value(o).toInt();
    };
    const int pods = intOption(podsOpt, 10000);
    const int page = p.value(pageOpt).toInt();
    const int events = intOption(eventsOpt, 5000);
    const int watches = p.value(watchesOpt).toInt();
    const int requests = intOption(requestsOpt, 300);
    const int writeRate = qMax(1, p.value(rateOpt).toInt());

    // ---- 1. seed (server thread) ---------------------------------------------------------
    QThread serverThread;
    serverThread.setObjectName(QStringLiteral("server"));
    serverThread.start();
    QObject ctx;
    ctx.moveToThread(&serverThread);
    Simulator *sim = nullptr;
    QUrl url;
    qint64 seedNs = 0;
    QMetaObject::invokeMethod(
        &ctx,
        [&] {
            QElapsedTimer t;
            t.start();
            sim = new Simulator;
            Simulator::Options o;
            o.pods = pods;
            o.seed = p.value(seedOpt).toUInt();
            QString error;
            if (!sim->start(o, &error)) {
                std::fprintf(stderr, "bench_sim: %s\n", qPrintable(error));
                std::exit(1);
            }
            url = sim->url();
            seedNs = t.nsecsElapsed();
        },
        Qt::BlockingQueuedConnection);
    std::printf("server %s, %d pods seeded in %.2f s (Qt %s)\n", qPrintable(url.toString()), pods,
                seedNs / 1e9, qVersion());
    figure("sim.seed_seconds.pods" + QByteArray::number(pods), seedNs / 1e9, "s", 2);

    QNetworkAccessManager nam;
    const auto qnamGet = [&](const QString &target) {
        return fetchQnam(nam, QUrl(url.toString() + target));
    };
    // ---- 2. paged list ------------------------------------------------------------------
    {
        qint64 rawBytes = 0;
        const Paged raw = pagedList(page, [&](const QString &target) {
            RawGet g;
            g.run(url, target);
            rawBytes += g.bodyBytes;
            return g.head.mid(g.head.indexOf("\r\n\r\n") + 4);
        });
        qint64 qnamBytes = 0;
        const Paged qnam = pagedList(page, [&](const QString &target) {
            const QByteArray body = qnamGet(target);
            qnamBytes += body.size();
            return body;
        });
        std::printf("paged LIST limit=%d: %d pages, %.1f MB; raw client %.2f s = %.1f MB/s, "
                    "%.0f pods/s; QNetworkAccessManager %.2f s = %.1f MB/s\n",
                    page, raw.pages, mb(rawBytes), raw.seconds, mb(rawBytes) / raw.seconds,
                    pods / raw.seconds, qnam.seconds, mb(qnamBytes) / qnam.seconds);
        figure("sim.list_mb_per_second", mb(rawBytes) / raw.seconds, "MB/s");
        figure("sim.list_qnam_mb_per_second", mb(qnamBytes) / qnam.seconds, "MB/s");
    }
    // ---- 3. one unpaged list ------------------------------------------------------------
    {
        const QString target = QStringLiteral("/api/v1/pods?resourceVersion=0");
        QElapsedTimer t;
        t.start();
        RawGet g;
        g.run(url, target);
        const double rawS = t.nsecsElapsed() / 1e9;
        t.restart();
        const qint64 qnamBytes = qnamGet(target).size();
        const double qnamS = t.nsecsElapsed() / 1e9;
        std::printf("unpaged LIST resourceVersion=0: %.1f MB; raw client %.2f s = %.1f MB/s; "
                    "QNetworkAccessManager %.2f s = %.1f MB/s\n",
                    mb(g.bodyBytes), rawS, mb(g.bodyBytes) / rawS, qnamS, mb(qnamBytes) / qnamS);
        figure("sim.list_unpaged_mb_per_second", mb(g.bodyBytes) / rawS, "MB/s");
        figure("sim.list_unpaged_qnam_mb_per_second", mb(qnamBytes) / qnamS, "MB/s");
    }
    // ---- 4. one WatchList: the whole state as ADDED events, then the end bookmark -----------
    {
        const QString target =
            QStringLiteral("/api/v1/pods?watch=1&sendInitialEvents=true&allowWatchBookmarks=true"
                           "&resourceVersionMatch=NotOlderThan");
        QElapsedTimer t;
        t.start();
        QNetworkReply *reply = nam.get(QNetworkRequest(QUrl(url.toString() + target)));
        qint64 lines = 0;
        qint64 bytes = 0;
        QByteArray tail;
        QEventLoop loop;
        QObject::connect(reply, &QNetworkReply::readyRead, &loop, [&] {
            const QByteArray chunk = reply->readAll();
            bytes += chunk.size();
            lines += chunk.count('\n');
            tail = (tail + chunk.right(400)).right(400);
            if (tail.contains("initial-events-end"))
                loop.quit();
        });
        QObject::connect(reply, &QNetworkReply::finished, &loop, [&] {
            std::fprintf(stderr, "bench_sim: WatchList ended early: %s\n",
                         qPrintable(reply->errorString()));
            std::exit(1);
        });
        loop.exec();
        const double s = t.nsecsElapsed() / 1e9;
        reply->disconnect();
        reply->abort();
        reply->deleteLater();
        t.restart();
        RawGet g;
        g.run(url, target,
              [](const QByteArray &tail) { return tail.contains("initial-events-end"); });
        const double rawS = t.nsecsElapsed() / 1e9;
        std::printf("WatchList (sendInitialEvents): %lld events (%.1f MB) in %.2f s = %.0f "
                    "events/s, %.1f MB/s; raw client %.2f s = %.0f events/s\n",
                    lines, mb(bytes), s, lines / s, mb(bytes) / s, rawS, lines / rawS);
        figure("sim.watchlist_events_per_second", lines / s, "events/s", 0);
        figure("sim.watchlist_raw_events_per_second", lines / rawS, "events/s", 0);
    }
    // Pods the writers update: their JSON without resourceVersion (an unconditional update).
    QList<QJsonObject> targets;
    QMetaObject::invokeMethod(
        &ctx,
        [&] {
            const QList<lens::Object> all = sim->objects(QStringLiteral("pods"));
            for (int i = 0; i < qMin(1000, int(all.size())); ++i) {
                QJsonObject o = all[i].json();
                QJsonObject meta = o.value(QStringLiteral("metadata")).toObject();
                meta.remove(QStringLiteral("resourceVersion"));
                o.insert(QStringLiteral("metadata"), meta);
                targets << o;
            }
        },
        Qt::BlockingQueuedConnection);
    int written = 0;
    // Runs in the server thread: updates targets[written % size] with a fresh label.
    const auto writeOne = [&] {
        QJsonObject o = targets[written % targets.size()];
        QJsonObject meta = o.value(QStringLiteral("metadata")).toObject();
        QJsonObject labels = meta.value(QStringLiteral("labels")).toObject();
        labels.insert(QStringLiteral("bench"), QString::number(written));
        meta.insert(QStringLiteral("labels"), labels);
        o.insert(QStringLiteral("metadata"), meta);
        sim->store()->update(QStringLiteral("pods"), o);
        ++written;
    };
    // ---- 5. one watch, live writes ------------------------------------------------------
    {
        qint64 rv = 0;
        QMetaObject::invokeMethod(
            &ctx, [&] { rv = sim->revision(); }, Qt::BlockingQueuedConnection);
        QUrl u = url;
        u.setPath(QStringLiteral("/api/v1/pods"));
        u.setQuery(QStringLiteral("watch=1&resourceVersion=%1").arg(rv));
        QNetworkReply *reply = nam.get(QNetworkRequest(u));
        qint64 lines = 0;
        qint64 bytes = 0;
        QElapsedTimer t;
        QEventLoop loop;
        // The writes are made in the server thread in batches of 500; the next batch starts
        // when the client has received the previous one, so at most one batch (~1.3 MB) is in
        // flight (a watch more than 32 MiB behind would be cut, as the server does).
        constexpr int Batch = 500;
        int requested = 0;
        const auto writeBatch = [&] {
            const int n = qMin(events, requested + Batch) - requested;
            requested += n;
            QMetaObject::invokeMethod(&ctx, [&, n] {
                for (int i = 0; i < n; ++i)
                    writeOne();
            });
        };
        QObject::connect(reply, &QNetworkReply::readyRead, &loop, [&] {
            const QByteArray chunk = reply->readAll();
            bytes += chunk.size();
            lines += chunk.count('\n');
            if (lines >= events)
                loop.quit();
            else if (lines >= requested)
                writeBatch();
        });
        QObject::connect(reply, &QNetworkReply::metaDataChanged, &loop, [&] {
            if (requested == 0) {
                t.start();
                writeBatch();
            }
        });
        QObject::connect(reply, &QNetworkReply::finished, &loop, [&] {
            std::fprintf(stderr, "bench_sim: watch ended early: %s\n",
                         qPrintable(reply->errorString()));
            loop.quit();
        });
        loop.exec();
        const double s = t.nsecsElapsed() / 1e9;
        std::printf("WATCH: %lld events (%.1f MB) in %.2f s = %.0f events/s, %.1f MB/s "
                    "(writes + serialisation + fan-out + loopback)\n",
                    lines, mb(bytes), s, lines / s, mb(bytes) / s);
        figure("sim.watch_events_per_second", lines / s, "events/s", 0);
        reply->disconnect();
        reply->abort();
        reply->deleteLater();
    }
    // ---- 6. plain requests beside open watches and a steady write rate --------------------
    if (watches > 0 && requests > 0) {
        qint64 rv = 0;
        QString podPath;
        QMetaObject::invokeMethod(
            &ctx,
            [&] {
                rv = sim->revision();
                const QJsonObject meta =
                    targets.value(0).value(QStringLiteral("metadata")).toObject();
                podPath = QStringLiteral("/api/v1/namespaces/%1/pods/%2")
                              .arg(meta.value(QStringLiteral("namespace")).toString(),
                                   meta.value(QStringLiteral("name")).toString());
            },
            Qt::BlockingQueuedConnection);
        QThread watchThread;
        watchThread.setObjectName(QStringLiteral("watchers"));
        watchThread.start();
        Watchers watchers;
        watchers.moveToThread(&watchThread);
        QMetaObject::invokeMethod(
            &watchers, [&] { watchers.open(url, rv, watches); }, Qt::BlockingQueuedConnection);
        int open = 0;
        for (int i = 0; i < 500 && open < watches; ++i) {
            QThread::msleep(10);
            QMetaObject::invokeMethod(
                &ctx, [&] { open = sim->openWatchCount(); }, Qt::BlockingQueuedConnection);
        }
        // The writer: every 10 ms in the server thread, writeRate/100 updates.
        QTimer *writer = nullptr;
        const int writtenBefore = written;
        QMetaObject::invokeMethod(
            &ctx,
            [&] {
                writer = new QTimer;
                QObject::connect(writer, &QTimer::timeout, writer, [&] {
                    for (int i = 0; i < qMax(1, writeRate / 100); ++i)
                        writeOne();
                });
                writer->start(10);
            },
            Qt::BlockingQueuedConnection);
        std::vector<double> ms;
        ms.reserve(size_t(requests));
        QElapsedTimer all;
        all.start();
        for (int i = 0; i < requests; ++i) {
            const QString target = i % 2 == 0 ? podPath : QStringLiteral("/api/v1/pods?limit=10");
            QElapsedTimer t;
            t.start();
            qnamGet(target);
            ms.push_back(t.nsecsElapsed() / 1e6);
        }
        const double seconds = all.nsecsElapsed() / 1e9;
        int writes = 0;
        int stillOpen = 0;
        QMetaObject::invokeMethod(
            &ctx,
            [&] {
                delete writer;
                writes = written - writtenBefore;
                stillOpen = sim->openWatchCount();
            },
            Qt::BlockingQueuedConnection);
        qint64 watchBytes = 0;
        QMetaObject::invokeMethod(
            &watchers,
            [&] {
                watchBytes = watchers.bytes();
                watchers.close();
            },
            Qt::BlockingQueuedConnection);
        watchThread.quit();
        watchThread.wait();
        std::printf("%d requests (GET one pod, LIST limit=10) beside %d open watches (%d still "
                    "open) and %.0f writes/s (%.1f MB/s to the watches): p50 %.2f ms, p99 "
                    "%.2f ms, max %.2f ms\n",
                    requests, open, stillOpen, writes / seconds, mb(watchBytes) / seconds,
                    percentile(ms, 0.5), percentile(ms, 0.99),
                    *std::max_element(ms.begin(), ms.end()));
        const QByteArray suffix = ".watches" + QByteArray::number(watches);
        figure("sim.request_ms_p50" + suffix, percentile(ms, 0.5), "ms", 2);
        figure("sim.request_ms_p99" + suffix, percentile(ms, 0.99), "ms", 2);
        figure("sim.request_ms_max" + suffix, *std::max_element(ms.begin(), ms.end()), "ms", 2);
    }

    QMetaObject::invokeMethod(
        &ctx, [&] { delete sim; }, Qt::BlockingQueuedConnection);
    serverThread.quit();
    serverThread.wait();
    return 0;
}
