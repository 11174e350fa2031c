// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QByteArray>
#include <QJsonObject>
#include <QJsonValue>
#include <QMap>
#include <QString>
#include <QStringView>

#include <memory>
#include <optional>

namespace lens {

/// "" when `v` is absent, null or of JSON type `want`; else the decoding error a typed client-go
/// decoder gives for that field, naming it by `path`: "metadata.name is a number, not a string".
QString jsonTypeMismatch(const QJsonValue &v, QJsonValue::Type want, const QString &path);

/// An immutable, implicitly shared Kubernetes object: its compact JSON bytes, plus the metadata
/// the informer machinery reads, decoded once. Copies share one instance, so the same object can
/// sit in the DeltaFIFO, the Indexer, the journal and the views at no cost; nothing can mutate
/// it, which turns client-go's "objects from a lister are read-only" into a property of the type.
///
/// What is kept, per object version (docs/semantics.md, "Objects"):
/// - the compact JSON exactly as the server sent it (minified once when the input was not
///   compact, e.g. a pretty-printed file); toJson() returns these bytes, never a re-serialisation.
///   Objects an informer receives keep them packed with a dictionary of their informer
///   (ObjectPacker: a 6 KB Pod in under 1 KB), unpacked again on each toJson(), json() or
///   annotations();
/// - eagerly decoded metadata: kind, apiVersion, metadata.{namespace, name, generateName, uid,
///   resourceVersion, creationTimestamp, deletionTimestamp, labels} and status.phase (the
///   indexer's Phase column). Few-valued strings (kind, apiVersion, namespace, phase) are shared
///   between objects; uid, generateName, the timestamps and the labels sit as UTF-8 in one block.
/// Everything else (annotations, spec, status, managedFields) is decoded from the bytes only when
/// asked for: json() and annotations() parse on each call. About 1.2x the compact JSON in all
/// (bench_object: object.ratio_to_json), packed about a quarter of it, where a parsed
/// QJsonObject alone costs 5-6x.
///
/// Threading: an Object may be created on one thread and read on any number of others at once;
/// every accessor is reentrant and the shared state is never written after construction.
///
/// A default-constructed Object is null (isNull() == true); it stands for Go's nil object, e.g.
/// the Obj of a DeletedFinalStateUnknown whose last state is unknown.
///
/// Source: k8s.io/apimachinery ObjectMeta (metav1.Object accessors).
class Object {
public:
    Object() = default;

    /// Wraps a decoded JSON object: serialises it to compact JSON once (QJsonDocument's form,
    /// keys sorted) and reads its metadata. `hasMeta` follows meta.Accessor: false when the JSON
    /// has no "metadata" object, which MetaNamespaceKeyFunc reports as "object has no meta".
    /// Fields of the wrong type read as empty (decodeError() is how a decoder refuses them).
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

    /// Decodes one JSON object from bytes (simdjson on the bytes as they are; no QJsonObject is
    /// built). Compact input is kept byte for byte; other input (pretty-printed) is minified.
    /// On malformed input, or input nested deeper than Qt's parser accepts, returns a null Object
    /// and sets `*error` to "malformed JSON at byte N: <QJsonParseError's message>" (the byte
    /// offset is QJsonDocument's, which reports such input); a JSON value that is not an object
    /// gives "expected a JSON object". Unlike decodeError(), metadata of the wrong type is not
    /// an error here: it reads as empty, as in fromJson(). `receivedSize`: what receivedSize()
    /// says when `bytes` were cut from a larger object by a transform (0: the bytes' own size).
    static Object parse(const QByteArray &bytes, QString *error = nullptr,
                        qsizetype receivedSize = 0);

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
    /// metadata.labels, decoded from the object's UTF-8 block on each call (a few hundred
    /// nanoseconds for a handful of labels); label(key) looks one up without building the map.
    QMap<QString, QString> labels() const;
    /// The value of label `key`, or nullopt when the object has no such label.
    std::optional<QString> label(QStringView key) const;
    /// metadata.annotations, parsed from the bytes on each call (they are not kept decoded:
    /// kubectl's last-applied-configuration annotation alone is often a second copy of the
    /// object). Hold the result in a local when reading it more than once.
    QMap<QString, QString> annotations() const;
    /// status.phase (a Pod's or a PersistentVolume's lifecycle phase), or "" when the object has
    /// none or it is not a string.
    QString phase() const;

    /// The whole object, parsed from the bytes (QJsonDocument) on each call, except that each
    /// thread remembers the last few objects it parsed or built with fromJson(), so reading the
    /// same object's json() several times in a row parses it once. No parsed copy is kept with
    /// the object: callers reading it repeatedly in a loop hold a local. Empty for a null Object.
    QJsonObject json() const;
    /// The compact JSON, one line (watch streams are newline-delimited): the bytes as received,
    /// shared, never re-serialised; unpacked into a new array on each call when isPacked().
    /// "null" for a null Object.
    QByteArray toJson() const;
    /// Size of the compact JSON in bytes, packed or not (ObjectMemory::footprint() is what the
    /// object takes in memory).
    qsizetype byteSize() const;
    /// Size of the compact JSON as the server sent it: byteSize(), unless a transform cut the
    /// bytes (withoutManagedFields() on the decoder thread) and parse() was told how large they
    /// were.
    qsizetype receivedSize() const;

    /// A copy with metadata.resourceVersion (and optionally other top-level metadata fields)
    /// replaced; used by the simulated server and by tests.
    Object withMetadata(const QJsonObject &metadataPatch) const;

    /// True when the bytes are kept packed with a dictionary (ObjectPacker, api/objectpacker.h).
    bool isPacked() const;

    /// True when both are the very same shared instance (cheap identity, not deep equality).
    bool sameInstance(const Object &other) const { return d == other.d; }
    /// Deep equality of the JSON (equal bytes, or equal once parsed: key order and number
    /// spelling do not matter).
    bool operator==(const Object &other) const;

    struct Data;

private:
    /// parse() without the received size.
    static Object decodeBytes(const QByteArray &bytes, QString *error);
    friend class ObjectBuilder;
    friend class ObjectMemory;
    friend class ObjectPacker;
    std::shared_ptr<const Data> d;
};

} // namespace lens
