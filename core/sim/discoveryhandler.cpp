// SPDX-License-Identifier: Apache-2.0
#include "discoveryhandler.h"

#include "apiserver.h"
#include "httpresponder.h"
#include "jsonbytes.h"
#include "store.h"

#include <QJsonArray>
#include <QJsonObject>

namespace lens::sim {

DiscoveryHandler::DiscoveryHandler(const Store *store, HttpResponder *responder)
    : m_store(store), m_responder(responder)
{
}

QByteArray DiscoveryHandler::resourceListJson(const QString &groupVersion) const
{
    QByteArray list = "[";
    const QList<ResourceType> types = m_store->resourceTypes();
    for (const ResourceType &t : types) {
        if (t.groupVersion != groupVersion)
            continue;
        if (list.size() > 1)
            list += ',';
        list += JsonBuilder()
                    .str("name", t.name)
                    .str("singularName", t.singularName)
                    .val("namespaced", t.namespaced)
                    .str("kind", t.kind)
                    .val("verbs", QJsonArray::fromStringList(t.verbs))
                    .val("shortNames", QJsonArray::fromStringList(t.shortNames))
                    .bytes();
        if (t.hasScale()) // kubectl scale finds the Scale kind through discovery
            list +=
                ',' + JsonBuilder()
                          .str("name", t.name + QStringLiteral("/scale"))
                          .str("singularName", QString())
                          .val("namespaced", t.namespaced)
                          .str("group", QStringLiteral("autoscaling"))
                          .str("version", QStringLiteral("v1"))
                          .str("kind", QStringLiteral("Scale"))
                          .val("verbs", QJsonArray{QStringLiteral("get"), QStringLiteral("patch"),
                                                   QStringLiteral("update")})
                          .bytes();
        if (t.hasStatus()) // the status subresource, as kube-apiserver lists it
            list +=
                ',' + JsonBuilder()
                          .str("name", t.name + QStringLiteral("/status"))
                          .str("singularName", QString())
                          .val("namespaced", t.namespaced)
                          .str("kind", t.kind)
                          .val("verbs", QJsonArray{QStringLiteral("get"), QStringLiteral("patch"),
                                                   QStringLiteral("update")})
                          .bytes();
    }
    if (list.size() == 1)
        return {};
    list += ']';
    JsonBuilder b;
    b.str("kind", QStringLiteral("APIResourceList"));
    if (groupVersion.contains(QLatin1Char('/'))) // the core list has no apiVersion, groups do
        b.str("apiVersion", QStringLiteral("v1"));
    return b.str("groupVersion", groupVersion).raw("resources", list).bytes();
}

QByteArray DiscoveryHandler::apiGroupJson(const QString &group, bool withKind) const
{
    QStringList versions;
    const QList<ResourceType> types = m_store->resourceTypes();
    for (const ResourceType &t : types)
        if (t.group == group && !versions.contains(t.version))
            versions << t.version;
    if (versions.isEmpty())
        return {};
    QByteArray list = "[";
    for (const QString &v : std::as_const(versions)) {
        if (list.size() > 1)
            list += ',';
        list += JsonBuilder()
                    .str("groupVersion", group + QLatin1Char('/') + v)
                    .str("version", v)
                    .bytes();
    }
    list += ']';
    JsonBuilder b;
    if (withKind)
        b.str("kind", QStringLiteral("APIGroup")).str("apiVersion", QStringLiteral("v1"));
    return b.str("name", group)
        .raw("versions", list)
        .raw("preferredVersion", JsonBuilder()
                                     .str("groupVersion", group + QLatin1Char('/') + versions[0])
                                     .str("version", versions[0])
                                     .bytes())
        .bytes();
}

void DiscoveryHandler::handle(HttpCall &c, quint16 port)
{
    if (c.method != QLatin1String("GET")) {
        m_responder->respondStatus(
            c, 405, QStringLiteral("MethodNotAllowed"),
            QStringLiteral("the server does not allow this method on the requested "
                           "resource"));
        return;
    }
    const QStringList &s = c.segments;
    if (s.isEmpty()) {
        QJsonArray paths;
        for (const char *p : {"/api", "/api/v1", "/apis", "/healthz", "/livez", "/readyz",
                              "/version", "/sim/v1/state"})
            paths.append(QLatin1String(p));
        const QList<ResourceType> types = m_store->resourceTypes();
        for (const ResourceType &t : types)
            if (!t.group.isEmpty() && !paths.contains(t.pathPrefix()))
                paths.append(t.pathPrefix());
        m_responder->respond(c, 200, JsonBuilder().val("paths", paths).bytes());
    } else if (s.first() == QLatin1String("version")) {
        if (s.size() != 1)
            return;
        m_responder->respond(
            c, 200,
            JsonBuilder()
                .str("major", QStringLiteral("1"))
                .str("minor", QStringLiteral("32"))
                .str("gitVersion", ApiServer::gitVersion())
                .str("gitCommit", QStringLiteral("0000000000000000000000000000000000000000"))
                .str("gitTreeState", QStringLiteral("clean"))
                .str("buildDate", QStringLiteral("2025-01-01T00:00:00Z"))
                .str("goVersion", QStringLiteral("none (Qt %1)").arg(QLatin1String(qVersion())))
                .str("compiler", QStringLiteral("gc"))
                .str("platform", QStringLiteral("linux/amd64"))
                .bytes());
    } else if (s.first() == QLatin1String("openapi")) {
        handleOpenApi(c);
    } else if (s.first() == QLatin1String("apis")) {
        if (s.size() == 1) {
            QStringList groups;
            const QList<ResourceType> types = m_store->resourceTypes();
            for (const ResourceType &t : types)
                if (!t.group.isEmpty() && !groups.contains(t.group))
                    groups << t.group;
            QByteArray list = "[";
            for (const QString &g : std::as_const(groups)) {
                if (list.size() > 1)
                    list += ',';
                list += apiGroupJson(g, false);
            }
            list += ']';
            m_responder->respond(c, 200,
                                 JsonBuilder()
                                     .str("kind", QStringLiteral("APIGroupList"))
                                     .str("apiVersion", QStringLiteral("v1"))
                                     .raw("groups", list)
                                     .bytes());
        } else if (s.size() == 2) {
            const QByteArray group = apiGroupJson(s[1], true);
            if (!group.isEmpty())
                m_responder->respond(c, 200, group);
        } else {
            const QByteArray list = resourceListJson(s[1] + QLatin1Char('/') + s[2]);
            if (!list.isEmpty())
                m_responder->respond(c, 200, list);
        }
    } else if (s.size() == 1) { // /api
        QJsonObject cidr;
        cidr.insert(QStringLiteral("clientCIDR"), QStringLiteral("0.0.0.0/0"));
        cidr.insert(QStringLiteral("serverAddress"), QStringLiteral("127.0.0.1:%1").arg(port));
        m_responder->respond(c, 200,
                             JsonBuilder()
                                 .str("kind", QStringLiteral("APIVersions"))
                                 .val("versions", QJsonArray{QStringLiteral("v1")})
                                 .val("serverAddressByClientCIDRs", QJsonArray{cidr})
                                 .bytes());
    } else if (s[1] == QLatin1String("v1")) {
        m_responder->respond(c, 200, resourceListJson(QStringLiteral("v1")));
    }
}

void DiscoveryHandler::handleOpenApi(HttpCall &c)
{
    const QStringList &s = c.segments;
    // Just enough OpenAPI v3 for kubectl's field-validation probe (create/replace/apply):
    // a PATCH operation per kind that accepts fieldValidation, so kubectl trusts the server
    // to validate (fieldValidation=Strict) instead of downloading schemas. No real schemas.
    const QList<ResourceType> types = m_store->resourceTypes();
    if (s.size() == 2 && s[1] == QLatin1String("v3")) {
        QJsonObject paths;
        for (const ResourceType &t : types) {
            const QString gv = t.pathPrefix().mid(1); // "api/v1", "apis/apps/v1"
            paths.insert(gv, QJsonObject{{QStringLiteral("serverRelativeURL"),
                                          QStringLiteral("/openapi/v3/%1?hash=LENSSIM").arg(gv)}});
        }
        m_responder->respond(c, 200, JsonBuilder().val("paths", paths).bytes());
    } else if (s.size() >= 4 && s[1] == QLatin1String("v3")) {
        // kubectl (cli-runtime queryParamVerifierV3) looks for a PATCH operation tagged
        // with the kind's x-kubernetes-group-version-kind that lists fieldValidation.
        const QString prefix = QLatin1Char('/') + s.mid(2).join(QLatin1Char('/'));
        QJsonObject paths;
        QJsonObject param;
        param.insert(QStringLiteral("name"), QStringLiteral("fieldValidation"));
        param.insert(QStringLiteral("in"), QStringLiteral("query"));
        param.insert(QStringLiteral("schema"),
                     QJsonObject{{QStringLiteral("type"), QStringLiteral("string")}});
        for (const ResourceType &t : types) {
            if (t.pathPrefix() != prefix)
                continue;
            QJsonObject gvk;
            gvk.insert(QStringLiteral("group"), t.group);
            gvk.insert(QStringLiteral("version"), t.version);
            gvk.insert(QStringLiteral("kind"), t.kind);
            QJsonObject patch;
            patch.insert(QStringLiteral("x-kubernetes-group-version-kind"), gvk);
            patch.insert(QStringLiteral("parameters"), QJsonArray{param});
            patch.insert(
                QStringLiteral("responses"),
                QJsonObject{{QStringLiteral("200"),
                             QJsonObject{{QStringLiteral("description"), QStringLiteral("OK")}}}});
            const QString path =
                t.namespaced
                    ? QStringLiteral("%1/namespaces/{namespace}/%2/{name}").arg(prefix, t.name)
                    : QStringLiteral("%1/%2/{name}").arg(prefix, t.name);
            paths.insert(path, QJsonObject{{QStringLiteral("patch"), patch}});
        }
        if (paths.isEmpty())
            return; // 404
        QJsonObject info;
        info.insert(QStringLiteral("title"), QStringLiteral("Kubernetes"));
        info.insert(QStringLiteral("version"), ApiServer::gitVersion());
        QJsonObject components;
        components.insert(QStringLiteral("schemas"), QJsonObject());
        m_responder->respond(c, 200,
                             JsonBuilder()
                                 .str("openapi", QStringLiteral("3.0.0"))
                                 .val("info", info)
                                 .val("paths", paths)
                                 .val("components", components)
                                 .bytes());
    }
}

} // namespace lens::sim
