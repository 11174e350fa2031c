// SPDX-License-Identifier: Apache-2.0
// Issue 40 C2 and H3: the scenario loader's limits bound memory and work, not only counts.
// YAML aliases repeating a 1 MiB caption 9 999 times, 10 000 objects with a 1 MiB annotation
// each, and 10 000 steps of `update count: 10000` were accepted (8 GB, 39 minutes); `at: 1e308`
// overflowed into "-9.22337e+15 s". Each is refused at load, naming the step and the limit.
#include "sim/scenario.h"

#include <QTest>

using namespace lens;

class tst_ScenarioLimits : public QObject {
    Q_OBJECT
private slots:
    void refused_data();
    void refused();
    void aliasesWithinTheLimitLoad();
    void faultFallbacksAreFilledIn();
};

void tst_ScenarioLimits::refused_data()
{
    QTest::addColumn<QByteArray>("yaml");
    QTest::addColumn<QString>("expected");
    // One 1 MiB caption, named by alias in 100 steps: 100 MiB of text from a 1 MiB file.
    QByteArray aliases = "steps:\n  - caption: &big \"" + QByteArray(1 << 20, 'x') + "\"\n";
    for (int i = 0; i < 100; ++i)
        aliases += "  - caption: *big\n";
    QTest::newRow("a caption repeated by alias names the step")
        << aliases
        << QStringLiteral("the scenario's text passes 64 MiB here (as built in memory; YAML "
                          "aliases, *name, repeat what they name");
    // Billion laughs with empty leaves (the hostile round's crash: no text to count, 5.7 GB of
    // empty JSON): nine levels of ten aliases each inside a wait condition's detail.
    QByteArray laughs = "steps:\n  - caption: a\n    when: {kind: info, detail: {l0: &l0 [~, ~, "
                        "~, ~, ~, ~, ~, ~, ~, ~]";
    for (int level = 1; level < 9; ++level) {
        laughs += QByteArray(", l") + QByteArray::number(level) + ": &l" +
                  QByteArray::number(level) + " [";
        for (int i = 0; i < 10; ++i)
            laughs += QByteArray(i ? ", " : "") + "*l" + QByteArray::number(level - 1);
        laughs += "]";
    }
    laughs += "}}\n";
    QTest::newRow("billion laughs with empty leaves")
        << laughs << QStringLiteral("the scenario's text passes 64 MiB here");
    // 300 objects with a 1 MiB annotation: 300 MiB of options written.
    QByteArray big = "steps:\n  - create: {template: configmap, name: big, count: 300, "
                     "annotations: {a: \"" +
                     QByteArray(1 << 20, 'y') + "\"}}\n";
    QTest::newRow("objects of 1 MiB each")
        << big
        << QStringLiteral("step 1 (create, line 2): the scenario writes 300 MiB of object options "
                          "by this step (count × what one object is given), over the limit of "
                          "256 MiB");
    // 11 steps of 10 000 updates: 110 000 writes (a million at one instant held the event
    // loop for 80 s).
    QTest::newRow("over 100 000 writes")
        << QByteArray(
               "steps:\n" +
               QByteArray("  - update: {resource: pods, name: a, count: 10000}\n").repeated(11))
        << QStringLiteral("x.yaml:12:5: step 11 (update, line 12): the scenario writes "
                          "110000 objects by this step, over the limit of 100000");
    QTest::newRow("at 1e308")
        << QByteArray("steps:\n  - at: 1e308\n    caption: late\n")
        << QStringLiteral("x.yaml:2:9: at needs a number of seconds from 0 to 31536000, got "
                          "\"1e308\"");
    // A fault step's options pass the /sim/v1 API's check (faultargs.h), with its words.
    QTest::newRow("fail with code 999")
        << QByteArray("steps:\n  - fault: {fail: {count: 2, code: 999}}\n")
        << QStringLiteral("x.yaml:2:12: fail: code 999 is not a whole number from 400 to 599");
    QTest::newRow("fail with count -1")
        << QByteArray("steps:\n  - fault: {fail: {count: -1}}\n")
        << QStringLiteral("fail: count -1 is not a whole number from 0 to 1000000");
    QTest::newRow("stall of a billion seconds")
        << QByteArray("steps:\n  - fault: {stall: {seconds: 1e9}}\n")
        << QStringLiteral("stall: seconds 1e+09 is not a number of seconds from 0 to 86400");
    QTest::newRow("an option the fault lacks")
        << QByteArray("steps:\n  - fault: {fail: {cde: 503}}\n")
        << QStringLiteral("fail: unknown option \"cde\" (known: count, code, retryAfter)");
    // compact's revision was taken as given: -5 journaled "compacted the history up to
    // revision -5", "abc" compacted to 0; the /sim/v1 API refused both.
    QTest::newRow("compact to -5")
        << QByteArray("steps:\n  - compact: {revision: -5}\n")
        << QStringLiteral("x.yaml:2:14: compact: revision -5 is not a whole number from 0");
    QTest::newRow("compact to abc")
        << QByteArray("steps:\n  - compact: {revision: abc}\n")
        << QStringLiteral("compact: revision \"abc\" is not a whole number from 0");
    // yaml-cpp's depth guard said "bad file".
    QTest::newRow("nested 100 000 deep")
        << QByteArray("steps:\n  - caption: " + QByteArray(100000, '[') + QByteArray(100000, ']') +
                      "\n")
        << QStringLiteral("the YAML is nested deeper than 499 levels, the most yaml-cpp reads");
    QTest::newRow("timeout past a year")
        << QByteArray("steps:\n  - waitFor: synced\n    timeout: 99999999999\n")
        << QStringLiteral("x.yaml:3:14: timeout needs a number of seconds from 0 to 31536000");
}

void tst_ScenarioLimits::refused()
{
    QFETCH(QByteArray, yaml);
    QFETCH(QString, expected);
    sim::Scenario sc;
    QString error;
    QVERIFY(!sim::Scenario::parse(yaml, QStringLiteral("x.yaml"), &sc, &error));
    QVERIFY2(error.contains(expected), qPrintable(error.left(400)));
}

void tst_ScenarioLimits::aliasesWithinTheLimitLoad()
{
    // Aliases as such are YAML: a small anchored value used twice loads.
    sim::Scenario sc;
    QString error;
    QVERIFY2(sim::Scenario::parse(QByteArray("steps:\n  - caption: &c Hello\n  - caption: *c\n"),
                                  QStringLiteral("x.yaml"), &sc, &error),
             qPrintable(error));
    QCOMPARE(sc.steps.size(), 2);
    QCOMPARE(sc.steps.at(1).text, QStringLiteral("Hello"));
}

void tst_ScenarioLimits::faultFallbacksAreFilledIn()
{
    sim::Scenario sc;
    QString error;
    QVERIFY2(sim::Scenario::parse(QByteArray("steps:\n  - fault: fail\n  - fault: stall\n"),
                                  QStringLiteral("x.yaml"), &sc, &error),
             qPrintable(error));
    QCOMPARE(sc.steps.at(0).args.value(u"count").toDouble(), 1.0);
    QCOMPARE(sc.steps.at(0).args.value(u"code").toDouble(), 500.0);
    QCOMPARE(sc.steps.at(1).args.value(u"seconds").toDouble(), 1.0);
}

QTEST_GUILESS_MAIN(tst_ScenarioLimits)
#include "tst_scenariolimits.moc"
