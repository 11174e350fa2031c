// SPDX-License-Identifier: Apache-2.0
#pragma once
// What the benchmarks' HTTP clients share: one blocking GET over QNetworkAccessManager and the
// continue token of a LIST page.
#include <QByteArray>
#include <QEventLoop>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QUrl>

namespace lens::bench {

/// GETs `url` and waits for the whole answer (a nested event loop); returns the body and sets
/// `*status` to the HTTP status (0 when the server was not reached).
inline QByteArray getBody(QNetworkAccessManager &nam, const QUrl &url, int *status)
{
    QNetworkReply *reply = nam.get(QNetworkRequest(url));
    QEventLoop loop;
    QObject::connect(reply, &QNetworkReply::finished, &loop, &QEventLoop::quit);
    loop.exec();
    *status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    QByteArray body = reply->readAll();
    reply->deleteLater();
    return body;
}

/// metadata.continue of a list body (metadata comes before items), or empty; found without
/// parsing the body.
inline QByteArray continueToken(const QByteArray &body)
{
    const QByteArray key = "\"continue\":\"";
    const qsizetype itemsAt = body.indexOf("\"items\":");
    const qsizetype at = body.indexOf(key);
    if (at < 0 || (itemsAt >= 0 && at > itemsAt))
        return {};
    const qsizetype from = at + key.size();
    return body.mid(from, body.indexOf('"', from) - from);
}

} // namespace lens::bench
