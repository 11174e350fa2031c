// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QByteArray>
#include <QJsonObject>
#include <QJsonValue>
#include <QMap>
#include <QString>

#include <memory>

namespace lens {

/// An immutable, implicitly shared Kubernetes object: the JSON as decoded once, plus the
/// metadata fields the informer machinery reads (namespace, name, uid, resourceVersion, labels,
/// annotations, deletionTimestamp). Copies share one instance, so the same object can sit in the
/// DeltaFIFO, the Indexer, the journal and the views at no cost; nothing can mutate it, which
/// turns client-go's "objects from a lister are read-only" into a property of the type.
///
/// A default-constructed Object is null (isNull() == true); it stands for Go's nil object, e.g.
/// the Obj of a DeletedFinalStateUnknown whose last state is unknown.
///
/// Source: k8s.io/apimachinery ObjectMeta (metav1.Object accessors).
/// "" when `v` is absent, null or of JSON type `want`; else the decoding error a typed client-go
/// decoder gives for that field, naming it by `path`: "metadata.name is a number, not a string".
QString jsonTypeMismatch(const QJsonValue &v, QJsonValue::Type want, const QString &path);

class Object {
public:
    Object() = default;

    /// Wraps a decoded JSON object. `hasMeta` follows meta.Accessor: false when the JSON has no
    /// "metadata" object, which MetaNamespaceKeyFunc reports as "object has no meta".
    static Object fromJson(const QJsonObject &json);

    /// Why `json` cannot be decoded as a Kubernetes object, or "" when it can: the metadata
    /// fields the informer reads must have their API types (metadata an object; name,
    /// namespace, generateName, uid, resourceVersion, creationTimestamp and deletionTimestamp
    /// strings; labels and annotations objects of strings; kind and apiVersion strings), or
    /// null / absent. Mirrors client-go's typed JSON decoding, which fails the whole LIST or
    /// watch event on such a field ("json: cannot unmarshal number into Go struct field
    /// ObjectMeta.metadata.name of type string") instead of taking it as empty. The sentence
    /// names the field by its JSON path and the type found, e.g. "metadata.name is a number,
    /// not a string".
    static QString decodeError(const QJsonObject &json);

    /// Decodes one JSON object from bytes. On malformed input returns a null Object and sets
    /// `*error` to a sentence naming the offset and the parser's message.
    static Object parse(const QByteArray &bytes, QString *error = nullptr);

    /// A minimal object with only metadata.name, metadata.namespace (omitted when empty) and
    /// metadata.resourceVersion: the shape client-go's tests use as obj(k, v).
    static Object make(const QString &ns, const QString &name, const QString &resourceVersion,
                       const QMap<QString, QString> &labels = {});

    bool isNull() const { return !d; }
    bool hasMeta() const;

    QString kind() const;
    QString apiVersion() const;
    QString namespace_() const;
    QString name() const;
    QString generateName() const;
    QString uid() const;
    /// metadata.resourceVersion as sent by the server (an opaque string, compared only for
    /// equality by clients; the simulated server uses decimal revisions).
    QString resourceVersion() const;
    QString creationTimestamp() const;
    /// RFC 3339 time, or empty when the object is not being deleted.
    QString deletionTimestamp() const;
    QMap<QString, QString> labels() const;
    QMap<QString, QString> annotations() const;

    /// The whole object. Shared; never mutated.
    const QJsonObject &json() const;
    /// Compact serialised JSON, computed once on first use and cached.
    QByteArray toJson() const;
    /// Size of the compact JSON in bytes (the object's share of memory as the UI reports it).
    qsizetype byteSize() const { return toJson().size(); }

    /// A copy with metadata.resourceVersion (and optionally other top-level metadata fields)
    /// replaced; used by the simulated server and by tests.
    Object withMetadata(const QJsonObject &metadataPatch) const;

    /// True when both are the very same shared instance (cheap identity, not deep equality).
    bool sameInstance(const Object &other) const { return d == other.d; }
    bool operator==(const Object &other) const;

private:
    struct Data;
    std::shared_ptr<const Data> d;
};

} // namespace lens
