// SPDX-License-Identifier: Apache-2.0
// The built-in cluster's ?labelSelector= and ?fieldSelector= over real HTTP: parsed and matched
// by core/api (labels.Parse, fields.ParseSelector), so what kube-apiserver accepts (gt/lt,
// escaped commas, exact numbers) selects the same objects here, and what it rejects gets its
// 400 BadRequest with the parser's message.
#include "simtestutil.h"

#include "sim/simulator.h"
#include "sim/store.h"

#include <QJsonArray>
#include <QTest>

#include <memory>

using namespace lens::sim;
using namespace simtest;

namespace {
const QString kPods = QStringLiteral("pods");

QJsonObject pod(const QString &name, const QString &gen, const QJsonObject &status = {})
{
    QJsonObject meta{{QStringLiteral("name"), name},
                     {QStringLiteral("namespace"), QStringLiteral("sel")},
                     {QStringLiteral("labels"), QJsonObject{{QStringLiteral("gen"), gen}}}};
    return QJsonObject{{QStringLiteral("metadata"), meta}, {QStringLiteral("status"), status}};
}

QString encoded(const QString &s)
{
    return QString::fromLatin1(QUrl::toPercentEncoding(s));
}

QStringList names(const QJsonArray &items)
{
    QStringList out;
    for (const QJsonValue &v : items)
        out << v[QStringLiteral("metadata")][QStringLiteral("name")].toString();
    return out;
}
} // namespace

class tst_SimSelectors : public QObject {
    Q_OBJECT
private slots:
    void init();
    void cleanup();
    void listSelects_data();
    void listSelects();
    void watchSelectsGreaterThan();
    void invalidSelectorIs400_data();
    void invalidSelectorIs400();

private:
    std::unique_ptr<Simulator> m_sim;
    std::unique_ptr<QNetworkAccessManager> m_nam;
};

void tst_SimSelectors::init()
{
    m_sim = std::make_unique<Simulator>();
    Simulator::Options o;
    o.seed = 7;
    o.churnIntervalMs = 0;
    QString error;
    QVERIFY2(m_sim->start(o, &error), qPrintable(error));
    Store *s = m_sim->store();
    QVERIFY(s->create(QStringLiteral("namespaces"),
                      QJsonObject{{QStringLiteral("metadata"),
                                   QJsonObject{{QStringLiteral("name"), QStringLiteral("sel")}}}})
                .ok());
    QVERIFY(s->create(kPods, pod(QStringLiteral("g2"), QStringLiteral("2"),
                                 {{QStringLiteral("message"), QStringLiteral("a,b")},
                                  {QStringLiteral("restarts"), 1234567}}))
                .ok());
    QVERIFY(s->create(kPods, pod(QStringLiteral("g5"), QStringLiteral("5"),
                                 {{QStringLiteral("restarts"), 0.5}}))
                .ok());
    QVERIFY(s->create(kPods, pod(QStringLiteral("g9"), QStringLiteral("9"))).ok());
    m_nam = std::make_unique<QNetworkAccessManager>();
}

void tst_SimSelectors::cleanup()
{
    m_nam.reset();
    m_sim.reset();
}

void tst_SimSelectors::listSelects_data()
{
    QTest::addColumn<QString>("query");
    QTest::addColumn<QStringList>("expected");
    const auto row = [](const char *name, const QString &query, const QStringList &expected) {
        QTest::newRow(name) << query << expected;
    };
    const auto label = [](const char *s) {
        return QStringLiteral("labelSelector=") + encoded(QString::fromUtf8(s));
    };
    const auto field = [](const char *s) {
        return QStringLiteral("fieldSelector=") + encoded(QString::fromUtf8(s));
    };
    row("gt", label("gen>3"), {QStringLiteral("g5"), QStringLiteral("g9")});
    row("lt", label("gen<3"), {QStringLiteral("g2")});
    row("gt and lt", label("gen>3,gen<9"), {QStringLiteral("g5")});
    row("notin", label("gen notin (2,9)"), {QStringLiteral("g5")});
    // kubectl sends spaces as '+' (Go's url.Values.Encode).
    row("in, spaces as +", QStringLiteral("labelSelector=gen+in+%282%2C9%29"),
        {QStringLiteral("g2"), QStringLiteral("g9")});
    row("escaped comma in a field value", field("status.message=a\\,b"), {QStringLiteral("g2")});
    row("integer field exactly", field("status.restarts=1234567"), {QStringLiteral("g2")});
    row("fraction field", field("status.restarts=0.5"), {QStringLiteral("g5")});
    row("missing field is empty", field("status.restarts="), {QStringLiteral("g9")});
    row("label and field", label("gen>1") + QLatin1Char('&') + field("metadata.name!=g5"),
        {QStringLiteral("g2"), QStringLiteral("g9")});
}

