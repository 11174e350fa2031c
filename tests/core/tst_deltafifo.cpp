// SPDX-License-Identifier: Apache-2.0
// DeltaFIFO against the client-go acceptance cases §1 (v0.32 semantics, spec §1).
//
// Every row of deltaFifo() is a script of operations on one DeltaFIFO and the transcript it must
// produce. Objects are written "name@rv" (obj(k, v) of the cases file: cluster-scoped, so the key
// is the name). Operations:
//   add|update|delete K@V    Add/Update/Delete; an error prints "error: <text>"
//   replace [K@V,K@V,...]    Replace (no argument = Replace([]))
//   resync | close
//   pop                      "Pop -> [Added foo@10, Deleted Tomb(foo, foo@10)]" | "Pop -> empty" |
//                            "Pop -> closed"
//   popi                     as pop, with "initial=<isInInitialList>" after "Pop"
//   popnewest                "PopNewest -> <rv of the newest delta>"
//   poprq [msg]              process answers ErrRequeue{msg}; " error=<msg>" appended when
//   non-empty poperr msg               process answers a plain error (item dropped) pop>NAME as
//   pop, and remember the popped Deltas as NAME aip NAME|empty           AddIfNotPresent(remembered
//   Deltas | empty Deltas) synced                   "HasSynced=<bool>" keys "ListKeys=[a, b]"
//   (queue order) list                     "List=[foo@15]" (newest object per key, queue order) get
//   K                    "Get K=[...]" or "Get K=absent"
// With the transformer column set, a counting transformer is installed and every delta is printed
// with "#<times its object went through the transformer>".
//
// FF-* rows are omitted: this port has no plain FIFO. DF-23 is informational (newer versions).

#include "informer/deltafifo.h"
#include "testutil.h"
#include "trace/journal.h"
#include "trace/jsonlines.h"
#include "trace/tracedetail.h"

#include <QJsonObject>
#include <QTest>

using namespace lens;
using namespace lens::test;

namespace {

class KnownObjects : public KeyListerGetter {
public:
    QHash<QString, Object> items;
    QStringList listKeys() const override
    {
        QStringList k = items.keys();
        k.sort();
        return k;
    }
    Object getByKey(const QString &key) const override { return items.value(key); }
};

} // namespace

class TestDeltaFIFO : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void deltaFifo_data();
    void deltaFifo();
    void interleavedProducers_data();
    void interleavedProducers();
    void keyOf_data();
    void keyOf();
    void transformerNotAppliedToTombstones_data();
    void replaceLetsEachOriginalGo();
    void slicedReplaceIsOneReplace();
    void oneKeyRepeatedIsJournaledInBoundedLines();
    void transformerNotAppliedToTombstones();

private:
    static QString describe(const QString &key, const Deltas &deltas, bool withCounts)
    {
        QStringList parts;
        for (const Delta &d : deltas) {
            QString s = d.describe(key);
            if (withCounts)
                s += QLatin1Char('#') + QString::number(transformCount(d.object));
            parts << s;
        }
        return QLatin1Char('[') + parts.join(QStringLiteral(", ")) + QLatin1Char(']');
    }
};

