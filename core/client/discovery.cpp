// SPDX-License-Identifier: Apache-2.0
#include "discovery.h"

#include "restnetworkaccessmanager.h"

#include <QElapsedTimer>
#include <QEventLoop>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QRegularExpression>
#include <QTimer>

#include <algorithm>
#include <memory>

namespace lens {

namespace {

/// What the user asked for: a name and, with "name.group" or "name.version.group", a group.
struct Wanted {
    QString name;
    QString group;   ///< "" = any
    QString version; ///< "" = any
    bool groupGiven = false;
};

Wanted parseWanted(const QString &what)
{
    Wanted w;
    const qsizetype dot = what.indexOf(QLatin1Char('.'));
    if (dot < 0) {
        w.name = what;
        return w;
    }
    w.name = what.left(dot);
    QString rest = what.mid(dot + 1);
    // "deployments.v1.apps": a version segment comes first when it looks like one.
    const qsizetype dot2 = rest.indexOf(QLatin1Char('.'));
    const QString first = dot2 < 0 ? rest : rest.left(dot2);
    if (dot2 > 0 && first.size() > 1 && first.front() == QLatin1Char('v') && first[1].isDigit()) {
        w.version = first;
        rest = rest.mid(dot2 + 1);
    }
    w.group = rest;
    w.groupGiven = true;
    return w;
}

/// 0 = plural, 1 = singular, 2 = short name, 3 = kind; -1 = no match.
int matchRank(const QJsonObject &r, const QString &name)
{
    const auto eq = [&](const QString &s) {
        return !s.isEmpty() && s.compare(name, Qt::CaseInsensitive) == 0;
    };
    if (eq(r.value(QStringLiteral("name")).toString()))
        return 0;
    if (eq(r.value(QStringLiteral("singularName")).toString()))
        return 1;
    for (const QJsonValue &s : r.value(QStringLiteral("shortNames")).toArray())
        if (eq(s.toString()))
            return 2;
    if (eq(r.value(QStringLiteral("kind")).toString()))
        return 3;
    return -1;
}

class Fetcher {
public:
    explicit Fetcher(const RestConfig &rest) : m_rest(rest) {}

    QNetworkReply *get(const QString &path) { return m_nam.get(m_rest.request(m_rest.url(path))); }

