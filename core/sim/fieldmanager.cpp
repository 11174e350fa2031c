// SPDX-License-Identifier: Apache-2.0
#include "fieldmanager.h"

#include <QHash>
#include <QJsonDocument>
#include <QSet>

#include <algorithm>
#include <map>

namespace lens::sim {

namespace {

/// A field path in FieldsV1 terms ("f:spec", "k:{...}", "v:...", "."), joined by kSep.
constexpr QChar kSep = QChar(0x1f);
using Leaves = QHash<QString, QJsonValue>;
using PathSet = QSet<QString>;

QString join(const QString &path, const QString &element)
{
    return path.isEmpty() ? element : path + kSep + element;
}

QString compact(const QJsonValue &v)
{
    if (v.isObject())
        return QString::fromUtf8(QJsonDocument(v.toObject()).toJson(QJsonDocument::Compact));
    if (v.isArray())
        return QString::fromUtf8(QJsonDocument(v.toArray()).toJson(QJsonDocument::Compact));
    // A scalar: wrapped in an array to use Qt's writer, then unwrapped.
    const QByteArray a = QJsonDocument(QJsonArray{v}).toJson(QJsonDocument::Compact);
    return QString::fromUtf8(a.mid(1, a.size() - 2));
}

/// Objects of these fields are maps (their node is owned as "."); others are structs.
bool isMap(const QString &name, const QJsonObject &o)
{
    static const QSet<QString> maps = {QStringLiteral("labels"),
                                       QStringLiteral("annotations"),
                                       QStringLiteral("nodeSelector"),
                                       QStringLiteral("data"),
                                       QStringLiteral("binaryData"),
                                       QStringLiteral("stringData"),
                                       QStringLiteral("matchLabels"),
                                       QStringLiteral("limits"),
                                       QStringLiteral("requests"),
                                       QStringLiteral("capacity"),
                                       QStringLiteral("allocatable"),
                                       QStringLiteral("parameters"),
                                       QStringLiteral("hard"),
                                       QStringLiteral("used"),
                                       QStringLiteral("volumeAttributes")};
    if (maps.contains(name))
        return true;
    // A Service's selector is a map; a workload's is a LabelSelector struct.
    return name == QLatin1String("selector") && !o.contains(QStringLiteral("matchLabels")) &&
           !o.contains(QStringLiteral("matchExpressions"));
}

/// The merge keys of an associative list (+listType=map), or empty for other lists.
QStringList mergeKeys(const QString &name, const QJsonObject &first)
{
    if (name == QLatin1String("containers") || name == QLatin1String("initContainers") ||
        name == QLatin1String("ephemeralContainers") || name == QLatin1String("volumes") ||
        name == QLatin1String("env") || name == QLatin1String("imagePullSecrets") ||
        name == QLatin1String("resourceClaims"))
        return {QStringLiteral("name")};
    if (name == QLatin1String("ports"))
        return first.contains(QStringLiteral("containerPort"))
                   ? QStringList{QStringLiteral("containerPort"), QStringLiteral("protocol")}
                   : QStringList{QStringLiteral("port"), QStringLiteral("protocol")};
    if (name == QLatin1String("volumeMounts"))
        return {QStringLiteral("mountPath")};
    if (name == QLatin1String("volumeDevices"))
        return {QStringLiteral("devicePath")};
    if (name == QLatin1String("ownerReferences"))
        return {QStringLiteral("uid")};
    if (name == QLatin1String("conditions") || name == QLatin1String("addresses"))
        return {QStringLiteral("type")};
    if (name == QLatin1String("podIPs") || name == QLatin1String("hostIPs") ||
        name == QLatin1String("hostAliases"))
        return {QStringLiteral("ip")};
    if (name == QLatin1String("topologySpreadConstraints"))
        return {QStringLiteral("topologyKey"), QStringLiteral("whenUnsatisfiable")};
    return {};
}

/// Lists of scalars kept as sets ("v:..." elements).
bool isSet(const QString &name)
{
    return name == QLatin1String("finalizers");
}

void flattenFields(const QJsonObject &o, const QString &path, Leaves *out);

void flattenValue(const QString &name, const QJsonValue &v, const QString &path, Leaves *out)
{
    if (v.isObject()) {
        const QJsonObject o = v.toObject();
        if (o.isEmpty()) {
            out->insert(path, v);
            return;
        }
        if (isMap(name, o))
            out->insert(join(path, QStringLiteral(".")), true);
        flattenFields(o, path, out);
        return;
    }
    if (!v.isArray() || v.toArray().isEmpty()) {
        out->insert(path, v);
        return;
    }
    const QJsonArray a = v.toArray();
    if (isSet(name) && std::none_of(a.begin(), a.end(), [](const QJsonValue &e) {
            return e.isObject() || e.isArray();
        })) {
        out->insert(join(path, QStringLiteral(".")), true);
        for (const QJsonValue &e : a)
            out->insert(join(path, QStringLiteral("v:") + compact(e)), true);
        return;
    }
    const QStringList keys =
        a.first().isObject() ? mergeKeys(name, a.first().toObject()) : QStringList();
    const bool associative = !keys.isEmpty() && std::all_of(a.begin(), a.end(), [&](auto &e) {
        return e.isObject() && e.toObject().contains(keys.first());
    });
    if (!associative) { // atomic: owned as a whole
        out->insert(path, v);
        return;
    }
    // Every list but a pod's containers is itself owned ("."), as the apiserver's sets show.
    if (name != QLatin1String("containers"))
        out->insert(join(path, QStringLiteral(".")), true);
    for (const QJsonValue &e : a) {
        const QJsonObject element = e.toObject();
        QJsonObject key;
        for (const QString &k : keys)
            if (element.contains(k))
                key.insert(k, element.value(k));
        const QString elementPath = join(path, QStringLiteral("k:") + compact(key));
        if (name == QLatin1String("ownerReferences")) { // +structType=atomic
            out->insert(elementPath, e);
            continue;
        }
        out->insert(join(elementPath, QStringLiteral(".")), true);
        flattenFields(element, elementPath, out);
    }
}

void flattenFields(const QJsonObject &o, const QString &path, Leaves *out)
{
    for (auto it = o.begin(); it != o.end(); ++it)
        flattenValue(it.key(), it.value(), join(path, QStringLiteral("f:") + it.key()), out);
}

/// `object` within the writer's scope (fieldmanager's stripMeta and the subresource's reset
/// fields): what its FieldsV1 sets are made of.
QJsonObject scoped(const QJsonObject &object, const QString &subresource)
{
    if (subresource == QLatin1String("status")) {
        const QJsonValue status = object.value(u"status");
        return status.isUndefined() ? QJsonObject()
                                    : QJsonObject{{QStringLiteral("status"), status}};
    }
    QJsonObject o = object;
    for (const char *k : {"apiVersion", "kind", "status"})
        o.remove(QLatin1String(k));
    const auto metaIt = o.constFind(QStringLiteral("metadata"));
    if (metaIt == o.constEnd())
        return o;
    QJsonObject meta = metaIt->toObject();
    for (const char *k : {"name", "namespace", "creationTimestamp", "selfLink", "uid",
                          "clusterName", "generation", "managedFields", "resourceVersion"})
        meta.remove(QLatin1String(k));
    if (meta.isEmpty())
        o.remove(QStringLiteral("metadata"));
    else
        o.insert(QStringLiteral("metadata"), meta);
    return o;
}

/// The leaves of a whole subtree, for a part only one side of a diff has.
Leaves leavesOf(const QString &name, const QJsonValue &v, const QString &path)
{
    Leaves out;
    flattenValue(name, v, path, &out);
    return out;
}

/// What a write changed, as FieldsV1 leaves: `changed` are the leaves the new object sets to
/// a value the old one did not have; `removed` the old leaves the new object no longer has.
/// Walks only where the two differ (a label changed on a 5 KB pod compares, never flattens,
/// the rest).
struct Diff {
    PathSet changed;
    PathSet removed;

