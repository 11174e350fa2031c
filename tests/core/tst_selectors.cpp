// SPDX-License-Identifier: Apache-2.0
// Label and field selectors (core/api/selectors.h) against apimachinery's labels.Parse /
// fields.ParseSelector behaviour (selector_test.go cases: TestSelectorParse,
// TestSelectorMatches, TestRequirementConstructor, TestLexer..., fields TestSelectorParse,
// TestSelectorMatches, TestEscapeValue), the name checks they and the built-in cluster share
// (core/api/validation.h, util/validation TestIsQualifiedName, TestIsDNS1123Label, ...), and the
// listers (core/informer/lister.h, LS-*).

#include "api/selectors.h"
#include "informer/lister.h"

#include <QJsonObject>
#include <QTest>

using namespace lens;

namespace {

/// "a=1,b=2" → {a:1, b:2}
QMap<QString, QString> labelSet(const QString &spec)
{
    QMap<QString, QString> m;
    for (const QString &kv : spec.split(QLatin1Char(','), Qt::SkipEmptyParts)) {
        const qsizetype eq = kv.indexOf(QLatin1Char('='));
        m.insert(kv.left(eq), kv.mid(eq + 1));
    }
    return m;
}

Object pod(const QString &ns, const QString &name, const QString &labels = {},
           const QJsonObject &extra = {})
{
    Object o = Object::make(ns, name, QStringLiteral("1"), labelSet(labels));
    if (extra.isEmpty())
        return o;
    QJsonObject j = o.json();
    for (auto it = extra.begin(); it != extra.end(); ++it)
        j.insert(it.key(), it.value());
    return Object::fromJson(j);
}

QStringList keys(const QList<Object> &objs)
{
    QStringList out;
    for (const Object &o : objs)
        out << metaNamespaceKeyFunc(o).key;
    return out;
}

} // namespace

class TestSelectors : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void labelParse_data();
    void labelParse();
    void labelErrors_data();
    void labelErrors();
    void labelRequirement_data();
    void labelRequirement();
    void labelFromSet();
    void validation_data();
    void validation();
    void fieldParse_data();
    void fieldParse();
    void fieldErrors_data();
    void fieldErrors();
    void fieldOnObjects_data();
    void fieldOnObjects();
    void listAll_data();
    void listAll();
    void namespaceLister_data();
    void namespaceLister();
    void clusterLister();
};

void TestSelectors::labelParse_data()
{
    QTest::addColumn<QString>("selector");
    QTest::addColumn<QString>("canonical");
    QTest::addColumn<QString>("labels");
    QTest::addColumn<bool>("match");

    auto row = [](const char *name, const char *sel, const char *canon, const char *labels,
                  bool match) {
        QTest::newRow(name) << QString::fromUtf8(sel) << QString::fromUtf8(canon)
                            << QString::fromUtf8(labels) << match;
    };
    row("empty selector matches everything", "", "", "a=b", true);
    row("whitespace only", "   ", "", "", true);
    row("= matches", "x=a", "x=a", "x=a", true);
    row("= wrong value", "x=a", "x=a", "x=b", false);
    row("= missing label", "x=a", "x=a", "y=a", false);
    row("== matches", "x==a", "x==a", "x=a", true);
    row("!= other value", "x!=a", "x!=a", "x=b", true);
    row("!= same value", "x!=a", "x!=a", "x=a", false);
    row("!= missing label matches", "x!=a", "x!=a", "y=a", true);
    row("= empty value", "x=", "x=", "x=", true);
    row("= empty value vs set value", "x=", "x=", "x=a", false);
    row("in", "x in (a,b)", "x in (a,b)", "x=b", true);
    row("in, not a member", "x in (a,b)", "x in (a,b)", "x=c", false);
    row("in, missing label", "x in (a,b)", "x in (a,b)", "", false);
    row("notin, member", "x notin (a,b)", "x notin (a,b)", "x=a", false);
    row("notin, missing label matches", "x notin (a,b)", "x notin (a,b)", "", true);
    row("in with duplicate and unsorted values", "x in (c,a,c)", "x in (a,c)", "x=c", true);
    row("in with empty value set ()", "x in ()", "x in ()", "x=", true);
    row("in with (,) means the empty value", "x in (,a)", "x in (,a)", "x=", true);
    row("exists", "x", "x", "x=", true);
    row("exists, missing", "x", "x", "y=1", false);
    row("does not exist", "!x", "!x", "y=1", true);
    row("does not exist, present", "!x", "!x", "x=1", false);
    row("gt", "x>1", "x>1", "x=2", true);
    row("gt equal", "x>1", "x>1", "x=1", false);
    row("gt non-integer label", "x>1", "x>1", "x=a", false);
    row("lt", "x<10", "x<10", "x=9", true);
    row("several requirements are ANDed and sorted by key", "z=1, a in (b), !m, k",
        "a in (b),k,!m,z=1", "z=1,a=b,k=", true);
    row("several requirements, one fails", "z=1,a in (b)", "a in (b),z=1", "z=1,a=c", false);
    row("in and notin are keys in key position", "in=notin", "in=notin", "in=notin", true);
    row("prefixed key", "example.com/app=web", "example.com/app=web", "example.com/app=web", true);
    row("spaces around operators", " x  in ( a , b ) ,y != c", "x in (a,b),y!=c", "x=a,y=d", true);
    row("value with dots, dashes, underscores", "v=1.2-3_4", "v=1.2-3_4", "v=1.2-3_4", true);
}