void TestDeltaFIFO::deltaFifo_data()
{
    // known: "none" = no KnownObjects; otherwise a (possibly empty) list "foo@5,bar@6".
    QTest::addColumn<QString>("known");
    QTest::addColumn<bool>("emitReplaced");
    QTest::addColumn<bool>("transformer");
    QTest::addColumn<QStringList>("ops");
    QTest::addColumn<QStringList>("expected");

    const QString none = QStringLiteral("none");

    QTest::newRow("DF-02 replace with delete delta in queue")
        << QStringLiteral("foo@1") << false << false << L({"delete foo@1", "replace foo@2", "pop"})
        << L({"Pop -> [Deleted foo@1, Sync foo@2]"});

    for (const QString &known : {none, QStringLiteral("foo@1")}) {
        const QByteArray v = known == none ? "known=none" : "known=[foo]";
        QTest::newRow(("DF-03b replaced object has a single delete, " + v).constData())
            << known << true << false << L({"add foo@1", "replace foo@1", "replace", "pop", "pop"})
            << L({"Pop -> [Added foo@1, Replaced foo@1, Deleted Tomb(foo, foo@1)]",
                  "Pop -> empty"});
        QTest::newRow(("DF-03c deleted object has a single delete, " + v).constData())
            << known << true << false << L({"add foo@1", "delete foo@1", "replace", "pop"})
            << L({"Pop -> [Added foo@1, Deleted foo@1]"});
        QTest::newRow(("DF-03e single delete on multiple replaces, " + v).constData())
            << known << true << false << L({"add foo@1", "replace", "replace", "pop"})
            << L({"Pop -> [Added foo@1, Deleted Tomb(foo, foo@1)]"});
        QTest::newRow(("DF-03f added, deleted, added is deleted, " + v).constData())
            << known << true << false
            << L({"add foo@2", "delete foo@2", "add foo@3", "replace", "pop"})
            << L({"Pop -> [Added foo@2, Deleted foo@2, Added foo@3, Deleted Tomb(foo, foo@3)]"});
    }
    QTest::newRow("DF-03d only consecutive Deleted are merged")
        << none << false << false
        << L({"add foo@1", "add foo@1", "update foo@2", "update foo@2", "replace foo@3",
              "replace foo@3", "pop"})
        << L({"Pop -> [Added foo@1, Added foo@1, Updated foo@2, Updated foo@2, Sync foo@3, "
              "Sync foo@3]"});
    QTest::newRow("DF-03d Replaced deltas are not merged either")
        << none << true << false << L({"replace foo@3", "replace foo@3", "pop"})
        << L({"Pop -> [Replaced foo@3, Replaced foo@3]"});

    QTest::newRow("DF-04 requeue keeps the item until processed (spec 1.8)")
        << none << false << false
        << L({"add foo@10", "poprq", "keys", "poprq test error", "keys", "pop", "keys", "pop"})
        << L({"Pop -> [Added foo@10]", "ListKeys=[foo]", "Pop -> [Added foo@10] error=test error",
              "ListKeys=[foo]", "Pop -> [Added foo@10]", "ListKeys=[]", "Pop -> empty"});
    QTest::newRow("DF-04 requeued item goes to the tail")
        << none << false << false << L({"add foo@10", "add bar@11", "poprq", "keys", "pop", "pop"})
        << L({"Pop -> [Added foo@10]", "ListKeys=[bar, foo]", "Pop -> [Added bar@11]",
              "Pop -> [Added foo@10]"});
    QTest::newRow("DF-04 plain process error drops the item (spec 1.8)")
        << none << false << false << L({"add foo@10", "poperr boom", "keys", "pop"})
        << L({"Pop -> [Added foo@10] error=boom", "ListKeys=[]", "Pop -> empty"});

    QTest::newRow("DF-05 add update delete")
        << none << false << false
        << L({"add foo@10", "update foo@12", "delete foo@15", "list", "keys", "pop", "pop",
              "get foo"})
        << L({"List=[foo@15]", "ListKeys=[foo]",
              "Pop -> [Added foo@10, Updated foo@12, Deleted foo@15]", "Pop -> empty",
              "Get foo=absent"});

    QTest::newRow("DF-06 transformer counts")
        << none << false << true
        << L({"add foo@10", "add bar@11", "update foo@12", "delete foo@15", "replace", "add bar@16",
              "replace", "keys", "pop", "pop"})
        << L({"ListKeys=[foo, bar]", "Pop -> [Added foo@10#1, Updated foo@12#1, Deleted foo@15#1]",
              "Pop -> [Added bar@11#1, Deleted Tomb(bar, bar@11)#1, Added bar@16#1, "
              "Deleted Tomb(bar, bar@16)#1]"});
    QTest::newRow("DF-06 Replace transforms listed objects even when it emits Sync")
        << none << false << true << L({"replace foo@5", "pop"}) << L({"Pop -> [Sync foo@5#1]"});
    QTest::newRow("DF-06 Resync objects are not transformed")
        << QStringLiteral("foo@5") << false << true << L({"resync", "pop"})
        << L({"Pop -> [Sync foo@5#0]"});
    QTest::newRow("DF-06 known-derived tombstone is not transformed")
        << QStringLiteral("foo@5") << true << true << L({"replace", "pop"})
        << L({"Pop -> [Deleted Tomb(foo, foo@5)#0]"});

    QTest::newRow("DF-07 delete of an unknown key without KnownObjects is a no-op")
        << none << false << false << L({"synced", "delete foo@1", "keys", "synced", "pop"})
        << L({"HasSynced=false", "ListKeys=[]", "HasSynced=true", "Pop -> empty"});
    QTest::newRow("DF-07 delete unknown to both queue and KnownObjects is a no-op")
        << QStringLiteral("bar@1") << false << false << L({"delete foo@1", "keys"})
        << L({"ListKeys=[]"});

    QTest::newRow("DF-08 enqueueing with lister")
        << QStringLiteral("foo@5,bar@6,baz@7") << false << false
        << L({"add foo@10", "update bar@15", "delete baz@20", "popnewest", "popnewest", "popnewest",
              "pop"})
        << L({"PopNewest -> 10", "PopNewest -> 15", "PopNewest -> 20", "Pop -> empty"});

    QTest::newRow("DF-09 add replace")
        << none << false << false << L({"add foo@10", "replace foo@15", "pop", "pop", "get foo"})
        << L({"Pop -> [Added foo@10, Sync foo@15]", "Pop -> empty", "Get foo=absent"});

    QTest::newRow("DF-10 resync skips a key with a queued delete")
        << QStringLiteral("foo@5") << false << false << L({"delete foo@10", "resync", "get foo"})
        << L({"Get foo=[Deleted foo@10]"});

    QTest::newRow("DF-11 resync") << QStringLiteral("foo@5") << false << false
                                  << L({"resync", "get foo", "keys"})
                                  << L({"Get foo=[Sync foo@5]", "ListKeys=[foo]"});
    QTest::newRow("DF-11 resync without KnownObjects is a no-op")
        << none << false << false << L({"resync", "keys", "synced"})
        << L({"ListKeys=[]", "HasSynced=false"});

    QTest::newRow("DF-12 delete existing non-propagated")
        << QString() << false << false << L({"add foo@5", "delete foo@6", "get foo"})
        << L({"Get foo=[Added foo@5, Deleted foo@6]"});

    const QString fbb = QStringLiteral("foo@5,bar@6,baz@7");
    QTest::newRow("DF-13a pre-existing delete (spec 1.9)")
        << fbb << false << false << L({"delete baz@10", "replace foo@5", "pop", "pop", "pop"})
        << L({"Pop -> [Deleted baz@10]", "Pop -> [Sync foo@5]",
              "Pop -> [Deleted Tomb(bar, bar@6)]"});
    QTest::newRow("DF-13b pre-existing add")
        << fbb << false << false << L({"add baz@10", "replace foo@5", "pop", "pop", "pop", "pop"})
        << L({"Pop -> [Added baz@10, Deleted Tomb(baz, baz@10)]", "Pop -> [Sync foo@5]",
              "Pop -> [Deleted Tomb(bar, bar@6)]", "Pop -> empty"});
    QTest::newRow("DF-13c delete and recreate in queue")
        << fbb << false << false
        << L({"delete bar@6", "add bar@100", "replace foo@5", "pop", "pop", "pop", "pop"})
        << L({"Pop -> [Deleted bar@6, Added bar@100, Deleted Tomb(bar, bar@100)]",
              "Pop -> [Sync foo@5]", "Pop -> [Deleted Tomb(baz, baz@7)]", "Pop -> empty"});
    QTest::newRow("DF-13e no KnownObjects")
        << none << false << false << L({"add baz@10", "replace foo@5", "pop", "pop", "pop"})
        << L({"Pop -> [Added baz@10, Deleted Tomb(baz, baz@10)]", "Pop -> [Sync foo@5]",
              "Pop -> empty"});
    QTest::newRow("DF-13 tombstone of a tombstone unwraps the object (spec 1.9)")
        << QStringLiteral("foo@5") << false << false
        << L({"replace", "replace bar@1", "pop", "pop", "pop"})
        << L({"Pop -> [Deleted Tomb(foo, foo@5)]", "Pop -> [Sync bar@1]", "Pop -> empty"});

    QTest::newRow("DF-14 replace makes deletions replaced")
        << fbb << true << false << L({"delete baz@10", "replace foo@6", "pop", "pop", "pop"})
        << L({"Pop -> [Deleted baz@10]", "Pop -> [Replaced foo@6]",
              "Pop -> [Deleted Tomb(bar, bar@6)]"});

    QTest::newRow("DF-16 update resync race")
        << QStringLiteral("foo@5") << false << false << L({"update foo@6", "resync", "pop", "pop"})
        << L({"Pop -> [Updated foo@6]", "Pop -> empty"});

    QTest::newRow("DF-17 has synced correct on deletion")
        << fbb << false << false
        << L({"replace foo@5", "synced", "popi", "synced", "popi", "synced", "popi", "synced"})
        << L({"HasSynced=false", "Pop initial=true -> [Sync foo@5]", "HasSynced=false",
              "Pop initial=true -> [Deleted Tomb(bar, bar@6)]", "HasSynced=false",
              "Pop initial=true -> [Deleted Tomb(baz, baz@7)]", "HasSynced=true"});
    QTest::newRow("DF-17 counter is set by the first Replace only (spec 1.9.6)")
        << none << false << false
        << L({"replace a@1", "replace a@2,b@2,c@2", "synced", "popi", "synced", "popi", "popi"})
        << L({"HasSynced=false", "Pop initial=true -> [Sync a@1, Sync a@2]", "HasSynced=true",
              "Pop initial=false -> [Sync b@2]", "Pop initial=false -> [Sync c@2]"});
    QTest::newRow("DF-17 Add before the first Replace means no initial list (spec 1.11)")
        << none << false << false << L({"add x@1", "replace a@1,b@1", "synced", "popi"})
        << L({"HasSynced=true", "Pop initial=false -> [Added x@1, Deleted Tomb(x, x@1)]"});

    QTest::newRow("DF-18 detect line jumpers")
        << none << false << false
        << L({"add foo@10", "add bar@1", "add foo@11", "add foo@13", "add zab@30", "popnewest",
              "add foo@14", "popnewest", "popnewest", "popnewest", "pop"})
        << L({"PopNewest -> 13", "PopNewest -> 1", "PopNewest -> 30", "PopNewest -> 14",
              "Pop -> empty"});

    QTest::newRow("DF-19 add if not present")
        << none << false << false
        << L({"aip empty", "add b@3", "pop>b3", "add c@4", "pop>c4", "add a@1", "add b@2", "aip b3",
              "aip c4", "keys", "popnewest", "popnewest", "popnewest", "pop"})
        << L({"error: couldn't create key for object: 0 length Deltas object; can't get key",
              "Pop -> [Added b@3]", "Pop -> [Added c@4]", "ListKeys=[a, b, c]", "PopNewest -> 1",
              "PopNewest -> 2", "PopNewest -> 4", "Pop -> empty"});
    QTest::newRow("DF-19 AddIfNotPresent marks populated (spec 1.7)")
        << none << false << false << L({"add b@3", "pop>b3", "synced"})
        << L({"Pop -> [Added b@3]", "HasSynced=true"});

    QTest::newRow("DF-21a nothing")
        << none << false << false << L({"synced"}) << L({"HasSynced=false"});
    QTest::newRow("DF-21b add") << none << false << false << L({"add a@1", "synced"})
                                << L({"HasSynced=true"});
    QTest::newRow("DF-21c empty replace")
        << none << false << false << L({"replace", "synced"}) << L({"HasSynced=true"});
    QTest::newRow("DF-21d replace two")
        << none << false << false << L({"replace a@1,b@2", "synced"}) << L({"HasSynced=false"});
    QTest::newRow("DF-21e replace two, one pop")
        << none << false << false << L({"replace a@1,b@2", "popi", "synced"})
        << L({"Pop initial=true -> [Sync a@1]", "HasSynced=false"});
    QTest::newRow("DF-21f replace two, two pops")
        << none << false << false << L({"replace a@1,b@2", "popi", "popi", "synced"})
        << L({"Pop initial=true -> [Sync a@1]", "Pop initial=true -> [Sync b@2]",
              "HasSynced=true"});
    QTest::newRow("DF-21g duplicate key counts once")
        << none << false << false << L({"replace a@1,a@2", "popi", "synced"})
        << L({"Pop initial=true -> [Sync a@1, Sync a@2]", "HasSynced=true"});

    QTest::newRow("DF-22 pop on a closed empty queue returns closed")
        << QStringLiteral("foo@5") << false << false
        << L({"close", "pop", "pop", "pop", "pop", "pop", "pop", "pop", "pop", "pop", "pop"})
        << QStringList(10, QStringLiteral("Pop -> closed"));
    QTest::newRow("DF-22 a closed queue still hands out what it holds (spec 1.8)")
        << none << false << false << L({"add foo@1", "close", "pop", "pop"})
        << L({"Pop -> [Added foo@1]", "Pop -> closed"});
}

