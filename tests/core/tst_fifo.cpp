// SPDX-License-Identifier: Apache-2.0
// client-go's plain FIFO (fifo.go, v0.32) against clientgo-cases.md §2 (FF-*), plus the
// contrasts of spec §1.13. Each row is a script; objects are "key@payload" (payload = the
// object's resourceVersion), and every reading operation appends one line to the output.

#include "fakelisterwatcher.h"
#include "informer/fifo.h"

#include <QTest>

using namespace lens;
using namespace lens::test;

namespace {

/// Runs `ops` on a fresh FIFO; returns the output lines.
QStringList run(const QStringList &ops)
{
    FIFO f;
    QStringList out;
    auto err = [&out](const QString &e) {
        if (!e.isEmpty())
            out << QStringLiteral("error: ") + e;
    };
    for (const QString &line : ops) {
        const QString op = line.section(QLatin1Char(' '), 0, 0);
        const QString arg = line.section(QLatin1Char(' '), 1);
        if (op == QLatin1String("add")) {
            err(f.add(objFromSpec(arg)));
        } else if (op == QLatin1String("update")) {
            err(f.update(objFromSpec(arg)));
        } else if (op == QLatin1String("delete")) {
            err(f.remove(objFromSpec(arg)));
        } else if (op == QLatin1String("aip")) {
            err(f.addIfNotPresent(objFromSpec(arg)));
        } else if (op == QLatin1String("badkey")) {
            err(f.add(objFromSpec(QStringLiteral("nometa"))));
        } else if (op == QLatin1String("replace")) {
            err(f.replace(objsFromSpec(arg)));
        } else if (op == QLatin1String("resync")) {
            err(f.resync());
        } else if (op == QLatin1String("close")) {
            f.close();
        } else if (op == QLatin1String("pop") || op == QLatin1String("poprq")) {
            const bool rq = op == QLatin1String("poprq");
            const FIFO::PopResult r = f.pop([rq, arg](const QString &, const Object &, bool) {
                ProcessResult p;
                p.requeue = rq;
                p.error = arg;
                return p;
            });
            if (r.closed)
                out << QStringLiteral("Pop -> closed");
            else if (!r.popped)
                out << QStringLiteral("Pop -> empty");
            else
                out << QStringLiteral("Pop -> %1%2 initial=%3")
                           .arg(spec(r.object),
                                r.error.isEmpty() ? QString() : QStringLiteral(" error=") + r.error,
                                r.isInInitialList ? QStringLiteral("true")
                                                  : QStringLiteral("false"));
        } else if (op == QLatin1String("list")) {
            out << QStringLiteral("List=") + specs(f.list(), true);
        } else if (op == QLatin1String("keys")) {
            QStringList k = f.listKeys();
            k.sort();
            out << QStringLiteral("ListKeys=[%1]").arg(k.join(QStringLiteral(", ")));
        } else if (op == QLatin1String("queue")) {
            out << QStringLiteral("queue=[%1]").arg(f.queuedKeys().join(QStringLiteral(", ")));
        } else if (op == QLatin1String("len")) {
            out << QStringLiteral("len(items)=%1").arg(f.itemCount());
        } else if (op == QLatin1String("get")) {
            const std::optional<Object> o = f.get(arg);
            out << QStringLiteral("Get %1=%2").arg(arg, o ? spec(*o) : QStringLiteral("absent"));
        } else if (op == QLatin1String("hassynced")) {
            out << QStringLiteral("HasSynced=%1")
                       .arg(f.hasSynced() ? QStringLiteral("true") : QStringLiteral("false"));
        } else {
            out << QStringLiteral("bad op ") + line;
        }
    }
    return out;
}

} // namespace

class TestFIFO : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void fifo_data();
    void fifo();
};