void TestSelectors::labelParse()
{
    QFETCH(QString, selector);
    QFETCH(QString, canonical);
    QFETCH(QString, labels);
    QFETCH(bool, match);
    QString err;
    const auto s = LabelSelector::parse(selector, &err);
    QVERIFY2(s, qPrintable(err));
    QCOMPARE(s->toString(), canonical);
    QCOMPARE(s->matches(labelSet(labels)), match);
    QCOMPARE(s->isEmpty(), canonical.isEmpty());
    // The canonical form parses to the same selector.
    const auto again = LabelSelector::parse(canonical, &err);
    QVERIFY2(again, qPrintable(err));
    QCOMPARE(again->toString(), canonical);
}

void TestSelectors::labelErrors_data()
{
    QTest::addColumn<QString>("selector");
    QTest::addColumn<QString>("error");
    auto row = [](const char *name, const char *sel, const char *err) {
        QTest::newRow(name) << QString::fromUtf8(sel) << QString::fromUtf8(err);
    };
    row("trailing comma", "x=a,", "found '', expected: identifier after ','");
    row("leading comma", ",x=a", "found ',', expected: !, identifier, or 'end of string'");
    row("missing separator", "x=a y=b", "found 'y', expected: ',' or 'end of string'");
    row("double operator", "x==a==b", "found '==', expected: ',' or 'end of string'");
    row("bad operator", "x (a)",
        "unable to parse requirement: found '(', expected: in, notin, =, ==, !=, gt, lt");
    row("! with an operator after the key", "!x=a", "found '=', expected: ',' or 'end of string'");
    row("lone !", "!", "unable to parse requirement: found '', expected: identifier");
    row("in without parentheses", "x in a", "unable to parse requirement: found 'a' expected: '('");
    row("in without closing parenthesis", "x in (a",
        "unable to parse requirement: found '', expected: ',' or ')'");
    row("in with an operator inside", "x in (a=b)",
        "unable to parse requirement: found '=', expected: ',' or ')'");
    row("exact value is an operator", "x==(",
        "unable to parse requirement: found '(', expected: identifier");
    row("gt with a non-integer", "x>a",
        "unable to parse requirement: values[0]: Invalid value: \"a\": for 'Gt', 'Lt' "
        "operators, the value must be an integer");
    row("invalid key", "-x=a",
        "unable to parse requirement: key: Invalid value: \"-x\": name part must consist of "
        "alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric "
        "character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is "
        "'([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')");
    row("key too long", "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa=b",
        "unable to parse requirement: key: Invalid value: "
        "\"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\": name part must be "
        "no more than 63 characters");
    row("key with two slashes", "a/b/c=d",
        "unable to parse requirement: key: Invalid value: \"a/b/c\": a qualified name must "
        "consist of alphanumeric characters, '-', '_' or '.', and must start and end with an "
        "alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for "
        "validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]') with an optional DNS "
        "subdomain prefix and '/' (e.g. 'example.com/MyName')");
    row("invalid value", "x=-a",
        "unable to parse requirement: values[0][x]: Invalid value: \"-a\": a valid label must "
        "be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must "
        "start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or "
        "'12345', regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')");
}

void TestSelectors::labelErrors()
{
    QFETCH(QString, selector);
    QFETCH(QString, error);
    QString err;
    const auto s = LabelSelector::parse(selector, &err);
    QVERIFY(!s);
    QCOMPARE(err, error);
}