    void fields(const QJsonObject &before, const QJsonObject &after, const QString &path)
    {
        for (auto it = after.begin(); it != after.end(); ++it) {
            const QString p = join(path, QStringLiteral("f:") + it.key());
            const auto old = before.constFind(it.key());
            if (old == before.constEnd())
                added(leavesOf(it.key(), it.value(), p));
            // As QJsonValues: clang's C++20 reversed-operator check finds Qt 6.4's operators on
            // QJsonValueConstRef ambiguous (-Wambiguous-reversed-operator, the fuzz build).
            else if (QJsonValue(old.value()) != QJsonValue(it.value()))
                value(it.key(), old.value(), it.value(), p);
        }
        for (auto it = before.begin(); it != before.end(); ++it)
            if (!after.contains(it.key()))
                gone(leavesOf(it.key(), it.value(), join(path, QStringLiteral("f:") + it.key())));
    }

    void value(const QString &name, const QJsonValue &before, const QJsonValue &after,
               const QString &path)
    {
        if (before.isObject() && after.isObject() && !before.toObject().isEmpty() &&
            !after.toObject().isEmpty() &&
            isMap(name, before.toObject()) == isMap(name, after.toObject())) {
            fields(before.toObject(), after.toObject(), path);
            return;
        }
        // Lists, scalars and changes of shape: the leaves of both sides, compared.
        const Leaves old = leavesOf(name, before, path);
        const Leaves now = leavesOf(name, after, path);
        for (auto it = now.begin(); it != now.end(); ++it) {
            const auto o = old.constFind(it.key());
            if (o == old.constEnd() || o.value() != it.value())
                changed.insert(it.key());
        }
        for (auto it = old.keyBegin(); it != old.keyEnd(); ++it)
            if (!now.contains(*it))
                removed.insert(*it);
    }