void TestFIFO::fifo_data()
{
    QTest::addColumn<QStringList>("ops");
    QTest::addColumn<QStringList>("expected");

    QTest::newRow("FF-02 requeue on pop keeps the item until processed")
        << L({"add foo@10", "poprq", "get foo", "poprq test error", "get foo", "pop", "get foo",
              "pop"})
        << L({"Pop -> foo@10 initial=false", "Get foo=foo@10",
              "Pop -> foo@10 error=test error initial=false", "Get foo=foo@10",
              "Pop -> foo@10 initial=false", "Get foo=absent", "Pop -> empty"});
    QTest::newRow("FF-03 add update: one object per key, one pop")
        << L({"add foo@10", "update foo@15", "list", "keys", "pop", "pop", "get foo"})
        << L({"List=[foo@15]", "ListKeys=[foo]", "Pop -> foo@15 initial=false", "Pop -> empty",
              "Get foo=absent"});
    QTest::newRow("FF-05 detect line jumpers: a key keeps its position")
        << L({"add foo@10", "add bar@1", "add foo@11", "add foo@13", "add zab@30", "pop",
              "add foo@14", "pop", "pop", "pop", "pop"})
        << L({"Pop -> foo@13 initial=false", "Pop -> bar@1 initial=false",
              "Pop -> zab@30 initial=false", "Pop -> foo@14 initial=false", "Pop -> empty"});
    QTest::newRow("FF-06 add if not present")
        << L({"add a@1", "add b@2", "aip b@3", "aip c@4", "len", "pop", "pop", "pop", "pop"})
        << L({"len(items)=3", "Pop -> a@1 initial=false", "Pop -> b@2 initial=false",
              "Pop -> c@4 initial=false", "Pop -> empty"});
    QTest::newRow("FF-08 pops on a closed empty queue all return closed")
        << L({"close", "pop", "pop", "pop", "pop", "pop", "pop", "pop", "pop", "pop", "pop"})
        << QStringList(10, QStringLiteral("Pop -> closed"));
    QTest::newRow("FF-08 a closed queue still hands out what it holds")
        << L({"add foo@1", "close", "pop", "pop"})
        << L({"Pop -> foo@1 initial=false", "Pop -> closed"});
    QTest::newRow("FF-09 FIFO as a store: get, update, delete, list, replace")
        << L({"add foo@bar", "get foo", "update foo@baz", "get foo", "delete foo", "get foo",
              "add a@b", "add c@d", "add e@e", "list", "replace foo@foo,bar@bar", "list"})
        << L({"Get foo=foo@bar", "Get foo=foo@baz", "Get foo=absent", "List=[a@b, c@d, e@e]",
              "List=[bar@bar, foo@foo]"});
    QTest::newRow("FF-09 delete removes the object only; pop skips the queued key")
        << L({"add x@1", "add y@2", "delete x", "queue", "keys", "pop", "pop"})
        << L({"queue=[x, y]", "ListKeys=[y]", "Pop -> y@2 initial=false", "Pop -> empty"});
    QTest::newRow("FF-09 delete then add: the key is queued twice, the second entry is skipped")
        << L({"add x@1", "add y@2", "delete x", "add x@3", "queue", "pop", "pop", "pop"})
        << L({"queue=[x, y, x]", "Pop -> x@3 initial=false", "Pop -> y@2 initial=false",
              "Pop -> empty"});

    // spec §1.13 contrasts with DeltaFIFO
    QTest::newRow("FIFO replace is wholesale and sets initialPopulationCount once")
        << L({"replace a@1,b@2,a@3", "hassynced", "queue", "pop", "hassynced", "replace c@1",
              "queue", "pop", "hassynced", "pop"})
        << L({"HasSynced=false", "queue=[a, b]", "Pop -> a@3 initial=true", "HasSynced=false",
              "queue=[c]", "Pop -> c@1 initial=true", "HasSynced=true", "Pop -> empty"});
    QTest::newRow("FIFO add before the first replace: populated already, no initial count")
        << L({"add old@1", "replace a@1", "hassynced", "get old"})
        << L({"HasSynced=true", "Get old=absent"});
    QTest::newRow("FIFO pop counts skipped keys against initialPopulationCount")
        << L({"replace a@1,b@2", "delete a", "hassynced", "pop", "hassynced"})
        << L({"HasSynced=false", "Pop -> b@2 initial=true", "HasSynced=true"});
    QTest::newRow("FIFO resync: every stored key is already queued, nothing changes")
        << L({"add a@1", "add b@2", "resync", "queue", "pop", "add a@5", "resync", "queue"})
        << L({"queue=[a, b]", "Pop -> a@1 initial=false", "queue=[b, a]"});
    QTest::newRow("FIFO hassynced: fresh false, after add true")
        << L({"hassynced", "add a@1", "hassynced"}) << L({"HasSynced=false", "HasSynced=true"});
    QTest::newRow("FIFO key error")
        << L({"badkey"})
        << L({"error: couldn't create key for object: object has no meta: {\"kind\":\"Service\"}"});
}

void TestFIFO::fifo()
{
    QFETCH(QStringList, ops);
    QFETCH(QStringList, expected);
    QCOMPARE(run(ops), expected);
}

QTEST_GUILESS_MAIN(TestFIFO)
#include "tst_fifo.moc"