void TestDeltaFIFO::deltaFifo()
{
    QFETCH(QString, known);
    QFETCH(bool, emitReplaced);
    QFETCH(bool, transformer);
    QFETCH(QStringList, ops);
    QFETCH(QStringList, expected);

    KnownObjects knownObjects;
    DeltaFIFO::Options o;
    if (known != QLatin1String("none")) {
        for (const Object &k : objsFromSpec(known))
            knownObjects.items.insert(k.name(), k);
        o.knownObjects = &knownObjects;
    }
    o.emitDeltaTypeReplaced = emitReplaced;
    if (transformer)
        o.transformer = countingTransform;
    DeltaFIFO fifo(o);

    QHash<QString, Deltas> saved;
    QStringList out;
    auto err = [&](const QString &e) {
        if (!e.isEmpty())
            out << QStringLiteral("error: ") + e;
    };
    for (const QString &op : std::as_const(ops)) {
        const QStringList w = op.split(QLatin1Char(' '));
        const QString cmd = w.value(0);
        const QString arg = w.mid(1).join(QLatin1Char(' '));
        if (cmd == QLatin1String("add")) {
            err(fifo.add(objFromSpec(arg)));
        } else if (cmd == QLatin1String("update")) {
            err(fifo.update(objFromSpec(arg)));
        } else if (cmd == QLatin1String("delete")) {
            err(fifo.remove(objFromSpec(arg)));
        } else if (cmd == QLatin1String("replace")) {
            err(fifo.replace(objsFromSpec(arg), QStringLiteral("0")));
        } else if (cmd == QLatin1String("resync")) {
            err(fifo.resync());
        } else if (cmd == QLatin1String("close")) {
            fifo.close();
        } else if (cmd.startsWith(QLatin1String("pop"))) {
            ProcessResult answer;
            if (cmd == QLatin1String("poprq")) {
                answer.requeue = true;
                answer.error = arg;
            } else if (cmd == QLatin1String("poperr")) {
                answer.error = arg;
            }
            QString processedKey;
            Deltas processed;
            bool processedInitial = false;
            int calls = 0;
            const PopResult r = fifo.pop([&](const QString &key, const Deltas &d, bool initial) {
                ++calls;
                processedKey = key;
                processed = d;
                processedInitial = initial;
                return answer;
            });
            if (!r.popped) {
                QCOMPARE(calls, 0);
                out << (r.closed ? QStringLiteral("Pop -> closed")
                                 : QStringLiteral("Pop -> empty"));
                continue;
            }
            // What process saw is what Pop returns.
            QCOMPARE(calls, 1);
            QCOMPARE(processedKey, r.key);
            QCOMPARE(processedInitial, r.isInInitialList);
            QCOMPARE(processed.size(), r.deltas.size());
            QCOMPARE(r.error, answer.error);
            if (cmd == QLatin1String("popnewest")) {
                out << QStringLiteral("PopNewest -> ") + r.deltas.last().object.resourceVersion();
                continue;
            }
            if (cmd.startsWith(QLatin1String("pop>")))
                saved.insert(cmd.mid(4), r.deltas);
            QString line = QStringLiteral("Pop");
            if (cmd == QLatin1String("popi"))
                line += QStringLiteral(" initial=") +
                        (r.isInInitialList ? QStringLiteral("true") : QStringLiteral("false"));
            line += QStringLiteral(" -> ") + describe(r.key, r.deltas, transformer);
            if (!r.error.isEmpty())
                line += QStringLiteral(" error=") + r.error;
            out << line;
        } else if (cmd == QLatin1String("aip")) {
            err(fifo.addIfNotPresent(arg == QLatin1String("empty") ? Deltas{} : saved.value(arg)));
        } else if (cmd == QLatin1String("synced")) {
            out << QStringLiteral("HasSynced=") +
                       (fifo.hasSynced() ? QStringLiteral("true") : QStringLiteral("false"));
        } else if (cmd == QLatin1String("keys")) {
            out << QStringLiteral("ListKeys=[") + fifo.listKeys().join(QStringLiteral(", ")) +
                       QLatin1Char(']');
        } else if (cmd == QLatin1String("list")) {
            QStringList l;
            for (const Object &x : fifo.list())
                l << x.name() + QLatin1Char('@') + x.resourceVersion();
            out << QStringLiteral("List=[") + l.join(QStringLiteral(", ")) + QLatin1Char(']');
        } else if (cmd == QLatin1String("get")) {
            const auto d = fifo.get(arg);
            out << QStringLiteral("Get ") + arg + QLatin1Char('=') +
                       (d ? describe(arg, *d, transformer) : QStringLiteral("absent"));
        } else {
            QFAIL(qPrintable(QStringLiteral("unknown op ") + op));
        }
    }
    QCOMPARE(out, expected);
    // Invariant (spec 1.2): a key is in the queue iff it has deltas, and no key twice.
    const QStringList keys = fifo.listKeys();
    QCOMPARE(qsizetype(QSet<QString>(keys.begin(), keys.end()).size()), keys.size());
    for (const QString &k : keys)
        QVERIFY(fifo.get(k).has_value() && !fifo.get(k)->isEmpty());
}

