// SPDX-License-Identifier: Apache-2.0
// The simulated server against the recorded exchanges with a real kube-apiserver v1.20.2
// (resources/fixtures/wire, see its README.md): the same situation is set up in the simulator —
// namespace "samples" with pods sample-0..4, then four writes and a compaction where the
// recording had them — the recorded request is replayed (its resourceVersions mapped to the
// simulator's revisions) and the answer must have the recorded status code, Retry-After, Status
// reason, message (numbers mapped), details and continue-token shape.
#include "simtestutil.h"

#include "sim/continuetoken.h"
#include "sim/simulator.h"
#include "sim/store.h"

#include <QFile>
#include <QJsonArray>
#include <QRegularExpression>
#include <QTest>

#include <memory>

using namespace lens::sim;
using namespace simtest;

namespace {

const QString kDir = QStringLiteral(LENS_WIRE_DIR);

/// One recorded exchange.
struct Recorded {
    QString target; ///< request path and query, as sent
    int status = 0;
    QMap<QByteArray, QByteArray> headers;
    QByteArray body; ///< de-chunked
};

Recorded load(const QString &name)
{
    Recorded r;
    QFile req(kDir + QLatin1Char('/') + name + QStringLiteral(".request.http"));
    if (req.open(QIODevice::ReadOnly))
        r.target = QString::fromLatin1(req.readLine().split(' ').value(1));
    QFile resp(kDir + QLatin1Char('/') + name + QStringLiteral(".response.http"));
    if (resp.open(QIODevice::ReadOnly)) {
        r.status = resp.readLine().split(' ').value(1).toInt();
        for (QByteArray line = resp.readLine().trimmed(); !line.isEmpty();
             line = resp.readLine().trimmed()) {
            const qsizetype colon = line.indexOf(':');
            r.headers.insert(line.left(colon).toLower(), line.mid(colon + 1).trimmed());
        }
    }
    QFile body(kDir + QLatin1Char('/') + name + QStringLiteral(".body"));
    if (body.open(QIODevice::ReadOnly))
        r.body = body.readAll();
    return r;
}

QJsonObject decodeToken(const QString &token)
{
    return QJsonDocument::fromJson(
               QByteArray::fromBase64(token.toLatin1(), QByteArray::Base64UrlEncoding))
        .object();
}

} // namespace

class tst_SimWire : public QObject {
    Q_OBJECT
private slots:
    void init();
    void cleanup();
    void statusAnswers_data();
    void statusAnswers();
    void pagingTokens();
    void listAtZeroIgnoresLimit();
    void bookmarkShape();
    void allNamespacesToken();

private:
    /// The recorded request with resourceVersion 89 (the recording's list RV) mapped.
    QString mapped(const QString &target) const;
    /// The recording's revisions (89: after the five pods; 93: after four more writes) in
    /// messages, mapped to the simulator's.
    QString mappedText(QString text) const;
    void writeFourAndCompact();

    std::unique_ptr<Simulator> m_sim;
    std::unique_ptr<QNetworkAccessManager> m_nam;
    qint64 m_rv89 = 0;
    qint64 m_rv93 = 0;
};

void tst_SimWire::init()
{
    m_sim = std::make_unique<Simulator>();
    Simulator::Options o;
    o.seedObjects = false;
    QString error;
    QVERIFY2(m_sim->start(o, &error), qPrintable(error));
    Store *s = m_sim->store();
    QVERIFY(
        s->create(QStringLiteral("namespaces"),
                  QJsonObject{{QStringLiteral("metadata"),
                               QJsonObject{{QStringLiteral("name"), QStringLiteral("samples")}}}})
            .ok());
    for (int i = 0; i < 5; ++i) {
        const QJsonObject meta{{QStringLiteral("name"), QStringLiteral("sample-%1").arg(i)},
                               {QStringLiteral("namespace"), QStringLiteral("samples")},
                               {QStringLiteral("labels"),
                                QJsonObject{{QStringLiteral("app"), QStringLiteral("sample")}}}};
        QVERIFY(s->create(QStringLiteral("pods"), QJsonObject{{QStringLiteral("metadata"), meta}})
                    .ok());
    }
    m_rv89 = s->revision();
    m_rv93 = m_rv89 + 4;
    m_nam = std::make_unique<QNetworkAccessManager>();
}

void tst_SimWire::cleanup()
{
    m_nam.reset();
    m_sim.reset();
}

QString tst_SimWire::mapped(const QString &target) const
{
    QString t = target;
    t.replace(QStringLiteral("resourceVersion=89"),
              QStringLiteral("resourceVersion=%1").arg(m_rv89));
    return t;
}

QString tst_SimWire::mappedText(QString text) const
{
    static const QRegularExpression n89(QStringLiteral("\\b89\\b"));
    static const QRegularExpression n93(QStringLiteral("\\b93\\b"));
    text.replace(n89, QString::number(m_rv89));
    text.replace(n93, QString::number(m_rv93));
    return text;
}

