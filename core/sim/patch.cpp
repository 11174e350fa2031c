// SPDX-License-Identifier: Apache-2.0
#include "patch.h"

#include "api/jsondepth.h"

#include <QJsonArray>
#include <QJsonDocument>

#include <nlohmann/json.hpp>

namespace lens::sim {

namespace {

const QString kPatchDirective = QStringLiteral("$patch");

/// The merge key of a list of objects (by its field name and its elements), or "".
QString mergeKeyOf(const QString &field, const QJsonArray &a, const QJsonArray &b)
{
    static const QList<QPair<QString, QString>> byField = {
        {QStringLiteral("volumeMounts"), QStringLiteral("mountPath")},
        {QStringLiteral("volumeDevices"), QStringLiteral("devicePath")},
        {QStringLiteral("conditions"), QStringLiteral("type")},
        {QStringLiteral("ownerReferences"), QStringLiteral("uid")},
        {QStringLiteral("hostAliases"), QStringLiteral("ip")},
    };
    for (const auto &[f, key] : byField)
        if (field == f)
            return key;
    const auto allHave = [](const QJsonArray &arr, const QString &key) {
        for (const QJsonValue &v : arr)
            if (!v.isObject() || !v.toObject().contains(key))
                return false;
        return true;
    };
    if (field == QLatin1String("ports")) {
        if (allHave(a, QStringLiteral("containerPort")) &&
            allHave(b, QStringLiteral("containerPort")))
            return QStringLiteral("containerPort");
        return allHave(a, QStringLiteral("port")) && allHave(b, QStringLiteral("port"))
                   ? QStringLiteral("port")
                   : QString();
    }
    if (!a.isEmpty() || !b.isEmpty())
        if (allHave(a, QStringLiteral("name")) && allHave(b, QStringLiteral("name")))
            return QStringLiteral("name");
    return {};
}

QJsonArray mergeList(const QJsonArray &target, const QJsonArray &patch, const QString &key)
{
    QJsonArray out = target;
    for (const QJsonValue &pv : patch) {
        const QJsonObject p = pv.toObject();
        const QJsonValue id = p.value(key);
        qsizetype at = -1;
        for (qsizetype i = 0; i < out.size(); ++i)
            if (out.at(i).toObject().value(key) == id) {
                at = i;
                break;
            }
        if (p.value(kPatchDirective).toString() == QLatin1String("delete")) {
            if (at >= 0)
                out.removeAt(at);
            continue;
        }
        if (at >= 0)
            out.replace(at, strategicMergePatch(out.at(at), p));
        else
            out.append(strategicMergePatch(QJsonObject(), p));
    }
    return out;
}

} // namespace

QJsonValue mergePatch(const QJsonValue &target, const QJsonValue &patch)
{
    if (!patch.isObject())
        return patch;
    QJsonObject out = target.isObject() ? target.toObject() : QJsonObject();
    const QJsonObject p = patch.toObject();
    for (auto it = p.begin(); it != p.end(); ++it) {
        if (it.value().isNull())
            out.remove(it.key());
        else
            out.insert(it.key(), mergePatch(out.value(it.key()), it.value()));
    }
    return out;
}

QJsonValue strategicMergePatch(const QJsonValue &target, const QJsonValue &patch,
                               const QString &field)
{
    if (patch.isArray()) {
        const QJsonArray p = patch.toArray();
        const QJsonArray t = target.toArray();
        if (field == QLatin1String("finalizers")) {
            QJsonArray out = t;
            for (const QJsonValue &v : p)
                if (!out.contains(v))
                    out.append(v);
            return out;
        }
        const QString key = target.isArray() ? mergeKeyOf(field, t, p) : QString();
        return key.isEmpty() ? patch : mergeList(t, p, key);
    }
    if (!patch.isObject())
        return patch;
    const QJsonObject p = patch.toObject();
    if (p.value(kPatchDirective).toString() == QLatin1String("replace")) {
        QJsonObject replaced = p;
        replaced.remove(kPatchDirective);
        return replaced;
    }
    QJsonObject out = target.isObject() ? target.toObject() : QJsonObject();
    for (auto it = p.begin(); it != p.end(); ++it) {
        const QString &k = it.key();
        if (k.startsWith(QLatin1String("$deleteFromPrimitiveList/"))) {
            const QString list = k.mid(25);
            const QJsonArray gone = it.value().toArray();
            QJsonArray values;
            for (const QJsonValue &v : out.value(list).toArray())
                if (!gone.contains(v))
                    values.append(v);
            out.insert(list, values);
            continue;
        }
        if (k.startsWith(QLatin1Char('$')))
            continue; // $setElementOrder/..., $retainKeys, $patch: ordering and pruning hints
        if (it.value().isNull())
            out.remove(k);
        else
            out.insert(k, strategicMergePatch(out.value(k), it.value(), k));
    }
    return out;
}

bool jsonPatch(const QJsonObject &target, const QByteArray &patch, QJsonObject *out, QString *error,
               int *status, const JsonPatchLimits &limits)
{
    *status = 400;
    // nlohmann::json's patch(), copies and dump() recurse once per level: a patch nested deeper
    // than any reader here accepts is refused before it is parsed.
    if (jsonNestingBeyond(patch) >= 0) {
        *error = QStringLiteral("json: cannot unmarshal the patch: nested deeper than %1 levels")
                     .arg(kMaxJsonDepth);
        return false;
    }
    nlohmann::json ops =
        nlohmann::json::parse(patch.constData(), patch.constData() + patch.size(), nullptr, false);
    if (ops.is_discarded() || !ops.is_array()) {
        *error = QStringLiteral("json: cannot unmarshal the patch: not a JSON array of "
                                "operations");
        return false;
    }
    // patch.go applyJSPatch: too many operations is 413 before anything is applied.
    if (qsizetype(ops.size()) > limits.maxOperations) {
        *status = 413;
        *error = QStringLiteral("The allowed maximum operations in a JSON patch is %1, got %2")
                     .arg(limits.maxOperations)
                     .arg(qsizetype(ops.size()));
        return false;
    }
    const QByteArray doc = QJsonDocument(target).toJson(QJsonDocument::Compact);
    try {
        nlohmann::json patched =
            nlohmann::json::parse(doc.constData(), doc.constData() + doc.size());
        // One operation at a time, so that what each "copy" copies is measured before it is
        // made (evanphx/json-patch's AccumulatedCopySizeLimit, which kube-apiserver sets to
        // its JSONPatchMaxCopyBytes): a patch that doubles a value 30 times stops at the limit
        // instead of growing the object to gigabytes.
        qint64 copied = 0;
        for (const nlohmann::json &op : ops) {
            if (op.is_object() && op.value("op", nlohmann::json()) == "copy" &&
                op.contains("from") && op.at("from").is_string()) {
                const nlohmann::json::json_pointer from(op.at("from").get<std::string>());
                if (patched.contains(from))
                    copied += qint64(patched.at(from).dump().size());
                if (copied > limits.maxCopyBytes) {
                    *status = 422;
                    *error = QStringLiteral("Unable to copy, accumulated size exceeds limit (%1 "
                                            "bytes): the JSON patch copies more than that")
                                 .arg(limits.maxCopyBytes);
                    return false;
                }
            }
            patched.patch_inplace(nlohmann::json::array({op}));
        }
        if (!patched.is_object()) {
            *status = 422;
            *error = QStringLiteral("the patch does not leave an object");
            return false;
        }
        const std::string bytes = patched.dump();
        *out = QJsonDocument::fromJson(QByteArray::fromStdString(bytes)).object();
        return true;
    } catch (const nlohmann::json::exception &e) {
        // parse_error / invalid operation shapes are the request's fault (400); a missing path
        // or a failed test is "doc is missing path" / "testing value failed" territory (422).
        *status = e.id >= 100 && e.id < 200 ? 400 : 422;
        *error = QString::fromUtf8(e.what());
        return false;
    }
}

} // namespace lens::sim
