// SPDX-License-Identifier: Apache-2.0
// The built-in cluster's ?labelSelector= and ?fieldSelector= over real HTTP: parsed and matched
// by core/api (labels.Parse, fields.ParseSelector), so what kube-apiserver accepts (gt/lt,
// escaped commas) selects the same objects here, and what it rejects gets its 400 BadRequest
// with the parser's message. Field labels are kube-apiserver's per resource (sim/fieldlabels.h:
// the AddFieldLabelConversionFunc lists, their values as ToSelectableFields sets them): one a
// resource does not support is 400 BadRequest in the conversion's words, for LIST and WATCH.
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

QJsonObject pod(const QString &name, const QString &gen, const QJsonObject &spec = {})
{
    QJsonObject meta{{QStringLiteral("name"), name},
                     {QStringLiteral("namespace"), QStringLiteral("sel")},
                     {QStringLiteral("labels"), QJsonObject{{QStringLiteral("gen"), gen}}}};
    return QJsonObject{{QStringLiteral("metadata"), meta}, {QStringLiteral("spec"), spec}};
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
    void unsupportedFieldLabelIs400_data();
    void unsupportedFieldLabelIs400();
    void fieldLabelsOfOtherResources();
    void watchMatchesWithTheServersValues();

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
                                 {{QStringLiteral("nodeName"), QStringLiteral("a,b")}}))
                .ok());
    QVERIFY(s->create(kPods, pod(QStringLiteral("g5"), QStringLiteral("5"),
                                 {{QStringLiteral("hostNetwork"), true}}))
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
    row("escaped comma in a field value", field("spec.nodeName=a\\,b"), {QStringLiteral("g2")});
    row("missing field is empty", field("spec.nodeName="),
        {QStringLiteral("g5"), QStringLiteral("g9")});
    // PodToSelectableFields: strconv.FormatBool, so a pod without the field reads "false".
    row("boolean field", field("spec.hostNetwork=true"), {QStringLiteral("g5")});
    row("missing boolean is false", field("spec.hostNetwork=false"),
        {QStringLiteral("g2"), QStringLiteral("g9")});
    // Old v1 clients' spec.host is converted to spec.nodeName.
    row("spec.host is spec.nodeName", field("spec.host=a\\,b"), {QStringLiteral("g2")});
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
        << QStringLiteral("fieldSelector=") + encoded(QStringLiteral("spec.nodeName=a,b"))
        << QStringLiteral("invalid selector: 'spec.nodeName=a,b'; can't understand 'b'");
    QTest::newRow("bad escape") << QStringLiteral("fieldSelector=") +
                                       encoded(QStringLiteral("spec.nodeName=a\\b"))
                                << QStringLiteral(
                                       "invalid field selector: invalid escape sequence: \\b");
    QTest::newRow("a label pods do not have")
        << QStringLiteral("fieldSelector=") + encoded(QStringLiteral("status.message=a"))
        << QStringLiteral("field label not supported: status.message");
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

void tst_SimSelectors::unsupportedFieldLabelIs400_data()
{
    QTest::addColumn<QString>("path");
    QTest::addColumn<QString>("selector");
    QTest::addColumn<QString>("message");
    // A kind without a conversion func of its own: runtime.DefaultMetaV1FieldSelectorConversion.
    const auto notKnown = [](const char *label) {
        return QStringLiteral("\"%1\" is not a known field selector: only \"metadata.name\", "
                              "\"metadata.namespace\"")
            .arg(QLatin1String(label));
    };
    QTest::newRow("deployments: status.phase")
        << QStringLiteral("/apis/apps/v1/deployments") << QStringLiteral("status.phase=Running")
        << notKnown("status.phase");
    QTest::newRow("persistentvolumes: status.phase")
        << QStringLiteral("/api/v1/persistentvolumes") << QStringLiteral("status.phase=Bound")
        << notKnown("status.phase");
    QTest::newRow("configmaps: data.x, after a supported term")
        << QStringLiteral("/api/v1/namespaces/default/configmaps")
        << QStringLiteral("metadata.name=a,data.x=1") << notKnown("data.x");
    // core/v1's own funcs: nodes take no metadata.namespace.
    QTest::newRow("nodes: metadata.namespace")
        << QStringLiteral("/api/v1/nodes") << QStringLiteral("metadata.namespace=default")
        << QStringLiteral("field label not supported: metadata.namespace");
    QTest::newRow("events: message")
        << QStringLiteral("/api/v1/events") << QStringLiteral("message=x")
        << QStringLiteral("field label not supported: message");
    QTest::newRow("jobs: status.phase")
        << QStringLiteral("/apis/batch/v1/jobs") << QStringLiteral("status.phase=Complete")
        << QStringLiteral("field label \"status.phase\" not supported for Job");
    // crConverter.ConvertFieldLabel.
    QTest::newRow("a custom resource: spec.x")
        << QStringLiteral("/apis/config.istio.io/v1alpha2/adapters") << QStringLiteral("spec.x=1")
        << QStringLiteral("field label not supported: spec.x");
}

void tst_SimSelectors::unsupportedFieldLabelIs400()
{
    QFETCH(QString, path);
    QFETCH(QString, selector);
    QFETCH(QString, message);
    for (const QString &extra : {QString(), QStringLiteral("&watch=1")}) {
        const HttpResult r =
            get(*m_nam, m_sim->url(),
                path + QStringLiteral("?fieldSelector=") + encoded(selector) + extra);
        QCOMPARE(r.status, 400);
        QCOMPARE(r.json().value(QStringLiteral("reason")).toString(), QStringLiteral("BadRequest"));
        QCOMPARE(r.json().value(QStringLiteral("message")).toString(), message);
    }
}

void tst_SimSelectors::fieldLabelsOfOtherResources()
{
    const auto list = [this](const QString &path, const char *selector) {
        const HttpResult r =
            get(*m_nam, m_sim->url(),
                path + QStringLiteral("?fieldSelector=") + encoded(QString::fromUtf8(selector)));
        if (r.status != 200)
            qWarning("%s", r.body.constData());
        return names(r.json().value(QStringLiteral("items")).toArray());
    };
    const QStringList pulled{QStringLiteral("hello-1567197780-mn4mv.15bfce150bd764dd")};
    QCOMPARE(list(QStringLiteral("/api/v1/events"), "reason=Pulled"), pulled);
    QCOMPARE(list(QStringLiteral("/api/v1/events"), "source=kubelet,type=Normal"), pulled);
    QCOMPARE(list(QStringLiteral("/api/v1/events"),
                  "involvedObject.kind=Pod,involvedObject.name=hello-1567197780-mn4mv"),
             pulled);
    // A job's status.successful is its status.succeeded.
    QCOMPARE(list(QStringLiteral("/apis/batch/v1/jobs"), "status.successful=1"),
             QStringList{QStringLiteral("hello-1567179180")});
    QVERIFY(list(QStringLiteral("/apis/batch/v1/jobs"), "status.successful=0").isEmpty());
    // Every node is schedulable: "false", never "".
    QCOMPARE(list(QStringLiteral("/api/v1/nodes"), "spec.unschedulable=false").size(),
             m_sim->objects(QStringLiteral("nodes")).size());
    QVERIFY(!m_sim->objects(QStringLiteral("nodes")).isEmpty());
    QCOMPARE(list(QStringLiteral("/api/v1/secrets"), "type=Opaque"),
             QStringList{QStringLiteral("s1")});
    // A custom resource: metadata and its CRD version's selectableFields.
    Store *s = m_sim->store();
    const QJsonObject crd{
        {QStringLiteral("metadata"),
         QJsonObject{{QStringLiteral("name"), QStringLiteral("gadgets.lens.example")}}},
        {QStringLiteral("spec"),
         QJsonObject{{QStringLiteral("group"), QStringLiteral("lens.example")},
                     {QStringLiteral("scope"), QStringLiteral("Namespaced")},
                     {QStringLiteral("names"),
                      QJsonObject{{QStringLiteral("plural"), QStringLiteral("gadgets")},
                                  {QStringLiteral("kind"), QStringLiteral("Gadget")}}},
                     {QStringLiteral("versions"),
                      QJsonArray{QJsonObject{
                          {QStringLiteral("name"), QStringLiteral("v1")},
                          {QStringLiteral("served"), true},
                          {QStringLiteral("storage"), true},
                          {QStringLiteral("selectableFields"),
                           QJsonArray{QJsonObject{
                               {QStringLiteral("jsonPath"), QStringLiteral(".spec.color")}}}}}}}}}};
    QVERIFY(s->create(QStringLiteral("customresourcedefinitions.apiextensions.k8s.io"), crd).ok());
    for (const char *color : {"teal", "red"}) {
        const QJsonObject g{
            {QStringLiteral("metadata"),
             QJsonObject{{QStringLiteral("name"), QStringLiteral("g-") + QLatin1String(color)},
                         {QStringLiteral("namespace"), QStringLiteral("sel")}}},
            {QStringLiteral("spec"), QJsonObject{{QStringLiteral("color"), QLatin1String(color)}}}};
        QVERIFY(s->create(QStringLiteral("gadgets.lens.example"), g).ok());
    }
    QCOMPARE(
        list(QStringLiteral("/apis/lens.example/v1/namespaces/sel/gadgets"), "spec.color=teal"),
        QStringList{QStringLiteral("g-teal")});
    const HttpResult r = get(*m_nam, m_sim->url(),
                             QStringLiteral("/apis/lens.example/v1/gadgets?fieldSelector=") +
                                 encoded(QStringLiteral("spec.size=1")));
    QCOMPARE(r.status, 400);
    QCOMPARE(r.json().value(QStringLiteral("message")).toString(),
             QStringLiteral("field label not supported: spec.size"));
}

void tst_SimSelectors::watchMatchesWithTheServersValues()
{
    // The watch filters with the same values as the list: g5 alone has hostNetwork true.
    WatchClient w(*m_nam, m_sim->url(),
                  QStringLiteral("/api/v1/namespaces/sel/pods?watch=1&fieldSelector=") +
                      encoded(QStringLiteral("spec.hostNetwork=false")));
    QTRY_COMPARE(w.events.size(), 2);
    QStringList seen;
    for (const QJsonObject &e : std::as_const(w.events))
        seen << e[QStringLiteral("object")][QStringLiteral("metadata")][QStringLiteral("name")]
                    .toString();
    seen.sort();
    QCOMPARE(seen, (QStringList{QStringLiteral("g2"), QStringLiteral("g9")}));
}

QTEST_GUILESS_MAIN(tst_SimSelectors)
#include "tst_simselectors.moc"
