// SPDX-License-Identifier: Apache-2.0
#pragma once
// The shared state behind lens::Object, for object.cpp and objectdecode.cpp only.

#include "object.h"

#include <QByteArray>
#include <QString>
#include <QStringView>

#include <atomic>
#include <cstring>
#include <memory>
#include <string_view>

namespace lens {

class PackDictionary;

/// The shared instance of an Object. Laid out for memory (bytes per object is what an informer's
/// cache of 150 000 pods costs): the compact JSON once, the three strings read on every event
/// (namespace, name, resourceVersion) as QStrings, the few-valued ones (kind, apiVersion,
/// namespace, status.phase) shared through internedString(), and the rest of the metadata
/// (uid, generateName, timestamps, labels) as UTF-8 in one block, `extra`, decoded on access.
struct Object::Data {
    /// A string inside `extra`: byte offset and size, both in bytes of UTF-8.
    struct Span {
        quint32 offset = 0;
        quint32 size = 0;
    };
    /// Spans at the start of `extra`, in this order, then labelCount (key, value) pairs.
    enum SpanIndex { Uid, GenerateName, Created, Deleted, FixedSpans };

    /// Compact JSON, one line; or, when `packing` is set, those bytes packed with its
    /// dictionary (ObjectPacker), `jsonBytes` long once unpacked.
    QByteArray bytes;
    std::shared_ptr<const PackDictionary> packing;
    quint32 jsonBytes = 0;
    QString ns, name, rv, kind, apiVersion, phase;
    QByteArray extra;
    quint32 labelCount = 0;
    /// The compact JSON's size as the server sent it, when a transform cut `bytes` (0: the
    /// same as bytes.size()). Object::withReceivedSize().
    quint32 receivedBytes = 0;
    bool hasMeta = false;
    /// A count that a copy of the Data starts again from 0 (ObjectPacker copies a Data to
    /// pack its bytes: the copy is a new version no journal or cache holds yet).
    struct Count {
        std::atomic<quint32> n{0};
        Count() = default;
        Count(const Count &) {}
        Count &operator=(const Count &) { return *this; }
    };
    /// Holds by journals' events and by caches (ObjectMemory): counted, never owning.
    mutable Count journalHolds;
    mutable Count cacheHolds;

    /// The compact JSON: `bytes`, or `bytes` unpacked.
    QByteArray json() const;

    Span span(qsizetype i) const
    {
        Span s;
        const qsizetype at = i * qsizetype(sizeof(Span));
        if (at + qsizetype(sizeof(Span)) <= extra.size())
            std::memcpy(&s, extra.constData() + at, sizeof(Span));
        return s;
    }
    QString text(qsizetype i) const
    {
        const Span s = span(i);
        return QString::fromUtf8(extra.constData() + s.offset, s.size);
    }
};

/// A trained zstd dictionary (ObjectPacker), shared by every object packed with it.
class PackDictionary {
public:
    PackDictionary(const QByteArray &dictionary, int level);
    ~PackDictionary();
    PackDictionary(const PackDictionary &) = delete;
    PackDictionary &operator=(const PackDictionary &) = delete;
    /// `json` packed; empty when zstd fails.
    QByteArray pack(const QByteArray &json) const;
    /// `packed` unpacked to its `size` bytes of JSON; empty (and a warning) when they are not
    /// what pack() made, which only a bug can cause.
    QByteArray unpack(const QByteArray &packed, qsizetype size) const;
    qsizetype size() const { return m_dictionary.size(); }

private:
    QByteArray m_dictionary;
    struct Handles;
    std::unique_ptr<Handles> m_handles;
};

/// Collects one object's metadata, from either decoder (simdjson's walk over the bytes, or a
/// QJsonObject), into an Object::Data.
class ObjectBuilder {
public:
    void setBytes(QByteArray bytes) { m_bytes = std::move(bytes); }
    void setKind(QStringView v);
    void setApiVersion(QStringView v);
    void setHasMeta(bool has) { m_hasMeta = has; }
    void setNamespace(QStringView v);
    void setName(QString v) { m_name = std::move(v); }
    void setResourceVersion(QString v) { m_rv = std::move(v); }
    void setPhase(QStringView v);
    /// UTF-8 for the fields kept in the extra block.
    void setExtra(Object::Data::SpanIndex which, std::string_view utf8);
    void addLabel(std::string_view key, std::string_view value);
    /// True when two labels have the same key (the JSON object repeated a key).
    bool labelsRepeatAKey() const;
    Object build();

private:
    Object::Data::Span append(std::string_view utf8);

    QByteArray m_bytes;
    QString m_ns, m_name, m_rv, m_kind, m_apiVersion, m_phase;
    bool m_hasMeta = false;
    Object::Data::Span m_fixed[Object::Data::FixedSpans];
    QList<Object::Data::Span> m_labels; ///< key, value, key, value, ...
    QByteArray m_strings;               ///< the UTF-8 the spans point into
};

/// A QString equal to `v` that shares one allocation with every other interned string of the
/// same value (kinds, apiVersions, namespaces, phases: few values, many objects). Thread-safe.
/// After 4 096 distinct values, new values are returned unshared.
QString internedString(QStringView v);

} // namespace lens
