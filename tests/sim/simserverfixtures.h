// SPDX-License-Identifier: Apache-2.0
// What the simulated API server's HTTP suites share (tst_simserver, tst_simwatch,
// tst_simfaults): a built-in cluster started per test function, the bodies captured from
// kube-apiserver v1.20.2 and small JSON helpers.
#pragma once

#include "sim/simulator.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QString>
#include <QStringList>
#include <QTest>
#include <QUrl>

#include <memory>

namespace simtest {
inline const QString kPods = QStringLiteral("pods");

// Bodies recorded from kube-apiserver v1.20.2 (fixtures 06, 08, 16, 05).
inline const char kFixture06[] =
    R"json({"type":"ERROR","object":{"kind":"Status","apiVersion":"v1","metadata":{},"status":"Failure","message":"too old resource version: 89 (93)","reason":"Expired","code":410}})json";
inline const char kFixture08[] =
    R"json({"kind":"Status","apiVersion":"v1","metadata":{},"status":"Failure","message":"The resourceVersion for the provided list is too old.","reason":"Expired","code":410})json";
inline const char kFixture16[] =
    R"json({"kind":"Status","apiVersion":"v1","metadata":{},"status":"Failure","message":"Timeout: Too large resource version: 99999999, current: 93","reason":"Timeout","details":{"causes":[{"reason":"ResourceVersionTooLarge","message":"Too large resource version"}],"retryAfterSeconds":1},"code":504})json";
inline const char kFixture05Bookmark[] =
    R"json({"type":"BOOKMARK","object":{"kind":"Pod","apiVersion":"v1","metadata":{"resourceVersion":"93","creationTimestamp":null},"spec":{"containers":null},"status":{}}})json";

inline QJsonObject parse(const char *json)
{
    return QJsonDocument::fromJson(QByteArray(json)).object();
}

/// Replaces `path` ("object.message", "metadata.resourceVersion") in a JSON object.
inline QJsonObject with(QJsonObject o, const QString &path, const QJsonValue &v)
{
    const QStringList parts = path.split(QLatin1Char('.'));
    if (parts.size() == 1) {
        o.insert(parts.first(), v);
        return o;
    }
    o.insert(parts.first(),
             with(o.value(parts.first()).toObject(), parts.mid(1).join(QLatin1Char('.')), v));
    return o;
}

inline QJsonObject podJson(const QString &ns, const QString &name,
                           const QString &app = QStringLiteral("web"))
{
    QJsonObject meta{{QStringLiteral("name"), name},
                     {QStringLiteral("namespace"), ns},
                     {QStringLiteral("labels"), QJsonObject{{QStringLiteral("app"), app}}}};
    return QJsonObject{
        {QStringLiteral("apiVersion"), QStringLiteral("v1")},
        {QStringLiteral("kind"), QStringLiteral("Pod")},
        {QStringLiteral("metadata"), meta},
        {QStringLiteral("spec"), QJsonObject{{QStringLiteral("containers"), QJsonArray{}}}}};
}

inline QString keyOf(const QJsonObject &item)
{
    const QJsonObject m = item.value(QStringLiteral("metadata")).toObject();
    return m.value(QStringLiteral("namespace")).toString() + QLatin1Char('/') +
           m.value(QStringLiteral("name")).toString();
}
/// A built-in cluster on loopback for each test function and a QNetworkAccessManager to ask it:
/// a test class inherits it, calls startServer() in init() and stopServer() in cleanup().
class SimServerFixture {
protected:
    /// Starts the cluster seeded with `seed`; a failure fails the test function (QVERIFY).
    void startServer(quint32 seed)
    {
        m_sim = std::make_unique<lens::sim::Simulator>();
        lens::sim::Simulator::Options o;
        o.seed = seed;
        QString error;
        QVERIFY2(m_sim->start(o, &error), qPrintable(error));
        m_url = m_sim->url();
        m_nam = std::make_unique<QNetworkAccessManager>();
    }
    void stopServer()
    {
        m_nam.reset();
        m_sim.reset();
    }

    std::unique_ptr<lens::sim::Simulator> m_sim;
    std::unique_ptr<QNetworkAccessManager> m_nam;
    QUrl m_url;
};

} // namespace simtest
