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
#include <tuple>

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

    enum class Wait { Answered, TimedOut, Interrupted };
    /// Waits for every reply in `replies` or the deadline. Interrupted: the local event loop
    /// was ended by someone else (QCoreApplication::quit() after a termination signal ends
    /// every running loop) before either.
    static Wait wait(const QList<QNetworkReply *> &replies, QElapsedTimer &clock, int timeoutMs)
    {
        const auto allFinished = [&] {
            return std::all_of(replies.begin(), replies.end(),
                               [](const QNetworkReply *r) { return r->isFinished(); });
        };
        if (allFinished())
            return Wait::Answered;
        QEventLoop loop;
        bool timedOut = false;
        QTimer::singleShot(qMax<qint64>(0, timeoutMs - clock.elapsed()), &loop, [&] {
            timedOut = true;
            loop.quit();
        });
        for (QNetworkReply *r : replies)
            QObject::connect(r, &QNetworkReply::finished, &loop, [&] {
                if (allFinished())
                    loop.quit();
            });
        loop.exec();
        if (allFinished())
            return Wait::Answered;
        return timedOut ? Wait::TimedOut : Wait::Interrupted;
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

/// The `field` array of a discovery document (APIResourceList "resources", APIGroupList
/// "groups"), or why the body is not one.
QString readDocument(const QByteArray &body, const char *kind, const char *field, QJsonArray *out)
{
    QJsonParseError pe{};
    const QJsonDocument doc = QJsonDocument::fromJson(body, &pe);
    if (pe.error != QJsonParseError::NoError)
        return QStringLiteral("the answer is not JSON (%1 at byte %2), not an %3")
            .arg(pe.errorString())
            .arg(pe.offset)
            .arg(QLatin1String(kind));
    const QJsonValue v = doc.object().value(QLatin1String(field));
    if (!doc.isObject() || !(v.isArray() || v.isUndefined() || v.isNull()))
        return QStringLiteral("the answer is JSON but not an %1").arg(QLatin1String(kind));
    *out = v.toArray();
    return {};
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

Discovery::Discovery(const RestConfig &rest, int timeoutMs) : m_rest(rest), m_timeoutMs(timeoutMs)
{
}

bool Discovery::resolve(const RestConfig &rest, const QString &what, ApiResource *out,
                        QString *error, bool *transportFailed, int timeoutMs)
{
    Discovery d(rest, timeoutMs);
    Failure why = Failure::None;
    const bool ok = d.resolve(what, out, error, &why);
    if (transportFailed)
        *transportFailed = why == Failure::Transport;
    return ok;
}

bool Discovery::fetch(const QStringList &paths, QString *error, Failure *why)
{
    QStringList missing;
    for (const QString &p : paths)
        if (!m_documents.contains(p) && !missing.contains(p))
            missing << p;
    if (missing.isEmpty())
        return true;
    Fetcher fetcher(m_rest);
    std::vector<std::unique_ptr<QNetworkReply>> replies;
    QList<QNetworkReply *> pending;
    for (const QString &p : std::as_const(missing)) {
        replies.emplace_back(fetcher.get(p));
        pending << replies.back().get();
    }
    QElapsedTimer clock;
    clock.start();
    const Fetcher::Wait waited = Fetcher::wait(pending, clock, m_timeoutMs);
    if (waited != Fetcher::Wait::Answered) {
        *why = waited == Fetcher::Wait::Interrupted ? Failure::Interrupted : Failure::Transport;
        *error =
            waited == Fetcher::Wait::Interrupted
                ? QStringLiteral("discovery at %1 was interrupted: the program is stopping")
                      .arg(QString::fromUtf8(RestNetworkAccessManager::loggedUrl(m_rest.server)))
                : QStringLiteral("discovery at %1 did not answer within %2 s")
                      .arg(QString::fromUtf8(RestNetworkAccessManager::loggedUrl(m_rest.server)))
                      .arg(m_timeoutMs / 1000);
        return false;
    }
    for (qsizetype i = 0; i < missing.size(); ++i) {
        Document d;
        if (pending[i]->error() != QNetworkReply::NoError)
            d.problem = replyProblem(pending[i]);
        else
            d.body = pending[i]->readAll();
        m_documents.insert(missing[i], d);
    }
    return true;
}

bool Discovery::resolve(const QString &what, ApiResource *out, QString *error, Failure *why)
{
    Failure ignored = Failure::None;
    if (!why)
        why = &ignored;
    *why = Failure::None;
    const auto fail = [&](const QString &message, Failure f) {
        if (error)
            *error = message;
        *why = f;
        return false;
    };
    if (parseExplicit(what, out))
        return true;
    const Wanted wanted = parseWanted(what);
    if (wanted.name.isEmpty())
        return fail(QStringLiteral("no resource type given"), Failure::NotFound);

    QString err;
    Failure f = Failure::None;
    const QString corePath = QStringLiteral("/api/v1"), groupsPath = QStringLiteral("/apis");
    if (!fetch({corePath, groupsPath}, &err, &f))
        return fail(err, f);
    // (group, version, resources) in priority order: core first, then the server's group order.
    struct GroupResources {
        QString group, version;
        QJsonArray resources;
    };
    QList<GroupResources> all;
    QJsonArray groupList;
    for (const auto &[path, kind, field] : {std::tuple{corePath, "APIResourceList", "resources"},
                                            std::tuple{groupsPath, "APIGroupList", "groups"}}) {
        const Document &d = m_documents[path];
        if (!d.problem.isEmpty())
            return fail(QStringLiteral("discovery (%1) failed: %2").arg(path, d.problem),
                        Failure::Transport);
        QJsonArray array;
        if (const QString bad = readDocument(d.body, kind, field, &array); !bad.isEmpty())
            return fail(QStringLiteral("discovery (%1) failed: %2").arg(path, bad),
                        Failure::Transport);
        if (path == corePath)
            all.append({QString(), QStringLiteral("v1"), array});
        else
            groupList = array;
    }
    QList<QPair<QString, QString>> groupVersions;
    QStringList paths;
    for (const QJsonValue &g : std::as_const(groupList)) {
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
        groupVersions.append({name, version});
        paths << QStringLiteral("/apis/%1/%2").arg(name, version);
    }
    if (!fetch(paths, &err, &f))
        return fail(err, f);
    for (qsizetype i = 0; i < paths.size(); ++i) {
        // A group version that fails (an aggregated API that is down, or one that answers
        // something else than an APIResourceList) is skipped, as kubectl skips it with a
        // warning.
        const Document &d = m_documents[paths[i]];
        QJsonArray resources;
        if (!d.problem.isEmpty() ||
            !readDocument(d.body, "APIResourceList", "resources", &resources).isEmpty())
            continue;
        all.append({groupVersions[i].first, groupVersions[i].second, resources});
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
                    Failure::NotFound);
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
                    Failure::NotFound);
    *out = found;
    return true;
}

} // namespace lens