void TestSelectors::labelRequirement_data()
{
    using Op = LabelSelector::Operator;
    QTest::addColumn<QString>("key");
    QTest::addColumn<int>("op");
    QTest::addColumn<QStringList>("values");
    QTest::addColumn<QString>("error");
    QTest::newRow("in needs values") << QStringLiteral("x") << int(Op::In) << QStringList()
                                     << QStringLiteral("values: Invalid value: []: for 'in', "
                                                       "'notin' operators, values set can't be "
                                                       "empty");
    QTest::newRow("= needs exactly one value")
        << QStringLiteral("x") << int(Op::Equals)
        << QStringList{QStringLiteral("a"), QStringLiteral("b")}
        << QStringLiteral(
               "values: Invalid value: [a b]: exact-match compatibility requires one single value");
    QTest::newRow("exists takes no values")
        << QStringLiteral("x") << int(Op::Exists) << QStringList{QStringLiteral("a")}
        << QStringLiteral("values: Invalid value: [a]: values set must be empty for exists and "
                          "does not exist");
    QTest::newRow("valid notin") << QStringLiteral("x") << int(Op::NotIn)
                                 << QStringList{QStringLiteral("b"), QStringLiteral("a")}
                                 << QString();
}

void TestSelectors::labelRequirement()
{
    QFETCH(QString, key);
    QFETCH(int, op);
    QFETCH(QStringList, values);
    QFETCH(QString, error);
    QString err;
    const auto r = LabelSelector::makeRequirement(key, LabelSelector::Operator(op), values, &err);
    QCOMPARE(err, error);
    QCOMPARE(bool(r), error.isEmpty());
    if (r) {
        QCOMPARE(r->toString(), QStringLiteral("x notin (a,b)"));
        const LabelSelector s = LabelSelector().add(*r);
        QVERIFY(s.matches(labelSet(QStringLiteral("x=c"))));
        QVERIFY(!s.matches(labelSet(QStringLiteral("x=a"))));
    }
}

void TestSelectors::labelFromSet()
{
    const LabelSelector s = LabelSelector::fromSet(labelSet(QStringLiteral("b=2,a=1")));
    QCOMPARE(s.toString(), QStringLiteral("a=1,b=2"));
    QVERIFY(s.matches(labelSet(QStringLiteral("a=1,b=2,c=3"))));
    QVERIFY(!s.matches(labelSet(QStringLiteral("a=1"))));
    QVERIFY(LabelSelector::fromSet({}).isEmpty());
}

void TestSelectors::validation_data()
{
    QTest::addColumn<QString>("check");
    QTest::addColumn<QString>("value");
    QTest::addColumn<QStringList>("errors");
    const QString subdomainRegex =
        QStringLiteral("regex used for validation is "
                       "'[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')");
    const QString subdomain =
        QStringLiteral("a lowercase RFC 1123 subdomain must consist of lower case alphanumeric "
                       "characters, '-' or '.', and must start and end with an alphanumeric "
                       "character (e.g. 'example.com', ") +
        subdomainRegex;
    const QString nameRegex =
        QStringLiteral("name part must consist of alphanumeric characters, '-', '_' or '.', and "
                       "must start and end with an alphanumeric character (e.g. 'MyName',  or "
                       "'my.name',  or '123-abc', regex used for validation is "
                       "'([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')");
    QTest::newRow("qualified name") << "qualified"
                                    << "example.com/My_Name-1" << QStringList();
    QTest::newRow("qualified, empty name part: empty and pattern")
        << "qualified"
        << "example.com/" << QStringList{QStringLiteral("name part must be non-empty"), nameRegex};
    QTest::newRow("qualified, bad prefix")
        << "qualified"
        << "Example.com/x" << QStringList{QStringLiteral("prefix part ") + subdomain};
    QTest::newRow("qualified, empty prefix")
        << "qualified"
        << "/x" << QStringList{QStringLiteral("prefix part must be non-empty")};
    QTest::newRow("label value empty") << "labelValue"
                                       << "" << QStringList();
    QTest::newRow("label value too long and bad")
        << "labelValue" << QString(64, QLatin1Char('a')) + QLatin1Char('-')
        << QStringList{
               QStringLiteral("must be no more than 63 characters"),
               QStringLiteral("a valid label must be an empty string or consist of alphanumeric "
                              "characters, '-', '_' or '.', and must start and end with an "
                              "alphanumeric character (e.g. 'MyValue',  or 'my_value',  or "
                              "'12345', regex used for validation is "
                              "'(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')")};
    QTest::newRow("subdomain") << "subdomain"
                               << "a.b-c.d" << QStringList();
    QTest::newRow("subdomain upper case") << "subdomain"
                                          << "A" << QStringList{subdomain};
    QTest::newRow("subdomain too long")
        << "subdomain" << QString(254, QLatin1Char('a'))
        << QStringList{QStringLiteral("must be no more than 253 characters")};
    QTest::newRow("dns1123 label with a dot")
        << "label"
        << "a.b"
        << QStringList{QStringLiteral(
               "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or "
               "'-', and must start and end with an alphanumeric character (e.g. 'my-name',  or "
               "'123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')")};
    QTest::newRow("dns1123 label may start with a digit") << "label"
                                                          << "1a" << QStringList();
    QTest::newRow("dns1035 label may not")
        << "dns1035"
        << "1a"
        << QStringList{QStringLiteral(
               "a DNS-1035 label must consist of lower case alphanumeric characters or '-', start "
               "with an alphabetic character, and end with an alphanumeric character (e.g. "
               "'my-name',  or 'abc-123', regex used for validation is "
               "'[a-z]([-a-z0-9]*[a-z0-9])?')")};
}

