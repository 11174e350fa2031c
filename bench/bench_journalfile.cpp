// SPDX-License-Identifier: Apache-2.0
// Journal files at scale: writes a journal of N events (default 100 000) shaped like a churning
// informer's — each pod version appears in a watch event, a queue/pop pair, an indexer update
// and a handler notification — to a file, then reads it back (RecordedJournal::load) and prints
// the file size, write and load times and the resident memory the loaded journal takes.
//
//   build/bench/bench_journalfile --events 100000 --file /tmp/j.jsonl   # write
//   build/bench/bench_journalfile --load /tmp/j.jsonl                     # load (fresh process)
#include "lens/journalfile.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>

#include <cstdio>

using namespace lens;

namespace {
qint64 rssKiB()
{
    QFile f(QStringLiteral("/proc/self/status"));
    if (!f.open(QIODevice::ReadOnly))
        return -1;
    for (const QByteArray &line : f.readAll().split('\n'))
        if (line.startsWith("VmRSS:"))
            return line.mid(6).trimmed().split(' ').value(0).toLongLong();
    return -1;
}

/// A pod of about 2 KiB of JSON (labels, two containers, status), version `rv`.
Object pod(int i, int rv)
{
    QJsonArray containers;
    for (const char *name : {"app", "sidecar"})
        containers.append(QJsonObject{
            {QLatin1String("name"), QLatin1String(name)},
            {QLatin1String("image"), QStringLiteral("registry.example.com/team/%1:1.%2")
                                         .arg(QLatin1String(name))
                                         .arg(rv % 7)},
            {QLatin1String("resources"),
             QJsonObject{{QLatin1String("requests"),
                          QJsonObject{{QLatin1String("cpu"), QStringLiteral("100m")},
                                      {QLatin1String("memory"), QStringLiteral("128Mi")}}}}},
            {QLatin1String("env"),
             QJsonArray{QJsonObject{{QLatin1String("name"), QStringLiteral("LOG_LEVEL")},
                                    {QLatin1String("value"), QStringLiteral("info")}}}}});
    QJsonObject json{{QLatin1String("apiVersion"), QStringLiteral("v1")},
                     {QLatin1String("kind"), QStringLiteral("Pod")},
                     {QLatin1String("metadata"),
                      QJsonObject{{QLatin1String("name"), QStringLiteral("web-%1").arg(i)},
                                  {QLatin1String("namespace"), QStringLiteral("shop")},
                                  {QLatin1String("uid"), QStringLiteral("0000-%1").arg(i)},
                                  {QLatin1String("resourceVersion"), QString::number(rv)},
                                  {QLatin1String("labels"),
                                   QJsonObject{{QLatin1String("app"), QStringLiteral("web")},
                                               {QLatin1String("tier"), QStringLiteral("fe")}}}}},
                     {QLatin1String("spec"), QJsonObject{{QLatin1String("containers"), containers},
                                                         {QLatin1String("nodeName"),
                                                          QStringLiteral("node-%1").arg(i % 5)}}},
                     {QLatin1String("status"),
                      QJsonObject{{QLatin1String("phase"), QStringLiteral("Running")},
                                  {QLatin1String("podIP"),
                                   QStringLiteral("10.0.%1.%2").arg(i % 250).arg(rv % 250)}}}};
    return Object::fromJson(json);
}
} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    QCommandLineParser p;
    p.addHelpOption();
    const QCommandLineOption events(QStringLiteral("events"),
                                    QStringLiteral("Events (default 100000)."), QStringLiteral("N"),
                                    QStringLiteral("100000"));
    const QCommandLineOption file(
        QStringLiteral("file"),
        QStringLiteral("Write here (default: informer-lens-bench.jsonl in the temp dir)."),
        QStringLiteral("PATH"));
    const QCommandLineOption load(QStringLiteral("load"),
                                  QStringLiteral("Only load FILE and report (a fresh process)."),
                                  QStringLiteral("FILE"));
    p.addOptions({events, file, load});
    p.process(app);
    QString err;
    if (p.isSet(load)) {
        const qint64 before = rssKiB();
        QElapsedTimer t;
        t.start();
        auto loaded = RecordedJournal::load(p.value(load), &err);
        if (!loaded) {
            std::fprintf(stderr, "%s\n", qPrintable(err));
            return 1;
        }
        std::printf("load: %zu events · %.1f MiB file · %lld ms · +%.1f MiB RSS\n",
                    loaded->journal()->events().size(),
                    double(QFile(p.value(load)).size()) / 1048576, (long long)t.elapsed(),
                    double(rssKiB() - before) / 1024);
        return 0;
    }
    const int n = p.value(events).toInt();
    const QString path = p.isSet(file)
                             ? p.value(file)
                             : QDir::temp().filePath(QStringLiteral("informer-lens-bench.jsonl"));

    ManualClock clock;
    auto journal = std::make_unique<Journal>(&clock);
    journal->setCapacity(n);
    for (int rv = 1; qsizetype(journal->events().size()) < n; ++rv) {
        const int i = rv % 500;
        const Object o = pod(i, rv);
        const QString key = QStringLiteral("shop/web-%1").arg(i);
        auto ev = [&](TraceKind kind, const char *component) {
            TraceEvent e;
            e.kind = kind;
            e.component = QLatin1String(component);
            e.key = key;
            e.resourceVersion = o.resourceVersion();
            return e;
        };
        TraceEvent w = ev(TraceKind::WatchEvent, "reflector");
        w.type = QStringLiteral("MODIFIED");
        w.object = o;
        journal->record(w);
        TraceEvent q = ev(TraceKind::FifoQueued, "deltafifo");
        q.deltas = {Delta::of(DeltaType::Updated, o)};
        journal->record(q);
        TraceEvent pop = ev(TraceKind::FifoPopped, "deltafifo");
        pop.deltas = q.deltas;
        journal->record(pop);
        TraceEvent ix = ev(TraceKind::IndexerUpdated, "indexer");
        ix.object = o;
        journal->record(ix);
        TraceEvent h = ev(TraceKind::HandlerNotified, "processor");
        h.type = QStringLiteral("update");
        h.object = o;
        h.detail.insert(QLatin1String("handler"), QStringLiteral("logger"));
        journal->record(h);
        clock.advance(1);
    }
    QElapsedTimer t;
    t.start();
    if (!JournalFileWriter::save(*journal, path, headerFor(*journal, QStringLiteral("bench")),
                                 &err)) {
        std::fprintf(stderr, "%s\n", qPrintable(err));
        return 1;
    }
    // Loading is measured by --load, in a fresh process (freed heap would hide its memory).
    std::printf("write: %zu events · %.1f MiB file · %lld ms\n", journal->events().size(),
                double(QFile(path).size()) / 1048576, (long long)t.elapsed());
    return 0;
}