    void added(const Leaves &leaves)
    {
        for (auto it = leaves.keyBegin(); it != leaves.keyEnd(); ++it)
            changed.insert(*it);
    }
    void gone(const Leaves &leaves)
    {
        for (auto it = leaves.keyBegin(); it != leaves.keyEnd(); ++it)
            removed.insert(*it);
    }
};

/// Whether the FieldsV1 `set` holds the leaf `path`.
bool holds(const QJsonObject &set, QStringView path)
{
    const qsizetype cut = path.indexOf(kSep);
    const auto it = set.constFind(cut < 0 ? path : path.left(cut));
    if (it == set.constEnd())
        return false;
    const QJsonObject child = it->toObject();
    if (cut < 0)
        return child.isEmpty();
    return holds(child, path.mid(cut + 1));
}

bool holdsAny(const QJsonObject &set, const PathSet &paths)
{
    return std::any_of(paths.begin(), paths.end(), [&](const QString &p) { return holds(set, p); });
}

void collectPaths(const QJsonObject &set, const QString &path, PathSet *out)
{
    for (auto it = set.begin(); it != set.end(); ++it) {
        const QString p = join(path, it.key());
        const QJsonObject children = it.value().toObject();
        if (children.isEmpty())
            out->insert(p);
        else
            collectPaths(children, p, out);
    }
}

/// A FieldsV1 set under construction (std::map: children in key order, as QJsonObject keeps
/// them), turned into JSON once.
struct Node {
    std::map<QString, Node> children;

