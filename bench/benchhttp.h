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

/// GETs `url` as getBody() does, but keeps only the body's first `keep` bytes (where a list's
/// metadata is): the rest is read from the reply as it arrives and dropped, as fast as the
/// client stack delivers it. `*bytes` is the body's whole size.
inline QByteArray drainBody(QNetworkAccessManager &nam, const QUrl &url, int *status, qint64 *bytes,
                            qsizetype keep = 64 * 1024)
{
    QNetworkReply *reply = nam.get(QNetworkRequest(url));
    QByteArray head;
    qint64 total = 0;
    QByteArray chunk(1 << 20, Qt::Uninitialized);
    auto drain = [&] {
        for (qint64 n; (n = reply->read(chunk.data(), chunk.size())) > 0;) {
            if (head.size() < keep)
                head.append(chunk.constData(), qMin<qint64>(n, keep - head.size()));
            total += n;
        }
    };
    QEventLoop loop;
    QObject::connect(reply, &QNetworkReply::readyRead, &loop, drain);
    QObject::connect(reply, &QNetworkReply::finished, &loop, &QEventLoop::quit);
    loop.exec();
    drain();
    *status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    *bytes = total;
    reply->deleteLater();
    return head;
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