void TestDeltaFIFO::interleavedProducers_data()
{
    QTest::addColumn<int>("perProducer");
    QTest::newRow("DF-01 two producers, 500 each, interleaved") << 500;
    QTest::newRow("DF-01 two producers, 1 each") << 1;
}

void TestDeltaFIFO::interleavedProducers()
{
    // Single-threaded rendering of TestDeltaFIFO_basic: the producers' Adds interleave (A runs
    // ahead of B for a while, then B catches up), the consumer pops everything.
    QFETCH(int, perProducer);
    DeltaFIFO fifo;
    int a = 1, b = 1;
    while (a <= perProducer || b <= perProducer) {
        for (int i = 0; i < 3 && a <= perProducer; ++i, ++a)
            QVERIFY(
                fifo.add(Object::make(QString(), QStringLiteral("a%1").arg(a), QString::number(a)))
                    .isEmpty());
        for (int i = 0; i < 2 && b <= perProducer; ++i, ++b)
            QVERIFY(
                fifo.add(Object::make(QString(), QStringLiteral("b%1").arg(b), QString::number(b)))
                    .isEmpty());
    }
    int lastA = 0, lastB = 0, pops = 0;
    for (;;) {
        const PopResult r = fifo.pop({});
        if (!r.popped)
            break;
        ++pops;
        QCOMPARE(r.deltas.size(), 1);
        const int v = r.deltas.last().object.resourceVersion().toInt();
        int &last = r.key.startsWith(QLatin1Char('a')) ? lastA : lastB;
        QVERIFY2(v > last, qPrintable(r.key));
        last = v;
    }
    QCOMPARE(pops, 2 * perProducer);
    QCOMPARE(lastA, perProducer);
    QCOMPARE(lastB, perProducer);
}

