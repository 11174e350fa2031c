// SPDX-License-Identifier: Apache-2.0
// bench_sim: throughput of the simulated API server over loopback HTTP.
//
//   build/bench/bench_sim [--pods 150000] [--page 500] [--events 100000] [--seed 1]
//
// The server runs in its own thread (as the apps run it beside a GUI); the client is a
// QNetworkAccessManager in the main thread that does not parse the bodies (it only finds
// metadata.continue), so the figures are the server's, plus loopback and QNAM.
//  1. paged LIST of all pods (limit=--page, following continue tokens): MB/s, items/s;
//  2. one unpaged LIST (resourceVersion=0, from the "watch cache"): MB/s;
//  3. one WatchList (sendInitialEvents=true): every pod as an ADDED event from the cached JSON,
//     then the initial-events-end bookmark: events/s and MB/s of one watch;
//  4. one WATCH receiving --events MODIFIED events, the writes made in the server thread in
//     batches of 500 (Store::update: serialise, record, fan out), the next batch once the client
//     has the previous one: events/s end to end.
#include "sim/simulator.h"
#include "sim/store.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QThread>
#include <QTimer>

#include <cstdio>
#include <functional>
#include <memory>

using lens::sim::Simulator;

namespace {

QByteArray fetch(QNetworkAccessManager &nam, const QUrl &url)
{
    QNetworkReply *reply = nam.get(QNetworkRequest(url));
    QEventLoop loop;
    QObject::connect(reply, &QNetworkReply::finished, &loop, &QEventLoop::quit);
    loop.exec();
    const int status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    QByteArray body = reply->readAll();
    reply->deleteLater();
    if (status != 200) {
        std::fprintf(stderr, "bench_sim: %s -> HTTP %d\n", qPrintable(url.toString()), status);
        std::exit(1);
    }
    return body;
}

/// metadata.continue of a list body (metadata comes before items), or empty.
QByteArray continueToken(const QByteArray &body)
{
    const QByteArray key = "\"continue\":\"";
    const qsizetype itemsAt = body.indexOf("\"items\":");
    const qsizetype at = body.indexOf(key);
    if (at < 0 || (itemsAt >= 0 && at > itemsAt))
        return {};
    const qsizetype from = at + key.size();
    return body.mid(from, body.indexOf('"', from) - from);
}

double mb(qint64 bytes)
{
    return double(bytes) / (1024.0 * 1024.0);
}

} // namespace

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    QCommandLineParser p;
    p.setApplicationDescription(QStringLiteral("Simulated API server throughput."));
    p.addHelpOption();
    const QCommandLineOption podsOpt(QStringLiteral("pods"), QStringLiteral("Pods to seed."),
                                     QStringLiteral("N"), QStringLiteral("150000"));
    const QCommandLineOption pageOpt(QStringLiteral("page"), QStringLiteral("LIST page size."),
                                     QStringLiteral("N"), QStringLiteral("500"));
    const QCommandLineOption eventsOpt(QStringLiteral("events"),
                                       QStringLiteral("Events for the watch test."),
                                       QStringLiteral("N"), QStringLiteral("100000"));
    const QCommandLineOption seedOpt(QStringLiteral("seed"), QStringLiteral("Seed."),
                                     QStringLiteral("N"), QStringLiteral("1"));
    p.addOptions({podsOpt, pageOpt, eventsOpt, seedOpt});
    p.process(app);
    const int pods = p.value(podsOpt).toInt();
    const int page = p.value(pageOpt).toInt();
    const int events = p.value(eventsOpt).toInt();

    // ---- server thread ------------------------------------------------------------------
    QThread serverThread;
    serverThread.start();
    QObject ctx;
    ctx.moveToThread(&serverThread);
    Simulator *sim = nullptr;
    QUrl url;
    qint64 seedMs = 0;
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
            seedMs = t.elapsed();
        },
        Qt::BlockingQueuedConnection);
    std::printf("server %s, %d pods seeded in %lld ms (Qt %s)\n", qPrintable(url.toString()), pods,
                seedMs, qVersion());

    QNetworkAccessManager nam;
    // ---- 1. paged list ------------------------------------------------------------------
    {
        QElapsedTimer t;
        t.start();
        qint64 bytes = 0;
        int pages = 0;
        QByteArray token;
        do {
            QUrl u = url;
            u.setPath(QStringLiteral("/api/v1/pods"));
            QString q = QStringLiteral("limit=%1").arg(page);
            if (!token.isEmpty())
                q += QStringLiteral("&continue=") + QString::fromLatin1(token);
            u.setQuery(q);
            const QByteArray body = fetch(nam, u);
            bytes += body.size();
            ++pages;
            token = continueToken(body);
        } while (!token.isEmpty());
        const double s = t.nsecsElapsed() / 1e9;
        std::printf("paged LIST limit=%d: %d pages, %.1f MB in %.2f s = %.1f MB/s, %.0f pods/s\n",
                    page, pages, mb(bytes), s, mb(bytes) / s, pods / s);
    }
    // ---- 2. one unpaged list ------------------------------------------------------------
    {
        QElapsedTimer t;
        t.start();
        QUrl u = url;
        u.setPath(QStringLiteral("/api/v1/pods"));
        u.setQuery(QStringLiteral("resourceVersion=0"));
        const QByteArray body = fetch(nam, u);
        const double s = t.nsecsElapsed() / 1e9;
        std::printf("unpaged LIST resourceVersion=0: %.1f MB in %.2f s = %.1f MB/s\n",
                    mb(body.size()), s, mb(body.size()) / s);
    }
    // ---- 3. one WatchList: the whole state as ADDED events, then the end bookmark -----------
    {
        QUrl u = url;
        u.setPath(QStringLiteral("/api/v1/pods"));
        u.setQuery(QStringLiteral("watch=1&sendInitialEvents=true&allowWatchBookmarks=true"
                                  "&resourceVersionMatch=NotOlderThan"));
        QElapsedTimer t;
        t.start();
        QNetworkReply *reply = nam.get(QNetworkRequest(u));
        qint64 lines = 0;
        qint64 bytes = 0;
        QByteArray tail;
        QEventLoop loop;
        QObject::connect(reply, &QNetworkReply::readyRead, &loop, [&] {
            const QByteArray chunk = reply->readAll();
            bytes += chunk.size();
            lines += chunk.count('\n');
            tail = (tail + chunk).right(400);
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
        std::printf("WatchList (sendInitialEvents): %lld events (%.1f MB) in %.2f s = %.0f "
                    "events/s, %.1f MB/s (cached JSON, one watch)\n",
                    lines, mb(bytes), s, lines / s, mb(bytes) / s);
        reply->disconnect();
        reply->abort();
        reply->deleteLater();
    }
    // ---- 4. one watch, live writes ------------------------------------------------------
    {
        qint64 rv = 0;
        QList<QJsonObject> targets;
        QMetaObject::invokeMethod(
            &ctx,
            [&] {
                rv = sim->revision();
                const QList<lens::Object> all = sim->objects(QStringLiteral("pods"));
                for (int i = 0; i < qMin(1000, int(all.size())); ++i) {
                    QJsonObject o = all[i].json();
                    QJsonObject meta = o.value(QStringLiteral("metadata")).toObject();
                    meta.remove(QStringLiteral("resourceVersion")); // unconditional update
                    o.insert(QStringLiteral("metadata"), meta);
                    targets << o;
                }
            },
            Qt::BlockingQueuedConnection);
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
        int written = 0;
        const auto writeBatch = [&] {
            const int from = written;
            const int to = qMin(events, written + Batch);
            written = to;
            QMetaObject::invokeMethod(&ctx, [&, from, to] {
                lens::sim::Store *store = sim->store();
                for (int i = from; i < to; ++i) {
                    QJsonObject o = targets[i % targets.size()];
                    QJsonObject meta = o.value(QStringLiteral("metadata")).toObject();
                    QJsonObject labels = meta.value(QStringLiteral("labels")).toObject();
                    labels.insert(QStringLiteral("bench"), QString::number(i));
                    meta.insert(QStringLiteral("labels"), labels);
                    o.insert(QStringLiteral("metadata"), meta);
                    store->update(QStringLiteral("pods"), o);
                }
            });
        };
        QObject::connect(reply, &QNetworkReply::readyRead, &loop, [&] {
            const QByteArray chunk = reply->readAll();
            bytes += chunk.size();
            lines += chunk.count('\n');
            if (lines >= events)
                loop.quit();
            else if (lines >= written)
                writeBatch();
        });
        QObject::connect(reply, &QNetworkReply::metaDataChanged, &loop, [&] {
            if (written == 0) {
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
        reply->disconnect();
        reply->abort();
        reply->deleteLater();
    }

    QMetaObject::invokeMethod(
        &ctx, [&] { delete sim; }, Qt::BlockingQueuedConnection);
    serverThread.quit();
    serverThread.wait();
    return 0;
}