void tst_SimWire::writeFourAndCompact()
{
    // As in the recording: 90 MODIFIED, 91 ADDED, 92 MODIFIED, 93 DELETED, then compaction.
    Store *s = m_sim->store();
    QJsonObject p =
        s->get(QStringLiteral("pods"), QStringLiteral("samples"), QStringLiteral("sample-0"))
            .json();
    QJsonObject meta = p.value(u"metadata").toObject();
    meta.insert(QStringLiteral("annotations"),
                QJsonObject{{QStringLiteral("a"), QStringLiteral("1")}});
    p.insert(QStringLiteral("metadata"), meta);
    QVERIFY(s->update(QStringLiteral("pods"), p).ok());
    QVERIFY(s->create(QStringLiteral("pods"),
                      QJsonObject{
                          {QStringLiteral("metadata"),
                           QJsonObject{{QStringLiteral("name"), QStringLiteral("extra")},
                                       {QStringLiteral("namespace"), QStringLiteral("samples")}}}})
                .ok());
    QVERIFY(
        s->update(QStringLiteral("pods"),
                  s->get(QStringLiteral("pods"), QStringLiteral("samples"), QStringLiteral("extra"))
                      .json())
            .ok());
    QVERIFY(
        s->remove(QStringLiteral("pods"), QStringLiteral("samples"), QStringLiteral("extra")).ok());
    QCOMPARE(s->revision(), m_rv93);
    m_sim->compact();
}

void tst_SimWire::statusAnswers_data()
{
    QTest::addColumn<QString>("fixture");
    QTest::addColumn<bool>("compacted"); ///< four writes and a compaction first
    QTest::addColumn<bool>("watch");     ///< the Status arrives as a watch ERROR event

    QTest::newRow("FW-06 watch from a compacted RV: 200 + ERROR 410")
        << QStringLiteral("06-watch-rv-too-old-410") << true << true;
    QTest::newRow("FW-07 continue after compaction: 410 + fresh token")
        << QStringLiteral("07-list-continue-after-compaction-410") << true << false;
    QTest::newRow("FW-08 Exact list at a compacted RV: 410")
        << QStringLiteral("08-list-rv-exact-compacted-410") << true << false;
    QTest::newRow("FW-11 list resourceVersion=abc: 500, no reason")
        << QStringLiteral("11-list-rv-invalid") << false << false;
    QTest::newRow("FW-12 watch resourceVersion=abc: 500")
        << QStringLiteral("12-watch-rv-invalid") << false << false;
    QTest::newRow("FW-13 paged list resourceVersion=abc: 400")
        << QStringLiteral("13-list-limit2-rv-invalid") << false << false;
    QTest::newRow("FW-14 continue=garbage: 400")
        << QStringLiteral("14-list-continue-invalid") << false << false;
    QTest::newRow("FW-16 list at a too large RV: 504, Retry-After 1")
        << QStringLiteral("16-list-rv-too-large") << true << false;
}

void tst_SimWire::statusAnswers()
{
    QFETCH(QString, fixture);
    QFETCH(bool, compacted);
    QFETCH(bool, watch);
    const Recorded want = load(fixture);
    QVERIFY2(want.status != 0 && !want.body.isEmpty(), qPrintable(fixture));
    if (compacted)
        writeFourAndCompact();
    const HttpResult got = get(*m_nam, m_sim->url(), mapped(want.target));
    QCOMPARE(got.status, want.status);
    QCOMPARE(got.retryAfter, want.headers.value("retry-after"));
    QJsonObject w = QJsonDocument::fromJson(want.body.trimmed()).object();
    QJsonObject g = QJsonDocument::fromJson(got.body.trimmed()).object();
    if (watch) {
        QCOMPARE(g.value(u"type").toString(), w.value(u"type").toString());
        QVERIFY(got.body.trimmed().count('\n') == 0); // one event, then the stream ends
        w = w.value(u"object").toObject();
        g = g.value(u"object").toObject();
    }
    for (const char *k : {"kind", "apiVersion", "status", "reason", "code", "details"})
        QCOMPARE(g.value(QLatin1String(k)), w.value(QLatin1String(k)));
    QCOMPARE(g.value(u"message").toString(), mappedText(w.value(u"message").toString()));
    QCOMPARE(g.contains(QStringLiteral("reason")), w.contains(QStringLiteral("reason")));
    // metadata: {} or the fresh continue token (rv -1, same start key).
    const QJsonObject wm = w.value(u"metadata").toObject();
    const QJsonObject gm = g.value(u"metadata").toObject();
    QCOMPARE(gm.keys(), wm.keys());
    if (wm.contains(QStringLiteral("continue"))) {
        QCOMPARE(gm.value(u"continue").toString(), wm.value(u"continue").toString());
        QCOMPARE(decodeToken(gm.value(u"continue").toString()).value(u"rv").toInt(), -1);
    }
}