void TestSelectors::validation()
{
    QFETCH(QString, check);
    QFETCH(QString, value);
    QFETCH(QStringList, errors);
    QStringList got;
    if (check == QLatin1String("qualified"))
        got = qualifiedNameErrors(value);
    else if (check == QLatin1String("labelValue"))
        got = labelValueErrors(value);
    else if (check == QLatin1String("subdomain"))
        got = dns1123SubdomainErrors(value);
    else if (check == QLatin1String("label"))
        got = dns1123LabelErrors(value);
    else
        got = dns1035LabelErrors(value);
    QCOMPARE(got, errors);
    // field.Invalid wording, aggregated as apimachinery aggregates more than one.
    if (errors.size() == 2)
        QCOMPARE(fieldInvalid(QStringLiteral("key"), value, errors),
                 QStringLiteral("[key: Invalid value: \"%1\": %2, key: Invalid value: \"%1\": %3]")
                     .arg(value, errors[0], errors[1]));
}

void TestSelectors::fieldParse_data()
{
    QTest::addColumn<QString>("selector");
    QTest::addColumn<QString>("canonical");
    QTest::addColumn<QString>("fields"); // a=b,c=d (no escapes)
    QTest::addColumn<bool>("match");
    auto row = [](const char *name, const char *sel, const char *canon, const char *fields,
                  bool match) {
        QTest::newRow(name) << QString::fromUtf8(sel) << QString::fromUtf8(canon)
                            << QString::fromUtf8(fields) << match;
    };
    row("empty is everything", "", "", "a=b", true);
    row("=", "metadata.name=a", "metadata.name=a", "metadata.name=a", true);
    row("== is =", "metadata.name==a", "metadata.name=a", "metadata.name=a", true);
    row("= no match", "metadata.name=a", "metadata.name=a", "metadata.name=b", false);
    row("!=", "status.phase!=Running", "status.phase!=Running", "status.phase=Pending", true);
    row("!= same", "status.phase!=Running", "status.phase!=Running", "status.phase=Running", false);
    row("missing field reads as empty", "spec.nodeName=", "spec.nodeName=", "", true);
    row("!= on a missing field", "spec.nodeName!=", "spec.nodeName!=", "", false);
    row("terms are ANDed and sorted", "metadata.namespace=ns,metadata.name=a",
        "metadata.name=a,metadata.namespace=ns", "metadata.name=a,metadata.namespace=ns", true);
    row("empty terms are skipped", "a=b,,", "a=b", "a=b", true);
    row("escaped comma and equals in a value", "a=x\\,y\\=z", "a=x\\,y\\=z", "", false);
}

void TestSelectors::fieldParse()
{
    QFETCH(QString, selector);
    QFETCH(QString, canonical);
    QFETCH(QString, fields);
    QFETCH(bool, match);
    QString err;
    const auto s = FieldSelector::parse(selector, &err);
    QVERIFY2(s, qPrintable(err));
    QCOMPARE(s->toString(), canonical);
    QCOMPARE(s->matches(labelSet(fields)), match);
    QCOMPARE(FieldSelector::parse(canonical)->toString(), canonical);
}