    /// Waits for every reply in `replies` or the deadline; false when the deadline passed.
    static bool wait(const QList<QNetworkReply *> &replies, QElapsedTimer &clock, int timeoutMs)
    {
        const auto allFinished = [&] {
            return std::all_of(replies.begin(), replies.end(),
                               [](const QNetworkReply *r) { return r->isFinished(); });
        };
        QEventLoop loop;
        QTimer::singleShot(qMax<qint64>(0, timeoutMs - clock.elapsed()), &loop, &QEventLoop::quit);
        for (QNetworkReply *r : replies)
            QObject::connect(r, &QNetworkReply::finished, &loop, [&] {
                if (allFinished())
                    loop.quit();
            });
        if (!allFinished())
            loop.exec();
        return allFinished();
    }

private:
    const RestConfig &m_rest;
    RestNetworkAccessManager m_nam;
};

QString replyProblem(QNetworkReply *r)
{
    const int code = r->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    if (code == 0)
        return r->errorString();
    const QJsonObject status = QJsonDocument::fromJson(r->readAll()).object();
    const QString message = status.value(QStringLiteral("message")).toString();
    return QStringLiteral("HTTP %1%2")
        .arg(code)
        .arg(message.isEmpty() ? QString() : QStringLiteral(": ") + message);
}

} // namespace

bool Discovery::parseExplicit(const QString &what, ApiResource *out)
{
    const QStringList parts = what.split(QLatin1Char('/'));
    if (parts.size() < 2 || parts.size() > 3)
        return false;
    for (const QString &p : parts)
        if (p.isEmpty())
            return false;
    static const QRegularExpression version(
        QStringLiteral("^v[1-9][0-9]*((alpha|beta)[1-9][0-9]*)?$"));
    if (!version.match(parts[parts.size() - 2]).hasMatch())
        return false; // "pods/log" is not GROUP/VERSION/RESOURCE
    ApiResource r;
    r.group = parts.size() == 3 ? parts[0] : QString();
    r.version = parts[parts.size() - 2];
    r.resource = parts.last();
    *out = r;
    return true;
}

bool Discovery::resolve(const RestConfig &rest, const QString &what, ApiResource *out,
                        QString *error, bool *transportFailed, int timeoutMs)
{
    if (transportFailed)
        *transportFailed = false;
    const auto fail = [&](const QString &why, bool transport) {
        if (error)
            *error = why;
        if (transportFailed)
            *transportFailed = transport;
        return false;
    };
    if (parseExplicit(what, out))
        return true;
    const Wanted wanted = parseWanted(what);
    if (wanted.name.isEmpty())
        return fail(QStringLiteral("no resource type given"), false);

    Fetcher fetch(rest);
    QElapsedTimer clock;
    clock.start();
    std::unique_ptr<QNetworkReply> core(fetch.get(QStringLiteral("/api/v1")));
    std::unique_ptr<QNetworkReply> groups(fetch.get(QStringLiteral("/apis")));
    if (!fetch.wait({core.get(), groups.get()}, clock, timeoutMs))
        return fail(QStringLiteral("discovery at %1 did not answer within %2 s")
                        .arg(rest.server.toString(QUrl::RemoveUserInfo))
                        .arg(timeoutMs / 1000),
                    true);
    for (QNetworkReply *r : {core.get(), groups.get()})
        if (r->error() != QNetworkReply::NoError)
            return fail(
                QStringLiteral("discovery (%1) failed: %2").arg(r->url().path(), replyProblem(r)),
                true);

    // (group, version, resources) in priority order: core first, then the server's group order.
    struct GroupResources {
        QString group, version;
        QJsonArray resources;
    };
    QList<GroupResources> all;
    all.append({QString(), QStringLiteral("v1"),
                QJsonDocument::fromJson(core->readAll())
                    .object()
                    .value(QStringLiteral("resources"))
                    .toArray()});
    QList<QNetworkReply *> pending;
    std::vector<std::unique_ptr<QNetworkReply>> owned;
    QList<QPair<QString, QString>> pendingGv;
    const QJsonArray groupList = QJsonDocument::fromJson(groups->readAll())
                                     .object()
                                     .value(QStringLiteral("groups"))
                                     .toArray();
    for (const QJsonValue &g : groupList) {
        const QJsonObject go = g.toObject();
        const QString name = go.value(QStringLiteral("name")).toString();
        if (wanted.groupGiven && name != wanted.group)
            continue;
        QString version = go.value(QStringLiteral("preferredVersion"))
                              .toObject()
                              .value(QStringLiteral("version"))
                              .toString();
        if (!wanted.version.isEmpty())
            version = wanted.version;
        if (version.isEmpty())
            continue;
        owned.emplace_back(fetch.get(QStringLiteral("/apis/%1/%2").arg(name, version)));
        pending.append(owned.back().get());
        pendingGv.append({name, version});
    }
    if (!fetch.wait(pending, clock, timeoutMs))
        return fail(QStringLiteral("discovery at %1 did not answer within %2 s")
                        .arg(rest.server.toString(QUrl::RemoveUserInfo))
                        .arg(timeoutMs / 1000),
                    true);
    for (qsizetype i = 0; i < pending.size(); ++i) {
        // A group version that fails (an aggregated API that is down) is skipped, as kubectl
        // skips it with a warning.
        if (pending[i]->error() != QNetworkReply::NoError)
            continue;
        all.append({pendingGv[i].first, pendingGv[i].second,
                    QJsonDocument::fromJson(pending[i]->readAll())
                        .object()
                        .value(QStringLiteral("resources"))
                        .toArray()});
    }

    int bestRank = 4;
    QJsonObject best;
    const GroupResources *bestGroup = nullptr;
    for (const GroupResources &gr : std::as_const(all)) {
        if (wanted.groupGiven && gr.group != wanted.group)
            continue;
        for (const QJsonValue &v : gr.resources) {
            const QJsonObject r = v.toObject();
            if (r.value(QStringLiteral("name")).toString().contains(QLatin1Char('/')))
                continue; // a subresource
            const int rank = matchRank(r, wanted.name);
            if (rank >= 0 && rank < bestRank) {
                bestRank = rank;
                best = r;
                bestGroup = &gr;
            }
        }
    }
    if (!bestGroup)
        return fail(QStringLiteral("the server doesn't have a resource type \"%1\"").arg(what),
                    false);
    ApiResource found;
    found.group = bestGroup->group;
    found.version = bestGroup->version;
    found.resource = best.value(QStringLiteral("name")).toString();
    found.kind = best.value(QStringLiteral("kind")).toString();
    found.namespaced = best.value(QStringLiteral("namespaced")).toBool(true);
    QStringList verbs;
    for (const QJsonValue &v : best.value(QStringLiteral("verbs")).toArray())
        verbs << v.toString();
    if (!verbs.contains(QStringLiteral("list")) || !verbs.contains(QStringLiteral("watch")))
        return fail(QStringLiteral("%1 cannot be watched: the server allows only %2")
                        .arg(found.qualifiedName(), verbs.isEmpty()
                                                        ? QStringLiteral("no verbs")
                                                        : verbs.join(QStringLiteral(", "))),
                    false);
    *out = found;
    return true;
}

} // namespace lens