void tst_SimWire::pagingTokens()
{
    // 01 → 02 → 03: limit=2 over five pods.
    QString next;
    for (const char *name :
         {"01-list-limit2-page1", "02-list-limit2-page2", "03-list-limit2-page3-last"}) {
        const Recorded want = load(QLatin1String(name));
        QString target = want.target;
        if (!next.isEmpty()) // continue with the simulator's own token
            target = target.left(target.indexOf(QStringLiteral("continue=")) + 9) + next;
        const HttpResult got = get(*m_nam, m_sim->url(), target);
        QCOMPARE(got.status, want.status);
        const QJsonObject w = QJsonDocument::fromJson(want.body).object();
        const QJsonObject g = got.json();
        QCOMPARE(g.value(u"kind"), w.value(u"kind"));
        const QJsonObject wm = w.value(u"metadata").toObject();
        const QJsonObject gm = g.value(u"metadata").toObject();
        QCOMPARE(gm.keys(), wm.keys()); // continue / remainingItemCount only where recorded
        QCOMPARE(gm.value(u"remainingItemCount"), wm.value(u"remainingItemCount"));
        QCOMPARE(gm.value(u"resourceVersion").toString(), QString::number(m_rv89));
        QStringList wantNames, gotNames;
        for (const QJsonValue &i : w.value(u"items").toArray())
            wantNames << i[QStringLiteral("metadata")][QStringLiteral("name")].toString();
        for (const QJsonValue &i : g.value(u"items").toArray())
            gotNames << i[QStringLiteral("metadata")][QStringLiteral("name")].toString();
        QCOMPARE(gotNames, wantNames);
        next = gm.value(u"continue").toString();
        if (wm.contains(QStringLiteral("continue"))) {
            // Same token shape: {"v":"meta.k8s.io/v1","rv":N,"start":"sample-1\u0000"}.
            QJsonObject wt = decodeToken(wm.value(u"continue").toString());
            wt.insert(QStringLiteral("rv"), m_rv89);
            QCOMPARE(decodeToken(next), wt);
            const QByteArray raw =
                QByteArray::fromBase64(next.toLatin1(), QByteArray::Base64UrlEncoding);
            QVERIFY2(raw.startsWith("{\"v\":\"meta.k8s.io/v1\",\"rv\":"), raw.constData());
            QVERIFY(!next.contains(QLatin1Char('='))); // unpadded base64url, as recorded
        }
    }
    QVERIFY(next.isEmpty());
}

void tst_SimWire::listAtZeroIgnoresLimit()
{
    const Recorded want = load(QStringLiteral("04-list-rv0-from-watchcache"));
    const HttpResult got = get(*m_nam, m_sim->url(), want.target);
    QCOMPARE(got.status, want.status);
    QCOMPARE(got.json().value(u"items").toArray().size(),
             QJsonDocument::fromJson(want.body).object().value(u"items").toArray().size());
    QCOMPARE(got.json().value(u"metadata").toObject().keys(),
             QJsonDocument::fromJson(want.body).object().value(u"metadata").toObject().keys());
}

void tst_SimWire::bookmarkShape()
{
    // 05: the BOOKMARK object is a zero Pod carrying only the resourceVersion.
    const Recorded want = load(QStringLiteral("05-watch-bookmarks"));
    QByteArray wantLine;
    for (const QByteArray &line : want.body.split('\n'))
        if (line.contains("\"BOOKMARK\""))
            wantLine = line;
    QVERIFY(!wantLine.isEmpty());
    writeFourAndCompact();
    m_sim->setBookmarkInterval(50);
    const HttpResult got = get(*m_nam, m_sim->url(),
                               QStringLiteral("/api/v1/namespaces/samples/pods?watch=1&"
                                              "allowWatchBookmarks=true&resourceVersion=%1&"
                                              "timeoutSeconds=1")
                                   .arg(m_rv93));
    QCOMPARE(got.status, want.status);
    QByteArray gotLine;
    for (const QByteArray &line : got.body.split('\n'))
        if (line.contains("\"BOOKMARK\""))
            gotLine = line;
    QCOMPARE(QString::fromUtf8(gotLine), mappedText(QString::fromUtf8(wantLine)));
}

void tst_SimWire::allNamespacesToken()
{
    const Recorded want = load(QStringLiteral("20-list-all-namespaces-limit2"));
    const HttpResult got = get(*m_nam, m_sim->url(), want.target);
    QCOMPARE(got.status, want.status);
    const QJsonObject wt =
        decodeToken(QJsonDocument::fromJson(want.body)
                        .object()[QStringLiteral("metadata")][QStringLiteral("continue")]
                        .toString());
    const QJsonObject gt =
        decodeToken(got.json()[QStringLiteral("metadata")][QStringLiteral("continue")].toString());
    QCOMPARE(gt.keys(), wt.keys());
    // "namespace/name\u0000" of the last item on the page.
    QVERIFY(wt.value(u"start").toString().contains(QLatin1Char('/')));
    QCOMPARE(gt.value(u"start").toString(), QStringLiteral("samples/sample-1") + QChar(0));
}

QTEST_GUILESS_MAIN(tst_SimWire)
#include "tst_simwire.moc"