void TestSelectors::fieldErrors_data()
{
    QTest::addColumn<QString>("selector");
    QTest::addColumn<QString>("error");
    QTest::newRow("no operator") << QStringLiteral("a=b,c")
                                 << QStringLiteral(
                                        "invalid selector: 'a=b,c'; can't understand 'c'");
    QTest::newRow("invalid escape")
        << QStringLiteral("a=b\\c")
        << QStringLiteral("invalid field selector: invalid escape sequence: \\c");
    QTest::newRow("trailing backslash")
        << QStringLiteral("a=b\\")
        << QStringLiteral("invalid field selector: invalid escape sequence: \\");
    QTest::newRow("unescaped = in a value")
        << QStringLiteral("a=b=c")
        << QStringLiteral("invalid field selector: unescaped character in value: 61");
}

void TestSelectors::fieldErrors()
{
    QFETCH(QString, selector);
    QFETCH(QString, error);
    QString err;
    QVERIFY(!FieldSelector::parse(selector, &err));
    QCOMPARE(err, error);
}

void TestSelectors::fieldOnObjects_data()
{
    QTest::addColumn<QString>("selector");
    QTest::addColumn<QStringList>("expected");
    QTest::newRow("metadata.name") << QStringLiteral("metadata.name=a")
                                   << QStringList{QStringLiteral("ns1/a"), QStringLiteral("ns2/a")};
    QTest::newRow("metadata.namespace")
        << QStringLiteral("metadata.namespace=ns2")
        << QStringList{QStringLiteral("ns2/a"), QStringLiteral("ns2/b")};
    QTest::newRow("dotted path into spec")
        << QStringLiteral("spec.nodeName=n1") << QStringList{QStringLiteral("ns1/a")};
    QTest::newRow("unscheduled pods")
        << QStringLiteral("spec.nodeName=")
        << QStringList{QStringLiteral("ns2/a"), QStringLiteral("ns2/b")};
    QTest::newRow("number and bool fields")
        << QStringLiteral("spec.priority=5,spec.hostNetwork=true")
        << QStringList{QStringLiteral("ns1/a")};
    QTest::newRow("!= and =") << QStringLiteral("status.phase!=Running,metadata.namespace=ns2")
                              << QStringList{QStringLiteral("ns2/b")};
}

void TestSelectors::fieldOnObjects()
{
    QFETCH(QString, selector);
    QFETCH(QStringList, expected);
    QJsonObject specA{{QStringLiteral("nodeName"), QStringLiteral("n1")},
                      {QStringLiteral("priority"), 5},
                      {QStringLiteral("hostNetwork"), true}};
    const QList<Object> objs{
        pod(QStringLiteral("ns1"), QStringLiteral("a"), {},
            {{QStringLiteral("spec"), specA},
             {QStringLiteral("status"),
              QJsonObject{{QStringLiteral("phase"), QStringLiteral("Running")}}}}),
        pod(QStringLiteral("ns2"), QStringLiteral("a"), {},
            {{QStringLiteral("status"),
              QJsonObject{{QStringLiteral("phase"), QStringLiteral("Running")}}}}),
        pod(QStringLiteral("ns2"), QStringLiteral("b"), {},
            {{QStringLiteral("status"),
              QJsonObject{{QStringLiteral("phase"), QStringLiteral("Pending")}}}}),
    };
    QString err;
    const auto s = FieldSelector::parse(selector, &err);
    QVERIFY2(s, qPrintable(err));
    QStringList got;
    for (const Object &o : objs) {
        if (s->matches(o))
            got << metaNamespaceKeyFunc(o).key;
    }
    QCOMPARE(got, expected);
}

void TestSelectors::listAll_data()
{
    QTest::addColumn<int>("total");
    QTest::addColumn<int>("withLabel");
    QTest::addColumn<QString>("selector");
    QTest::addColumn<int>("expected");
    // LS-01 TestListAll: N objects, M labelled match=true.
    QTest::newRow("LS-01 selector match=true") << 10 << 3 << QStringLiteral("match=true") << 3;
    QTest::newRow("LS-01 Everything") << 10 << 3 << QString() << 10;
    QTest::newRow("LS-01 selector when none has the label")
        << 10 << 0 << QStringLiteral("match=true") << 0;
    QTest::newRow("LS-01 notin includes unlabelled objects")
        << 10 << 3 << QStringLiteral("match notin (true)") << 7;
}

