// SPDX-License-Identifier: Apache-2.0
// The object inspector's JSON tree and the masking of Secret data / last-applied annotations.
#include "lens/masking.h"
#include "lens/objectdiff.h"
#include "lens/objecttreemodel.h"

#include <QAbstractItemModelTester>
#include <QJsonArray>
#include <QJsonObject>
#include <QSignalSpy>
#include <QTest>

using namespace lens;

namespace {
const QString kPassword = QStringLiteral("hunter2-topsecret"); // 17 bytes
const QLatin1String kLastApplied("kubectl.kubernetes.io/last-applied-configuration");

Object secret(const QString &name, const QString &uid, const QString &password)
{
    const QString applied = QStringLiteral("{\"data\":{\"password\":\"%1\"}}")
                                .arg(QString::fromLatin1(password.toUtf8().toBase64()));
    return Object::fromJson(QJsonObject{
        {QLatin1String("apiVersion"), QStringLiteral("v1")},
        {QLatin1String("kind"), QStringLiteral("Secret")},
        {QLatin1String("metadata"),
         QJsonObject{{QLatin1String("name"), name},
                     {QLatin1String("namespace"), QStringLiteral("shop")},
                     {QLatin1String("uid"), uid},
                     {QLatin1String("resourceVersion"), QStringLiteral("7")},
                     {QLatin1String("annotations"), QJsonObject{{kLastApplied, applied}}}}},
        {QLatin1String("type"), QStringLiteral("Opaque")},
        {QLatin1String("data"),
         QJsonObject{{QLatin1String("password"), QString::fromLatin1(password.toUtf8().toBase64())},
                     {QLatin1String("user"), QStringLiteral("YWRtaW4=")}}},
        {QLatin1String("stringData"), QJsonObject{{QLatin1String("token"), password}}}});
}

/// Every Value cell of the whole tree, "path = value".
QStringList dump(const QAbstractItemModel &m, const QModelIndex &parent = {})
{
    QStringList out;
    for (int r = 0; r < m.rowCount(parent); ++r) {
        const QModelIndex i = m.index(r, 0, parent);
        out << i.data(ObjectTreeModel::PathRole).toString() + QStringLiteral(" = ") +
                   i.siblingAtColumn(1).data().toString();
        out << dump(m, i);
    }
    return out;
}
} // namespace

class tst_Inspector : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void treeOfAPod();
    void secretIsMaskedUntilRevealed();
    void revealOnlyAffectsThatObject();
    void lastAppliedIsMaskedOnAnyKind();
    void diffNeverShowsSecretValues();
    void numbersReadAsTheServerSentThem();
};

void tst_Inspector::treeOfAPod()
{
    ObjectTreeModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QCOMPARE(model.rowCount(), 0);
    const Object pod = Object::fromJson(QJsonObject{
        {QLatin1String("kind"), QStringLiteral("Pod")},
        {QLatin1String("metadata"),
         QJsonObject{{QLatin1String("name"), QStringLiteral("web")},
                     {QLatin1String("labels"),
                      QJsonObject{{QLatin1String("app"), QStringLiteral("web")}}}}},
        {QLatin1String("spec"),
         QJsonObject{{QLatin1String("containers"),
                      QJsonArray{QJsonObject{{QLatin1String("name"), QStringLiteral("c")}}}}}}});
    model.setObject(QStringLiteral("web"), pod);
    QCOMPARE(model.rowCount(), 3); // kind, metadata, spec
    const QModelIndex labels = model.indexOfPath(QStringLiteral("metadata.labels"));
    QVERIFY(labels.isValid());
    QCOMPARE(labels.siblingAtColumn(1).data().toString(), QStringLiteral("{1}"));
    const QModelIndex c0 = model.indexOfPath(QStringLiteral("spec.containers.0.name"));
    QVERIFY(c0.isValid());
    QCOMPARE(c0.parent().data().toString(), QStringLiteral("[0]"));
    QCOMPARE(c0.siblingAtColumn(1).data().toString(), QStringLiteral("\"c\""));
    QVERIFY(!model.hasSensitive());
    model.setObject({}, Object());
    QCOMPARE(model.rowCount(), 0);
}