    void insert(QStringView path)
    {
        const qsizetype cut = path.indexOf(kSep);
        Node &child = children[(cut < 0 ? path : path.left(cut)).toString()];
        if (cut >= 0)
            child.insert(path.mid(cut + 1));
    }
    QJsonObject json() const
    {
        QJsonObject o;
        for (const auto &[key, child] : children)
            o.insert(key, child.json());
        return o;
    }
};

QJsonObject treeOf(const PathSet &paths)
{
    Node root;
    for (const QString &p : paths)
        root.insert(p);
    return root.json();
}

} // namespace

QString FieldWriter::managerFromUserAgent(const QByteArray &userAgent)
{
    const qsizetype slash = userAgent.indexOf('/');
    return QString::fromUtf8(userAgent.left(slash < 0 ? userAgent.size() : slash).left(128))
        .trimmed();
}

QJsonObject FieldManager::fieldsV1(const QJsonObject &object, const QString &subresource)
{
    Leaves leaves;
    flattenFields(scoped(object, subresource), QString(), &leaves);
    return treeOf(PathSet(leaves.keyBegin(), leaves.keyEnd()));
}

QJsonArray FieldManager::afterWrite(const QJsonObject &previous, const QJsonObject &next,
                                    const FieldWriter &writer, const QString &apiVersion,
                                    const QString &now)
{
    Diff diff;
    diff.fields(scoped(previous, writer.subresource), scoped(next, writer.subresource), QString());
    const PathSet &changed = diff.changed;
    const PathSet &removed = diff.removed;

    const QString manager = writer.manager.isEmpty() ? QStringLiteral("unknown") : writer.manager;
    auto isWriters = [&](const QJsonObject &e) {
        return e.value(u"manager").toString() == manager &&
               e.value(u"operation").toString() == QLatin1String("Update") &&
               e.value(u"apiVersion").toString() == apiVersion &&
               e.value(u"subresource").toString() == writer.subresource;
    };
    QList<QJsonObject> entries;
    bool writerSeen = false;
    const QJsonArray old = previous.value(u"metadata").toObject().value(u"managedFields").toArray();
    for (const QJsonValue &v : old) {
        QJsonObject e = v.toObject();
        const QJsonObject fields = e.value(u"fieldsV1").toObject();
        const bool mine = isWriters(e);
        writerSeen = writerSeen || mine;
        // Untouched sets are kept as they are (most entries of most writes).
        const bool losesRemoved = holdsAny(fields, removed);
        const bool gains = mine && std::any_of(changed.begin(), changed.end(),
                                               [&](auto &p) { return !holds(fields, p); });
        const bool losesChanged = !mine && holdsAny(fields, changed);
        if (mine && !changed.isEmpty())
            e.insert(QStringLiteral("time"), now);
        if (losesRemoved || gains || losesChanged) {
            PathSet set;
            collectPaths(fields, QString(), &set);
            set.subtract(removed);
            if (mine)
                set.unite(changed);
            else
                set.subtract(changed);
            if (set.isEmpty())
                continue;
            e.insert(QStringLiteral("fieldsV1"), treeOf(set));
        }
        entries << e;
    }
    if (!writerSeen && !changed.isEmpty()) {
        QJsonObject e{{QStringLiteral("manager"), manager},
                      {QStringLiteral("operation"), QStringLiteral("Update")},
                      {QStringLiteral("apiVersion"), apiVersion},
                      {QStringLiteral("time"), now},
                      {QStringLiteral("fieldsType"), QStringLiteral("FieldsV1")},
                      {QStringLiteral("fieldsV1"), treeOf(changed)}};
        if (!writer.subresource.isEmpty())
            e.insert(QStringLiteral("subresource"), writer.subresource);
        entries << e;
    }
    // fieldmanager's sortEncodedManagedFields.
    std::stable_sort(
        entries.begin(), entries.end(), [](const QJsonObject &p, const QJsonObject &q) {
            for (const char *k : {"operation", "time", "manager", "apiVersion", "subresource"}) {
                const QString a = p.value(QLatin1String(k)).toString();
                const QString b = q.value(QLatin1String(k)).toString();
                if (a != b)
                    return a < b;
            }
            return false;
        });
    QJsonArray out;
    for (const QJsonObject &e : entries)
        out.append(e);
    return out;
}

} // namespace lens::sim