void tst_SimSelectors::listSelects()
{
    QFETCH(QString, query);
    QFETCH(QStringList, expected);
    const HttpResult r =
        get(*m_nam, m_sim->url(), QStringLiteral("/api/v1/namespaces/sel/pods?") + query);
    QCOMPARE(r.status, 200);
    QCOMPARE(names(r.json().value(QStringLiteral("items")).toArray()), expected);
}

void tst_SimSelectors::watchSelectsGreaterThan()
{
    WatchClient w(*m_nam, m_sim->url(),
                  QStringLiteral("/api/v1/namespaces/sel/pods?watch=1&labelSelector=") +
                      encoded(QStringLiteral("gen>3")));
    QTRY_COMPARE(w.events.size(), 2);
    QCOMPARE(w.types(), (QStringList{QStringLiteral("ADDED"), QStringLiteral("ADDED")}));
    // g2 starts matching (gen 2 -> 7): ADDED, as the cacheWatcher sends it.
    Store *s = m_sim->store();
    QJsonObject g2 = s->get(kPods, QStringLiteral("sel"), QStringLiteral("g2")).json();
    QJsonObject meta = g2.value(QStringLiteral("metadata")).toObject();
    meta.insert(QStringLiteral("labels"),
                QJsonObject{{QStringLiteral("gen"), QStringLiteral("7")}});
    g2.insert(QStringLiteral("metadata"), meta);
    QVERIFY(s->update(kPods, g2).ok());
    QTRY_COMPARE(w.events.size(), 3);
    QCOMPARE(w.events.last().value(QStringLiteral("type")).toString(), QStringLiteral("ADDED"));
    QCOMPARE(
        w.events
            .last()[QStringLiteral("object")][QStringLiteral("metadata")][QStringLiteral("name")]
            .toString(),
        QStringLiteral("g2"));
}

void tst_SimSelectors::invalidSelectorIs400_data()
{
    QTest::addColumn<QString>("query");
    QTest::addColumn<QString>("message");
    QTest::newRow("gt needs an integer")
        << QStringLiteral("labelSelector=") + encoded(QStringLiteral("gen>a"))
        << QStringLiteral("unable to parse requirement: values[0]: Invalid value: \"a\": for "
                          "'Gt', 'Lt' operators, the value must be an integer");
    QTest::newRow("operator first")
        << QStringLiteral("labelSelector=") + encoded(QStringLiteral("=bad"))
        << QStringLiteral("found '=', expected: !, identifier, or 'end of string'");
    QTest::newRow("unescaped comma splits the term")
        << QStringLiteral("fieldSelector=") + encoded(QStringLiteral("status.message=a,b"))
        << QStringLiteral("invalid selector: 'status.message=a,b'; can't understand 'b'");
    QTest::newRow("bad escape") << QStringLiteral("fieldSelector=") +
                                       encoded(QStringLiteral("status.message=a\\b"))
                                << QStringLiteral(
                                       "invalid field selector: invalid escape sequence: \\b");
}

void tst_SimSelectors::invalidSelectorIs400()
{
    QFETCH(QString, query);
    QFETCH(QString, message);
    for (const QString &extra : {QString(), QStringLiteral("&watch=1")}) {
        const HttpResult r = get(*m_nam, m_sim->url(),
                                 QStringLiteral("/api/v1/namespaces/sel/pods?") + query + extra);
        QCOMPARE(r.status, 400);
        const QJsonObject want{{QStringLiteral("kind"), QStringLiteral("Status")},
                               {QStringLiteral("apiVersion"), QStringLiteral("v1")},
                               {QStringLiteral("metadata"), QJsonObject()},
                               {QStringLiteral("status"), QStringLiteral("Failure")},
                               {QStringLiteral("message"), message},
                               {QStringLiteral("reason"), QStringLiteral("BadRequest")},
                               {QStringLiteral("code"), 400}};
        QCOMPARE(r.json(), want);
    }
}

QTEST_GUILESS_MAIN(tst_SimSelectors)
#include "tst_simselectors.moc"