void tst_Inspector::secretIsMaskedUntilRevealed()
{
    ObjectTreeModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setObject(QStringLiteral("shop/db"),
                    secret(QStringLiteral("db"), QStringLiteral("u1"), kPassword));
    QVERIFY(model.hasSensitive());
    QVERIFY(!model.isRevealed());
    const QString all = dump(model).join(QLatin1Char('\n'));
    QVERIFY2(!all.contains(kPassword), qPrintable(all));
    QVERIFY2(!all.contains(QString::fromLatin1(kPassword.toUtf8().toBase64())), qPrintable(all));
    QVERIFY2(!all.contains(QStringLiteral("YWRtaW4=")), qPrintable(all));
    const QModelIndex pw = model.indexOfPath(QStringLiteral("data.password"));
    QCOMPARE(pw.siblingAtColumn(1).data().toString(),
             QStringLiteral("\u2022\u2022\u2022\u2022\u2022 (17 bytes)")); // decoded size
    QVERIFY(pw.data(ObjectTreeModel::MaskedRole).toBool());
    QCOMPARE(model.indexOfPath(QStringLiteral("stringData.token")).siblingAtColumn(1).data(),
             QVariant(QStringLiteral("\u2022\u2022\u2022\u2022\u2022 (17 bytes)")));
    // Non-sensitive fields stay readable.
    QCOMPARE(model.indexOfPath(QStringLiteral("type")).siblingAtColumn(1).data().toString(),
             QStringLiteral("\"Opaque\""));

    model.setRevealed(true);
    QVERIFY(model.isRevealed());
    QCOMPARE(model.indexOfPath(QStringLiteral("stringData.token")).siblingAtColumn(1).data(),
             QVariant(QLatin1Char('"') + kPassword + QLatin1Char('"')));
    model.setRevealed(false);
    QVERIFY(!dump(model).join(QLatin1Char('\n')).contains(kPassword));
}

void tst_Inspector::revealOnlyAffectsThatObject()
{
    ObjectTreeModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    const Object a = secret(QStringLiteral("a"), QStringLiteral("uid-a"), kPassword);
    const Object b = secret(QStringLiteral("b"), QStringLiteral("uid-b"), QStringLiteral("other"));
    model.setObject(QStringLiteral("shop/a"), a);
    model.setRevealed(true);
    QVERIFY(dump(model).join(QLatin1Char('\n')).contains(kPassword));

    model.setObject(QStringLiteral("shop/b"), b);
    QVERIFY(!model.isRevealed());
    const QString bText = dump(model).join(QLatin1Char('\n'));
    QVERIFY2(!bText.contains(QStringLiteral("\"other\"")), qPrintable(bText));

    // Back to a (a newer version of the same object, same uid): still revealed.
    model.setObject(
        QStringLiteral("shop/a"),
        a.withMetadata(QJsonObject{{QLatin1String("resourceVersion"), QStringLiteral("8")}}));
    QVERIFY(model.isRevealed());
    QVERIFY(dump(model).join(QLatin1Char('\n')).contains(kPassword));
}