void TestDeltaFIFO::keyOf_data()
{
    QTest::addColumn<QString>("input");
    QTest::addColumn<QString>("expectedKey");
    QTest::addColumn<QString>("expectedError");
    QTest::addColumn<int>("keyFuncCalls");
    QTest::newRow("DF-20 object") << QStringLiteral("obj A") << QStringLiteral("A") << QString()
                                  << 1;
    QTest::newRow("DF-20 tombstone")
        << QStringLiteral("tomb B") << QStringLiteral("B") << QString() << 0;
    QTest::newRow("DF-20 deltas of object")
        << QStringLiteral("deltas C") << QStringLiteral("C") << QString() << 1;
    QTest::newRow("DF-20 deltas of tombstone")
        << QStringLiteral("deltastomb D") << QStringLiteral("D") << QString() << 0;
    QTest::newRow("DF-20 empty deltas (ErrZeroLengthDeltasObject)")
        << QStringLiteral("empty") << QString()
        << QStringLiteral("0 length Deltas object; can't get key") << 0;
    QTest::newRow("DF-20 key error of the key function")
        << QStringLiteral("obj fail") << QString() << QStringLiteral("no key for fail") << 1;
}

void TestDeltaFIFO::keyOf()
{
    QFETCH(QString, input);
    QFETCH(QString, expectedKey);
    QFETCH(QString, expectedError);
    QFETCH(int, keyFuncCalls);
    int calls = 0;
    DeltaFIFO::Options o;
    o.keyFunc = [&calls](const Object &x) -> KeyResult {
        ++calls;
        if (x.name() == QLatin1String("fail"))
            return {QString(), QStringLiteral("no key for fail")};
        return {x.name(), QString()};
    };
    DeltaFIFO fifo(o);
    const QString what = input.section(QLatin1Char(' '), 0, 0);
    const QString name = input.section(QLatin1Char(' '), 1);
    KeyResult k;
    if (what == QLatin1String("obj"))
        k = fifo.keyOf(Delta::of(DeltaType::Added, Object::make(QString(), name, QString())));
    else if (what == QLatin1String("tomb"))
        k = fifo.keyOf(Delta::deletedFinalStateUnknown(name, Object()));
    else if (what == QLatin1String("deltas"))
        k = fifo.keyOf(
            Deltas{Delta::of(DeltaType::Added, Object::make(QString(), name, QString()))});
    else if (what == QLatin1String("deltastomb"))
        k = fifo.keyOf(Deltas{Delta::deletedFinalStateUnknown(name, Object())});
    else
        k = fifo.keyOf(Deltas{});
    QCOMPARE(k.key, expectedKey);
    QCOMPARE(k.error, expectedError);
    QCOMPARE(calls, keyFuncCalls);
}

