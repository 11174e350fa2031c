// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QAnyStringView>
#include <QJsonObject>
#include <QJsonValue>
#include <QLatin1String>
#include <QPair>
#include <QString>
#include <QStringList>

#include <initializer_list>
#include <utility>

namespace lens {

/// TraceEvent::detail: a JSON object of a few fields, stored compactly. It reads and writes as
/// the QJsonObject it replaces (value, insert, contains, remove, iteration in key order, the
/// same JSON types, integers kept apart from doubles as QJsonValue keeps them) and converts to
/// and from one implicitly, so what the journal's views, its file and its JSON Lines see is
/// unchanged; only its memory is.
///
/// Why: a journal holds up to 100 000 events and almost every one carries a detail of two to
/// five small fields (a queue depth, a flag, a handler's name). As a QJsonObject each cost
/// 250-400 bytes of heap: a container, its element list and a byte array holding every key's
/// name again. Here a detail is one allocation of typically 32-48 bytes: field names are
/// interned once per process (shared keys: a 16-bit id each), integers take 1-8 bytes, strings
/// are stored as Latin-1 when they can be, and arrays or objects (rare: a Status, a list of
/// informers) as CBOR. Empty costs nothing (a null pointer).
///
/// Copies share one block (copy-on-write: a write to a shared detail copies it first, as Qt's
/// implicitly shared classes do), so a detail built once and recorded many times costs once.
/// The reference count is atomic: a detail may be copied and read on several threads at once;
/// writing is for the one thread that owns that copy.
///
/// Cost: value() decodes the field asked for (a string field builds its QString); converting
/// to QJsonObject decodes them all. Writing re-encodes the block (details have a handful of
/// fields). Field names are never freed: they are the journal's vocabulary, a few hundred at
/// most (an old recording may bring its own).
class EventDetail {
public:
    EventDetail() = default;
    EventDetail(const QJsonObject &json); // NOLINT: implicit, it stands in for a QJsonObject
    EventDetail(std::initializer_list<QPair<QString, QJsonValue>> fields);
    EventDetail(const EventDetail &other);
    EventDetail(EventDetail &&other) noexcept : m_block(std::exchange(other.m_block, nullptr)) {}
    EventDetail &operator=(const EventDetail &other);
    EventDetail &operator=(EventDetail &&other) noexcept
    {
        std::swap(m_block, other.m_block);
        return *this;
    }
    ~EventDetail();

    /// The same fields as a QJsonObject (decodes every field).
    QJsonObject toJsonObject() const;
    operator QJsonObject() const { return toJsonObject(); } // NOLINT: implicit by design

    bool isEmpty() const { return !m_block; }
    bool empty() const { return isEmpty(); }
    qsizetype size() const;
    qsizetype count() const { return size(); }
    QStringList keys() const;

    /// The field `key`, or an undefined QJsonValue when there is none (as QJsonObject::value).
    QJsonValue value(QAnyStringView key) const;
    QJsonValue operator[](QAnyStringView key) const { return value(key); }
    bool contains(QAnyStringView key) const;

    /// Sets field `key` (replacing one of that name). An undefined value removes the field, as
    /// QJsonObject::insert does. The typed overloads encode without building a QJsonValue.
    void insert(QAnyStringView key, const QJsonValue &value);
    void insert(QAnyStringView key, const QString &value);
    void insert(QAnyStringView key, QLatin1String value);
    void insert(QAnyStringView key, bool value);
    void insert(QAnyStringView key, int value);
    void insert(QAnyStringView key, qint64 value);
    void insert(QAnyStringView key, double value);
    /// QJsonValue::Null (an enum would otherwise convert to int).
    void insert(QAnyStringView key, QJsonValue::Type type) { insert(key, QJsonValue(type)); }
    void remove(QAnyStringView key);

    /// Equal fields with equal values (as QJsonObject's ==: 1 and 1.0 are equal).
    bool operator==(const EventDetail &other) const;
    bool operator!=(const EventDetail &other) const { return !(*this == other); }

    /// Heap bytes this detail holds (its block, shared or not), for memory figures.
    qsizetype heapBytes() const;

    /// The fields in key order (QJsonObject's order: by UTF-16 code units).
    class const_iterator {
    public:
        const_iterator() = default;
        QString key() const;
        QJsonValue value() const;
        QJsonValue operator*() const { return value(); }
        /// Appends the value as compact JSON, byte for byte what QJsonDocument writes for it
        /// (jsonlines.h), without decoding it into a QJsonValue first (arrays and objects
        /// excepted).
        void appendJson(QByteArray &out) const;
        const_iterator &operator++();
        bool operator==(const const_iterator &o) const { return m_at == o.m_at; }
        bool operator!=(const const_iterator &o) const { return m_at != o.m_at; }

    private:
        friend class EventDetail;
        const_iterator(const char *at) : m_at(at) {}
        const char *m_at = nullptr;
    };
    const_iterator begin() const;
    const_iterator end() const;
    const_iterator constBegin() const { return begin(); }
    const_iterator constEnd() const { return end(); }
    const_iterator find(QAnyStringView key) const;
    const_iterator constFind(QAnyStringView key) const { return find(key); }

    struct Block;

private:
    Block *m_block = nullptr;
    /// Writes the entry for `key` (already encoded as `entry`, or removes it when empty).
    void put(QAnyStringView key, const char *entry, qsizetype entrySize);
};

} // namespace lens