void tst_Inspector::lastAppliedIsMaskedOnAnyKind()
{
    QVERIFY(isSensitivePath(
        QStringLiteral("ConfigMap"),
        {QStringLiteral("metadata"), QStringLiteral("annotations"), QString(kLastApplied)}));
    QVERIFY(!isSensitivePath(QStringLiteral("ConfigMap"),
                             {QStringLiteral("data"), QStringLiteral("x")}));
    QVERIFY(
        isSensitivePath(QStringLiteral("Secret"), {QStringLiteral("data"), QStringLiteral("x")}));
    const QJsonObject cm{
        {QLatin1String("kind"), QStringLiteral("ConfigMap")},
        {QLatin1String("metadata"),
         QJsonObject{{QLatin1String("annotations"),
                      QJsonObject{{kLastApplied, QStringLiteral("{\"secret\":1}")},
                                  {QLatin1String("note"), QStringLiteral("visible")}}}}},
        {QLatin1String("data"), QJsonObject{{QLatin1String("x"), QStringLiteral("plain")}}}};
    const QJsonObject masked = maskSensitive(cm);
    const QJsonObject ann = masked.value(QLatin1String("metadata"))
                                .toObject()
                                .value(QLatin1String("annotations"))
                                .toObject();
    QCOMPARE(ann.value(kLastApplied).toString(),
             QStringLiteral("\u2022\u2022\u2022\u2022\u2022 (12 bytes)"));
    QCOMPARE(ann.value(QLatin1String("note")).toString(), QStringLiteral("visible"));
    QCOMPARE(masked.value(QLatin1String("data")).toObject().value(QLatin1String("x")).toString(),
             QStringLiteral("plain")); // a ConfigMap's data is not secret
}

void tst_Inspector::diffNeverShowsSecretValues()
{
    const Object before = secret(QStringLiteral("a"), QStringLiteral("u"), kPassword);
    const Object after = secret(QStringLiteral("a"), QStringLiteral("u"), QStringLiteral("new-pw"));
    const QStringList lines = objectDiff(before.json(), after.json(), 20);
    const QString text = lines.join(QLatin1Char('\n'));
    QVERIFY2(
        text.contains(QStringLiteral("data.password: \u2022\u2022\u2022\u2022\u2022 (17 "
                                     "bytes) \u2192 \u2022\u2022\u2022\u2022\u2022 (6 bytes)")),
        qPrintable(text));
    QVERIFY(!text.contains(kPassword));
    QVERIFY(!text.contains(QStringLiteral("new-pw")));
    QVERIFY(!text.contains(QString::fromLatin1(QByteArray("new-pw").toBase64())));
    // A Secret appearing whole ("+data = {...}") is masked too.
    QJsonObject bare = before.json();
    bare.remove(QLatin1String("data"));
    const QString added = objectDiff(bare, before.json(), 20).join(QLatin1Char('\n'));
    QVERIFY2(added.contains(QStringLiteral("+data")), qPrintable(added));
    QVERIFY2(!added.contains(QString::fromLatin1(kPassword.toUtf8().toBase64()).left(10)),
             qPrintable(added));
}

void tst_Inspector::numbersReadAsTheServerSentThem()
{
    // The inspector and the key history's diff print numbers with jsonScalarText: 1234567, not
    // 1.23457e+06; 0.5 as 0.5.
    const auto pod = [](double restarts, double ratio) {
        return Object::fromJson(QJsonObject{
            {QLatin1String("metadata"), QJsonObject{{QLatin1String("name"), QStringLiteral("p")}}},
            {QLatin1String("status"), QJsonObject{{QLatin1String("restartCount"), restarts},
                                                  {QLatin1String("ratio"), ratio}}}});
    };
    ObjectTreeModel model;
    model.setObject(QStringLiteral("p"), pod(1234567, 0.5));
    QCOMPARE(model.indexOfPath(QStringLiteral("status.restartCount")).siblingAtColumn(1).data(),
             QVariant(QStringLiteral("1234567")));
    QCOMPARE(model.indexOfPath(QStringLiteral("status.ratio")).siblingAtColumn(1).data(),
             QVariant(QStringLiteral("0.5")));
    const QStringList diff = objectDiff(pod(1234567, 0.5).json(), pod(1234568, 0.25).json(), 20);
    QCOMPARE(diff, (QStringList{QStringLiteral("status.ratio: 0.5 \u2192 0.25"),
                                QStringLiteral("status.restartCount: 1234567 \u2192 1234568")}));
}

QTEST_GUILESS_MAIN(tst_Inspector)
#include "tst_inspector.moc"