void TestDeltaFIFO::transformerNotAppliedToTombstones_data()
{
    QTest::addColumn<bool>("withKnown");
    QTest::newRow("DF-06 transformer never sees a tombstone, queue-derived") << false;
    QTest::newRow("DF-06 transformer never sees a tombstone, known-derived") << true;
}

void TestDeltaFIFO::transformerNotAppliedToTombstones()
{
    // The transform function receives only plain objects; count calls per action to prove it.
    QFETCH(bool, withKnown);
    KnownObjects known;
    known.items.insert(QStringLiteral("k"),
                       Object::make(QString(), QStringLiteral("k"), QStringLiteral("1")));
    QStringList seen;
    DeltaFIFO::Options o;
    if (withKnown)
        o.knownObjects = &known;
    o.transformer = [&seen](const Object &x, QString *) {
        seen << x.name() + QLatin1Char('@') + x.resourceVersion();
        return x;
    };
    DeltaFIFO fifo(o);
    QVERIFY(fifo.add(Object::make(QString(), QStringLiteral("q"), QStringLiteral("2"))).isEmpty());
    QVERIFY(fifo.replace({}, QStringLiteral("0")).isEmpty());
    QVERIFY(fifo.resync().isEmpty());
    QCOMPARE(seen, QStringList{QStringLiteral("q@2")});
    QCOMPARE(fifo.listKeys(), withKnown ? QStringList({QStringLiteral("q"), QStringLiteral("k")})
                                        : QStringList{QStringLiteral("q")});
}

