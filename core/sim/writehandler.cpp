// SPDX-License-Identifier: Apache-2.0
#include "writehandler.h"

#include "httpresponder.h"
#include "patch.h"
#include "store.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonParseError>

#include <algorithm>

namespace lens::sim {

namespace {
/// autoscaling/v1 Scale of a deployment / replicaset / statefulset.
QJsonObject scaleOf(const lens::Object &o)
{
    const QJsonObject json = o.json();
    const QJsonObject meta = json.value(QStringLiteral("metadata")).toObject();
    QJsonObject m;
    for (const char *k : {"name", "namespace", "uid", "resourceVersion", "creationTimestamp"})
        if (meta.contains(QLatin1String(k)))
            m.insert(QLatin1String(k), meta.value(QLatin1String(k)));
    const QJsonObject spec = json.value(QStringLiteral("spec")).toObject();
    QStringList selector;
    const QJsonObject match = spec.value(QStringLiteral("selector"))
                                  .toObject()
                                  .value(QStringLiteral("matchLabels"))
                                  .toObject();
    for (auto it = match.begin(); it != match.end(); ++it)
        selector << it.key() + QLatin1Char('=') + it.value().toString();
    QJsonObject status{
        {QStringLiteral("replicas"),
         json.value(QStringLiteral("status")).toObject().value(u"replicas").toInt()}};
    if (!selector.isEmpty())
        status.insert(QStringLiteral("selector"), selector.join(QLatin1Char(',')));
    return {{QStringLiteral("kind"), QStringLiteral("Scale")},
            {QStringLiteral("apiVersion"), QStringLiteral("autoscaling/v1")},
            {QStringLiteral("metadata"), m},
            {QStringLiteral("spec"),
             QJsonObject{{QStringLiteral("replicas"), spec.value(u"replicas").toInt(1)}}},
            {QStringLiteral("status"), status}};
}
/// The request's field manager (?fieldManager=, else its User-Agent's program name) writing
/// `subresource`.
FieldWriter writerOf(const HttpCall &c, const QString &subresource)
{
    QString manager = c.value("fieldManager");
    if (manager.isEmpty())
        manager = FieldWriter::managerFromUserAgent(c.header("User-Agent"));
    return {manager, subresource};
}
} // namespace

WriteHandler::WriteHandler(Store *store, HttpResponder *responder)
    : m_store(store), m_responder(responder), m_strategy(store)
{
}

void WriteHandler::handleStatus(HttpCall &c, const ResourceType &type, const QString &ns,
                                const QString &name)
{
    if (c.method == QLatin1String("PUT") || c.method == QLatin1String("PATCH")) {
        handleWrite(c, type, ns, name, WriteStrategy::Target::Status);
        return;
    }
    if (c.method != QLatin1String("GET")) {
        m_responder->respondMethodNotAllowed(c);
        return;
    }
    const StoredObject o = m_store->stored(type.key(), ns, name);
    if (o.isNull()) {
        m_responder->respondStatus(
            c, 404, QStringLiteral("NotFound"),
            QStringLiteral("%1 \"%2\" not found").arg(type.key(), name),
            {{QStringLiteral("name"), name}, {QStringLiteral("kind"), type.name}});
        return;
    }
    m_responder->respond(c, 200, o.json);
}

void WriteHandler::respondJsonPatchError(HttpCall &c, int status, const QString &error)
{
    if (status == 400) {
        m_responder->respondStatus(c, 400, QStringLiteral("BadRequest"), error);
        return;
    }
    if (status == 413) {
        m_responder->respondStatus(c, 413, QStringLiteral("RequestEntityTooLarge"), error);
        return;
    }
    const QJsonObject cause{{QStringLiteral("reason"), QStringLiteral("UnexpectedServerResponse")},
                            {QStringLiteral("message"), error}};
    m_responder->respondStatus(
        c, 422, QStringLiteral("Invalid"),
        QStringLiteral("the server rejected our request due to an error in our request"),
        {{QStringLiteral("causes"), QJsonArray{cause}}});
}

void WriteHandler::handleScale(HttpCall &c, const ResourceType &type, const QString &ns,
                               const QString &name)
{
    const lens::Object current = m_store->get(type.key(), ns, name);
    if (current.isNull()) {
        QJsonObject details{{QStringLiteral("name"), name},
                            {QStringLiteral("group"), type.group},
                            {QStringLiteral("kind"), type.name}};
        m_responder->respondStatus(c, 404, QStringLiteral("NotFound"),
                                   QStringLiteral("%1 \"%2\" not found").arg(type.key(), name),
                                   details);
        return;
    }
    const QJsonObject scale = scaleOf(current);
    if (c.method == QLatin1String("GET")) {
        m_responder->respond(c, 200, QJsonDocument(scale).toJson(QJsonDocument::Compact));
        return;
    }
    QJsonObject wanted;
    const QByteArray ct = c.header("Content-Type");
    if (c.method == QLatin1String("PATCH") && ct.startsWith("application/json-patch+json")) {
        QString err;
        int status = 0;
        if (!jsonPatch(scale, c.req.body(), &wanted, &err, &status)) {
            respondJsonPatchError(c, status, err);
            return;
        }
    } else if (c.method == QLatin1String("PATCH") || c.method == QLatin1String("PUT")) {
        const QJsonObject body = QJsonDocument::fromJson(c.req.body()).object();
        wanted = c.method == QLatin1String("PUT") ? body : mergePatch(scale, body).toObject();
    } else {
        m_responder->respondStatus(
            c, 405, QStringLiteral("MethodNotAllowed"),
            QStringLiteral("the server does not allow this method on the requested resource"));
        return;
    }
    const QJsonValue replicas = wanted.value(u"spec").toObject().value(u"replicas");
    if (!replicas.isDouble() || replicas.toInt(-1) < 0) {
        m_responder->respondStatus(
            c, 422, QStringLiteral("Invalid"),
            QStringLiteral("Scale.autoscaling \"%1\" is invalid: spec.replicas: "
                           "Invalid value: %2: must be greater than or equal to 0")
                .arg(name, QString::fromUtf8(
                               QJsonDocument(QJsonArray{replicas}).toJson(QJsonDocument::Compact))
                               .mid(1)
                               .chopped(1)));
        return;
    }
    QJsonObject json = current.json();
    QJsonObject spec = json.value(u"spec").toObject();
    spec.insert(QStringLiteral("replicas"), replicas.toInt());
    json.insert(QStringLiteral("spec"), spec);
    QJsonObject meta = json.value(u"metadata").toObject();
    const QString wantRv =
        wanted.value(u"metadata").toObject().value(u"resourceVersion").toString();
    if (c.method == QLatin1String("PUT") && !wantRv.isEmpty())
        meta.insert(QStringLiteral("resourceVersion"), wantRv); // optimistic concurrency
    json.insert(QStringLiteral("metadata"), meta);
    const Store::WriterScope scope(m_store, writerOf(c, QStringLiteral("scale")));
    const WriteResult r = m_store->update(type.key(), json);
    if (!r.ok()) {
        m_responder->respondStatus(c, r.error.code, r.error.reason, r.error.message);
        return;
    }
    m_responder->respond(c, 200, QJsonDocument(scaleOf(r.object)).toJson(QJsonDocument::Compact));
}

void WriteHandler::handleWrite(HttpCall &c, const ResourceType &type, const QString &ns,
                               const QString &name, WriteStrategy::Target target)
{
    const Store::WriterScope scope(m_store, writerOf(c, QString()));
    WriteResult result;
    int okCode = 200;
    const auto notFound = [&] {
        QJsonObject details;
        details.insert(QStringLiteral("name"), name);
        details.insert(QStringLiteral("kind"), type.name);
        if (!type.group.isEmpty())
            details.insert(QStringLiteral("group"), type.group);
        m_responder->respondStatus(c, 404, QStringLiteral("NotFound"),
                                   QStringLiteral("%1 \"%2\" not found").arg(type.key(), name),
                                   details);
    };
    // A patched object keeps the request's name and namespace (and `resourceVersion` when one
    // is given) and is stored as an update.
    auto storePatched = [&](QJsonObject patched, const QString &resourceVersion) {
        QJsonObject meta = patched.value(QStringLiteral("metadata")).toObject();
        if (!resourceVersion.isEmpty())
            meta.insert(QStringLiteral("resourceVersion"), resourceVersion);
        meta.insert(QStringLiteral("name"), name);
        if (type.namespaced)
            meta.insert(QStringLiteral("namespace"), ns);
        patched.insert(QStringLiteral("metadata"), meta);
        return m_strategy.update(type.key(), patched, target);
    };
    const QByteArray contentType = c.header("Content-Type");
    const bool isJsonPatch =
        c.method == QLatin1String("PATCH") && contentType.startsWith("application/json-patch+json");
    if (c.method == QLatin1String("DELETE")) {
        result = m_store->remove(type.key(), ns, name);
    } else if (isJsonPatch) {
        const lens::Object current = m_store->get(type.key(), ns, name);
        if (current.isNull()) {
            notFound();
            return;
        }
        QJsonObject patched;
        QString err;
        int status = 0;
        if (!jsonPatch(current.json(), c.req.body(), &patched, &err, &status)) {
            respondJsonPatchError(c, status, err);
            return;
        }
        result = storePatched(patched, QString());
    } else {
        if (contentType.startsWith("application/vnd.kubernetes.protobuf")) {
            // The simulator speaks JSON only. kube-apiserver answers a media type it cannot
            // decode with 415; kubectl then shows the reason instead of a decoding error.
            m_responder->respondStatus(
                c, 415, QStringLiteral("UnsupportedMediaType"),
                QStringLiteral("the body of the request was in an unknown format - "
                               "accepted media types include: application/json "
                               "(this simulated API server does not speak protobuf; "
                               "use kubectl create -f or apply -f)"));
            return;
        }
        QJsonParseError pe;
        const QJsonDocument doc = QJsonDocument::fromJson(c.req.body(), &pe);
        if (pe.error != QJsonParseError::NoError || !doc.isObject()) {
            m_responder->respondStatus(
                c, 400, QStringLiteral("BadRequest"),
                QStringLiteral("the body of the request was in an unknown format - "
                               "accepted media types include: application/json, "
                               "application/merge-patch+json (%1)")
                    .arg(pe.errorString()));
            return;
        }
        QJsonObject body = doc.object();
        if (c.method == QLatin1String("PATCH")) {
            const QByteArray &ct = contentType;
            const bool strategic = ct.startsWith("application/strategic-merge-patch+json");
            const QList<ResourceType> builtins = ResourceType::builtins();
            const bool builtin =
                std::any_of(builtins.begin(), builtins.end(),
                            [&](const ResourceType &b) { return b.key() == type.key(); });
            if (ct.startsWith("application/apply-patch") || (strategic && !builtin)) {
                // No server-side apply; custom resources have no strategic merge (as the
                // apiserver, which has no Go struct tags for them).
                m_responder->respondStatus(
                    c, 415, QStringLiteral("UnsupportedMediaType"),
                    QStringLiteral("the body of the request was in an unknown format - accepted "
                                   "media types include: application/json-patch+json, "
                                   "application/merge-patch+json%1")
                        .arg(builtin ? QStringLiteral(", application/strategic-merge-patch+json")
                                     : QString()));
                return;
            }
            const lens::Object current = m_store->get(type.key(), ns, name);
            if (current.isNull()) {
                notFound();
                return;
            }
            const QJsonObject patched = strategic
                                            ? strategicMergePatch(current.json(), body).toObject()
                                            : mergePatch(current.json(), body).toObject();
            // A patch that names no resourceVersion applies to the current one.
            const bool rvInPatch = body.value(QStringLiteral("metadata"))
                                       .toObject()
                                       .contains(QStringLiteral("resourceVersion"));
            result = storePatched(patched, rvInPatch ? QString() : current.resourceVersion());
        } else {
            QJsonObject meta = body.value(QStringLiteral("metadata")).toObject();
            const QString bodyNs = meta.value(QStringLiteral("namespace")).toString();
            if (type.namespaced) {
                if (!bodyNs.isEmpty() && bodyNs != ns) {
                    m_responder->respondStatus(
                        c, 400, QStringLiteral("BadRequest"),
                        QStringLiteral("the namespace of the provided object does not "
                                       "match the namespace sent on the request"));
                    return;
                }
                meta.insert(QStringLiteral("namespace"), ns);
            }
            if (c.method == QLatin1String("PUT")) {
                const QString bodyName = meta.value(QStringLiteral("name")).toString();
                if (bodyName != name) {
                    m_responder->respondStatus(
                        c, 400, QStringLiteral("BadRequest"),
                        QStringLiteral("the name of the object (%1) does not match the "
                                       "name on the URL (%2)")
                            .arg(bodyName, name));
                    return;
                }
            }
            body.insert(QStringLiteral("metadata"), meta);
            if (c.method == QLatin1String("POST")) {
                result = m_strategy.create(type.key(), body);
                okCode = 201;
            } else {
                result = m_strategy.update(type.key(), body, target);
            }
        }
    }
    if (!result.ok()) {
        QJsonObject details;
        if (result.error.code == 422 && type.hasStatus()) {
            details.insert(QStringLiteral("name"), name.isEmpty() ? result.object.name() : name);
            details.insert(QStringLiteral("kind"), type.kind);
        }
        if (result.error.code == 404 || result.error.code == 409) {
            details.insert(QStringLiteral("name"), name.isEmpty() ? result.object.name() : name);
            details.insert(QStringLiteral("kind"), type.name);
            if (!type.group.isEmpty())
                details.insert(QStringLiteral("group"), type.group);
        }
        m_responder->respondStatus(c, result.error.code, result.error.reason, result.error.message,
                                   details);
        return;
    }
    m_responder->respond(c, okCode, result.json.isEmpty() ? result.object.toJson() : result.json);
}

} // namespace lens::sim