void TestSelectors::listAll()
{
    QFETCH(int, total);
    QFETCH(int, withLabel);
    QFETCH(QString, selector);
    QFETCH(int, expected);
    Indexer ix(metaNamespaceKeyFunc, {{namespaceIndexName(), metaNamespaceIndexFunc}});
    for (int i = 0; i < total; ++i)
        ix.add(pod(QStringLiteral("ns%1").arg(i % 3),
                   QStringLiteral("p%1").arg(i, 2, 10, QLatin1Char('0')),
                   i < withLabel ? QStringLiteral("match=true") : QString()));
    const auto sel = LabelSelector::parse(selector);
    QVERIFY(sel);
    const QList<Object> got = lens::listAll(ix, *sel);
    QCOMPARE(got.size(), expected);
    QStringList k = keys(got);
    QStringList sorted = k;
    sorted.sort();
    QCOMPARE(k, sorted); // deterministic order
    Lister lister(&ix, QStringLiteral("pods"));
    QCOMPARE(keys(lister.list(*sel)), k);
}

void TestSelectors::namespaceLister_data()
{
    QTest::addColumn<bool>("withNamespaceIndex");
    QTest::newRow("LS-02 via the namespace index") << true;
    QTest::newRow("LS-02 full scan without the namespace index") << false;
}

void TestSelectors::namespaceLister()
{
    QFETCH(bool, withNamespaceIndex);
    Indexer ix(metaNamespaceKeyFunc, withNamespaceIndex
                                         ? Indexers{{namespaceIndexName(), metaNamespaceIndexFunc}}
                                         : Indexers{});
    ix.add(pod(QStringLiteral("default"), QStringLiteral("web-1"), QStringLiteral("app=web")));
    ix.add(pod(QStringLiteral("default"), QStringLiteral("db-1"), QStringLiteral("app=db")));
    ix.add(pod(QStringLiteral("other"), QStringLiteral("web-1"), QStringLiteral("app=web")));
    Lister pods(&ix, QStringLiteral("pods"));
    const NamespaceLister def = pods.byNamespace(QStringLiteral("default"));
    QCOMPARE(keys(def.list()),
             (QStringList{QStringLiteral("default/db-1"), QStringLiteral("default/web-1")}));
    QCOMPARE(keys(def.list(*LabelSelector::parse(QStringLiteral("app=web")))),
             QStringList{QStringLiteral("default/web-1")});
    QCOMPARE(
        keys(pods.byNamespace(QString()).list(*LabelSelector::parse(QStringLiteral("app=web")))),
        (QStringList{QStringLiteral("default/web-1"), QStringLiteral("other/web-1")}));
    QVERIFY(pods.byNamespace(QStringLiteral("nope")).list().isEmpty());

    ApiStatus err;
    const Object found = def.get(QStringLiteral("web-1"), &err);
    QCOMPARE(found.namespace_(), QStringLiteral("default"));
    QCOMPARE(err.code, 0);

    const Object missing = def.get(QStringLiteral("web-9"), &err);
    QVERIFY(missing.isNull());
    QCOMPARE(err.code, 404);
    QCOMPARE(err.reason, QStringLiteral("NotFound"));
    QCOMPARE(err.message, QStringLiteral("pods \"web-9\" not found"));
    QVERIFY(err.isNotFound());
    QCOMPARE(err.toStatusJson().value(QLatin1String("code")).toInt(), 404);

    // The same name in another namespace is not found here.
    ApiStatus err2;
    QVERIFY(pods.byNamespace(QStringLiteral("default")).get(QStringLiteral("x"), &err2).isNull());
    QVERIFY(pods.byNamespace(QStringLiteral("other")).get(QStringLiteral("db-1"), &err2).isNull());
    QCOMPARE(err2.message, QStringLiteral("pods \"db-1\" not found"));
}

void TestSelectors::clusterLister()
{
    Indexer ix;
    ix.add(pod(QString(), QStringLiteral("n1")));
    Lister nodes(&ix, QStringLiteral("nodes"));
    ApiStatus err;
    QCOMPARE(nodes.get(QStringLiteral("n1"), &err).name(), QStringLiteral("n1"));
    QVERIFY(nodes.get(QStringLiteral("n2"), &err).isNull());
    QCOMPARE(err.message, QStringLiteral("nodes \"n2\" not found"));
    Lister deployments(&ix, QStringLiteral("deployments"), QStringLiteral("apps"));
    QCOMPARE(deployments.qualifiedResource(), QStringLiteral("deployments.apps"));
    QVERIFY(
        deployments.byNamespace(QStringLiteral("ns")).get(QStringLiteral("api"), &err).isNull());
    QCOMPARE(err.message, QStringLiteral("deployments.apps \"api\" not found"));
    QVERIFY(err.isNotFound());
}

QTEST_GUILESS_MAIN(TestSelectors)
#include "tst_selectors.moc"