void TestDeltaFIFO::replaceLetsEachOriginalGo()
{
    // A list moved into Replace: each original goes as soon as its transformed copy is queued
    // (not when the whole list is), so originals and copies are never all alive together.
    LetGoProbe probe;
    DeltaFIFO::Options o;
    o.transformer = probe.transformer();
    DeltaFIFO fifo(o);
    QVERIFY(fifo.replace(probe.originals(5), QStringLiteral("9")).isEmpty());
    QCOMPARE(probe.calls, 5);
    QCOMPARE(probe.heldWhenChecked, 0);
    QCOMPARE(probe.held(5), 0);
    const PopResult r =
        fifo.pop([](const QString &, const Deltas &, bool) { return ProcessResult{}; });
    QCOMPARE(r.key, QStringLiteral("o0"));
    QCOMPARE(transformCount(r.deltas.last().object), 1);

    // A caller that keeps its list keeps its originals: the probe sees them.
    LetGoProbe kept;
    o.transformer = kept.transformer();
    DeltaFIFO other(o);
    const QList<Object> list = kept.originals(3);
    QVERIFY(other.replace(list, QStringLiteral("9")).isEmpty());
    QCOMPARE(kept.heldWhenChecked, 0 + 1 + 2);
    QCOMPARE(kept.held(3), 3);
}

// Issue 40 H1: a LIST holding one key 16 000 times made each fifoQueued line repeat every delta
// queued for the key so far (76 s, 7.8 GB, a 3.47 GB journal). A line carries the newest
// kJournalDeltas and how many it left out; the queue still holds them all, as client-go's.
void TestDeltaFIFO::oneKeyRepeatedIsJournaledInBoundedLines()
{
    ManualClock clock;
    Journal journal(&clock);
    DeltaFIFO fifo;
    fifo.setJournal(&journal);
    constexpr int n = 4000;
    QList<Object> list;
    for (int i = 0; i < n; ++i)
        list << objFromSpec(QStringLiteral("dup@%1").arg(i + 1));
    QVERIFY(fifo.replace(list, QStringLiteral("9")).isEmpty());
    qint64 queued = 0, carried = 0, bytes = 0;
    QByteArray line;
    for (const TraceEvent &e : journal.events()) {
        if (e.kind != TraceKind::FifoQueued)
            continue;
        ++queued;
        QVERIFY(e.deltas.size() <= DeltaFIFO::kJournalDeltas);
        QCOMPARE(e.deltaCount(), queued); // the key held one more each time
        QCOMPARE(e.deltas.last().object.resourceVersion(), QString::number(queued));
        carried += e.deltas.size();
        line.clear();
        jsonlines::appendEvent(line, e);
        bytes += line.size();
        QString why;
        QVERIFY2(tracedetail::check(e, &why), qPrintable(why));
    }
    QCOMPARE(queued, qint64(n));
    QVERIFY(carried <= qint64(n) * DeltaFIFO::kJournalDeltas); // not n(n+1)/2
    QVERIFY2(bytes < qint64(n) * 4096, qPrintable(QString::number(bytes)));
    const TraceEvent &last = journal.events().back();
    QCOMPARE(last.deltasOmitted(), qint64(n - DeltaFIFO::kJournalDeltas));
    // Pop hands every one over.
    const PopResult r =
        fifo.pop([](const QString &, const Deltas &, bool) { return ProcessResult{}; });
    QCOMPARE(r.deltas.size(), qsizetype(n));
}

void TestDeltaFIFO::slicedReplaceIsOneReplace()
{
    // beginReplace + continueReplace(2) … gives what one Replace gives (the queue's order,
    // each key's Deltas, the tombstones of keys the list lacks, initialPopulationCount); until
    // the last slice Pop pops nothing and HasSynced stays false, as under client-go's lock.
    KnownObjects known;
    known.items.insert(QStringLiteral("z"), objFromSpec(QStringLiteral("z@1")));
    auto make = [&known](int *callbacks) {
        DeltaFIFO::Options o;
        o.knownObjects = &known;
        o.emitDeltaTypeReplaced = true;
        auto fifo = std::make_unique<DeltaFIFO>(o);
        fifo->setQueuedCallback([callbacks] { ++*callbacks; });
        return fifo;
    };
    const QString spec = QStringLiteral("a@5,b@5,c@5,d@5,e@5");
    int wholeCallbacks = 0, slicedCallbacks = 0;
    const auto whole = make(&wholeCallbacks);
    const auto sliced = make(&slicedCallbacks);
    QVERIFY(whole->replace(objsFromSpec(spec), QStringLiteral("5")).isEmpty());
    QVERIFY(sliced->beginReplace(objsFromSpec(spec), QStringLiteral("5")).isEmpty());
    int slices = 0;
    for (bool done = false; !done; ++slices) {
        QVERIFY(sliced->continueReplace(2, &done).isEmpty());
        if (done)
            break;
        QVERIFY(sliced->replacing());
        QCOMPARE(sliced->hasSynced(), false);
        const PopResult r = sliced->pop({});
        QCOMPARE(r.popped, false);
        QCOMPARE(sliced->size(), 2 * (slices + 1)); // the slices so far
    }
    QCOMPARE(slices, 2); // 2 + 2 + 1
    QVERIFY(!sliced->replacing());
    QCOMPARE(sliced->initialPopulationCount(), whole->initialPopulationCount());
    QCOMPARE(sliced->initialPopulationCount(), 6); // a..e and z's tombstone
    QCOMPARE(sliced->listKeys(), whole->listKeys());
    const QList<QueueEntry> a = whole->entries(), b = sliced->entries();
    QCOMPARE(a.size(), b.size());
    for (qsizetype i = 0; i < a.size(); ++i) {
        QCOMPARE(b.at(i).deltas.size(), a.at(i).deltas.size());
        for (qsizetype j = 0; j < a.at(i).deltas.size(); ++j)
            QCOMPARE(b.at(i).deltas.at(j).describe(b.at(i).key),
                     a.at(i).deltas.at(j).describe(a.at(i).key));
    }
    // One callback per queued delta, and one more once the sliced Replace let Pop go on.
    QCOMPARE(slicedCallbacks, wholeCallbacks + 1);
    QVERIFY(sliced->pop({}).popped);

    // A Replace begun while one is under way ends that one first.
    QVERIFY(sliced->beginReplace(objsFromSpec(QStringLiteral("a@6,b@6,c@6")), {}).isEmpty());
    bool done = false;
    QVERIFY(sliced->continueReplace(1, &done).isEmpty());
    QVERIFY(!done);
    QVERIFY(sliced->beginReplace(objsFromSpec(QStringLiteral("a@7")), {}).isEmpty());
    QVERIFY(sliced->replacing());
    QVERIFY(sliced->continueReplace(-1, &done).isEmpty());
    QVERIFY(done);
    QCOMPARE(sliced->get(QStringLiteral("c"))->last().describe(QStringLiteral("c")),
             QStringLiteral("Deleted Tomb(c, c@6)"));
}

QTEST_GUILESS_MAIN(TestDeltaFIFO)
#include "tst_deltafifo.moc"
