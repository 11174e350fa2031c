// SPDX-License-Identifier: Apache-2.0
#include "eventdetail.h"

#include "jsonlines.h"

#include <QCborValue>
#include <QHash>
#include <QMutex>
#include <QVarLengthArray>
#include <QVariant>

#include <atomic>
#include <cstdlib>
#include <cstring>
#include <new>

namespace lens {

// A block: its header, then `bytes` bytes of entries in key order. An entry is
//   [key id: 2 bytes][tag: 1 byte][payload]
// with key id 0xFFFF followed by the key itself (a length, then UTF-16) once the key table is
// full. Lengths are LEB128; integers little-endian in the fewest of 1, 2, 4 or 8 bytes.
struct EventDetail::Block {
    QAtomicInt ref;
    quint32 bytes = 0;
    char *data() { return reinterpret_cast<char *>(this + 1); }
    const char *data() const { return reinterpret_cast<const char *>(this + 1); }
};

namespace {

using Block = EventDetail::Block;
using Buffer = QVarLengthArray<char, 128>;

enum Tag : quint8 { Null, False, True, Int8, Int16, Int32, Int64, Double, Latin1, Utf16, Cbor };
constexpr quint16 kInlineKey = 0xFFFF;

/// Calls `use` with `key` as a QString, without allocating for UTF-16 and Latin-1 keys (the
/// QString may not own its characters: do not keep it).
template<typename Use> auto withProbe(QAnyStringView key, Use use)
{
    QVarLengthArray<char16_t, 64> utf16;
    QString probe;
    key.visit([&](auto v) {
        using V = decltype(v);
        if constexpr (std::is_same_v<V, QStringView>) {
            probe = QString::fromRawData(reinterpret_cast<const QChar *>(v.utf16()), v.size());
        } else if constexpr (std::is_same_v<V, QLatin1StringView>) {
            utf16.resize(v.size());
            for (qsizetype i = 0; i < v.size(); ++i)
                utf16[i] = char16_t(uchar(v.data()[i]));
            probe = QString::fromRawData(reinterpret_cast<const QChar *>(utf16.constData()),
                                         utf16.size());
        } else {
            probe = v.toString();
        }
    });
    return use(probe);
}

/// Field names, interned for the life of the process: id -> name without locking (the chunks
/// and slots are written once, before their id is handed out), name -> id under a mutex.
class KeyTable {
public:
    static constexpr int kChunk = 256;
    static constexpr int kChunks = 255; // ids 0 .. 65279; kInlineKey is out of reach

    /// The id of `key`, interned now if new; kInlineKey when the table is full. `probe` is
    /// `key` as a QString (it may not own its characters).
    quint16 id(const QString &probe)
    {
        QMutexLocker locker(&m_lock);
        if (const auto it = m_ids.constFind(probe); it != m_ids.cend())
            return it.value();
        if (m_next >= kChunk * kChunks)
            return kInlineKey;
        const quint16 id = m_next++;
        auto *chunk = m_chunks[id / kChunk].load(std::memory_order_relaxed);
        if (!chunk) {
            chunk = new std::atomic<const QString *>[kChunk];
            for (int i = 0; i < kChunk; ++i)
                chunk[i].store(nullptr, std::memory_order_relaxed);
            m_chunks[id / kChunk].store(chunk, std::memory_order_release);
        }
        const QString *name = new QString(probe.data(), probe.size()); // a deep copy
        chunk[id % kChunk].store(name, std::memory_order_release);
        m_ids.insert(*name, id);
        return id;
    }

    const QString &name(quint16 id) const
    {
        return *m_chunks[id / kChunk].load(std::memory_order_acquire)[id % kChunk].load(
            std::memory_order_acquire);
    }

private:
    QMutex m_lock;
    QHash<QString, quint16> m_ids;
    std::atomic<std::atomic<const QString *> *> m_chunks[kChunks] = {};
    int m_next = 0;
};

KeyTable &keyTable()
{
    static KeyTable *table = new KeyTable; // never destroyed: details may outlive main()
    return *table;
}

void putLength(Buffer &b, quint32 n)
{
    do {
        const quint8 byte = quint8(n & 0x7f) | (n > 0x7f ? 0x80 : 0);
        b.append(char(byte));
        n >>= 7;
    } while (n);
}

quint32 readLength(const char *&p)
{
    quint32 n = 0;
    for (int shift = 0;; shift += 7) {
        const quint8 byte = quint8(*p++);
        n |= quint32(byte & 0x7f) << shift;
        if (!(byte & 0x80))
            return n;
    }
}

template<typename T> void putRaw(Buffer &b, T v)
{
    char raw[sizeof(T)];
    std::memcpy(raw, &v, sizeof(T));
    b.append(raw, sizeof(T));
}

template<typename T> T readRaw(const char *p)
{
    T v;
    std::memcpy(&v, p, sizeof(T));
    return v;
}

void encodeInt(Buffer &b, qint64 v)
{
    if (v >= -128 && v <= 127) {
        b.append(char(Int8));
        putRaw(b, qint8(v));
    } else if (v >= -32768 && v <= 32767) {
        b.append(char(Int16));
        putRaw(b, qint16(v));
    } else if (v >= INT32_MIN && v <= INT32_MAX) {
        b.append(char(Int32));
        putRaw(b, qint32(v));
    } else {
        b.append(char(Int64));
        putRaw(b, v);
    }
}

void encodeString(Buffer &b, QStringView s)
{
    if (QtPrivate::isLatin1(s)) {
        b.append(char(Latin1));
        putLength(b, quint32(s.size()));
        for (const QChar c : s)
            b.append(char(uchar(c.unicode())));
    } else {
        b.append(char(Utf16));
        putLength(b, quint32(s.size()));
        b.append(reinterpret_cast<const char *>(s.utf16()), s.size() * 2);
    }
}

/// False for an undefined value (nothing to store).
bool encode(Buffer &b, const QJsonValue &v)
{
    switch (v.type()) {
    case QJsonValue::Null:
        b.append(char(Null));
        return true;
    case QJsonValue::Bool:
        b.append(char(v.toBool() ? True : False));
        return true;
    case QJsonValue::Double:
        // QJsonValue keeps an integer apart from a double (toVariant() tells them apart).
        if (v.toVariant().typeId() == QMetaType::LongLong) {
            encodeInt(b, v.toInteger());
        } else {
            b.append(char(Double));
            putRaw(b, v.toDouble());
        }
        return true;
    case QJsonValue::String:
        encodeString(b, v.toString());
        return true;
    case QJsonValue::Array:
    case QJsonValue::Object: {
        const QByteArray cbor = QCborValue::fromJsonValue(v).toCbor();
        b.append(char(Cbor));
        putLength(b, quint32(cbor.size()));
        b.append(cbor.constData(), cbor.size());
        return true;
    }
    case QJsonValue::Undefined:
        break;
    }
    return false;
}

/// The entry's value; `p` points at its tag.
QJsonValue decode(const char *p)
{
    const quint8 tag = quint8(*p++);
    switch (tag) {
    case Null:
        return QJsonValue(QJsonValue::Null);
    case False:
        return false;
    case True:
        return true;
    case Int8:
        return qint64(readRaw<qint8>(p));
    case Int16:
        return qint64(readRaw<qint16>(p));
    case Int32:
        return qint64(readRaw<qint32>(p));
    case Int64:
        return readRaw<qint64>(p);
    case Double:
        return readRaw<double>(p);
    case Latin1: {
        const quint32 n = readLength(p);
        return QString::fromLatin1(p, qsizetype(n));
    }
    case Utf16: {
        const quint32 n = readLength(p);
        QString s(qsizetype(n), Qt::Uninitialized);
        std::memcpy(s.data(), p, size_t(n) * 2);
        return s;
    }
    case Cbor: {
        const quint32 n = readLength(p);
        return QCborValue::fromCbor(QByteArray::fromRawData(p, qsizetype(n))).toJsonValue();
    }
    }
    return {};
}

/// Past the value whose tag `p` points at.
const char *skipValue(const char *p)
{
    const quint8 tag = quint8(*p++);
    switch (tag) {
    case Int8:
        return p + 1;
    case Int16:
        return p + 2;
    case Int32:
        return p + 4;
    case Int64:
    case Double:
        return p + 8;
    case Latin1:
    case Cbor: {
        const quint32 n = readLength(p);
        return p + n;
    }
    case Utf16: {
        const quint32 n = readLength(p);
        return p + 2 * qsizetype(n);
    }
    default:
        return p;
    }
}

/// The key of the entry at `p`; sets `*value` to where its value begins.
QString entryKey(const char *p, const char **value)
{
    const quint16 id = readRaw<quint16>(p);
    p += 2;
    if (id != kInlineKey) {
        *value = p;
        return keyTable().name(id);
    }
    const quint32 n = readLength(p);
    QString key(qsizetype(n), Qt::Uninitialized);
    std::memcpy(key.data(), p, size_t(n) * 2);
    *value = p + 2 * qsizetype(n);
    return key;
}

/// Compares the entry's key with `key` without building a QString for interned keys.
int compareKey(const char *p, QAnyStringView key, const char **value)
{
    const quint16 id = readRaw<quint16>(p);
    if (id != kInlineKey) {
        *value = p + 2;
        return QAnyStringView::compare(QAnyStringView(keyTable().name(id)), key);
    }
    return QAnyStringView::compare(QAnyStringView(entryKey(p, value)), key);
}

Block *allocate(qsizetype bytes)
{
    void *raw = std::malloc(sizeof(Block) + size_t(bytes));
    if (!raw)
        throw std::bad_alloc();
    auto *b = new (raw) Block;
    b->ref.storeRelaxed(1);
    b->bytes = quint32(bytes);
    return b;
}

void release(Block *b)
{
    if (b && !b->ref.deref()) {
        b->~Block();
        std::free(b);
    }
}

/// keyTable().id(key), remembered per thread by where the key's characters are: the names
/// recorded on every event are literals (QLatin1String("queueDepth")) at fixed addresses, so
/// most lookups end here, verified by comparing the name, without the table's mutex.
quint16 keyId(QAnyStringView key)
{
    struct Slot {
        const void *data = nullptr;
        qsizetype size = -1;
        quint16 id = 0;
    };
    thread_local Slot cache[64];
    Slot &slot = cache[(quintptr(key.data()) >> 3 ^ quintptr(key.size())) % 64];
    if (slot.data == key.data() && slot.size == key.size() &&
        QAnyStringView::equal(QAnyStringView(keyTable().name(slot.id)), key))
        return slot.id;
    // Then this thread's copy of the table (no lock), then the table itself.
    thread_local QHash<QString, quint16> local;
    const quint16 id = withProbe(key, [](const QString &probe) {
        if (const auto it = local.constFind(probe); it != local.cend())
            return it.value();
        const quint16 id = keyTable().id(probe);
        if (id != kInlineKey)
            local.insert(keyTable().name(id), id);
        return id;
    });
    if (id != kInlineKey)
        slot = {key.data(), key.size(), id};
    return id;
}

void putKey(Buffer &b, QAnyStringView key)
{
    const quint16 id = keyId(key);
    putRaw(b, id);
    if (id == kInlineKey) {
        const QString s = key.toString();
        putLength(b, quint32(s.size()));
        b.append(reinterpret_cast<const char *>(s.utf16()), s.size() * 2);
    }
}

} // namespace

EventDetail::EventDetail(const QJsonObject &json)
{
    // QJsonObject iterates in the same key order this block keeps: entries go in as they come.
    Buffer b;
    for (auto it = json.begin(); it != json.end(); ++it) {
        const qsizetype mark = b.size();
        putKey(b, it.key());
        if (!encode(b, it.value()))
            b.resize(mark);
    }
    if (b.isEmpty())
        return;
    m_block = allocate(b.size());
    std::memcpy(m_block->data(), b.constData(), size_t(b.size()));
}

EventDetail::EventDetail(std::initializer_list<QPair<QString, QJsonValue>> fields)
{
    for (const auto &f : fields)
        insert(f.first, f.second);
}

EventDetail::EventDetail(const EventDetail &other) : m_block(other.m_block)
{
    if (m_block)
        m_block->ref.ref();
}

EventDetail &EventDetail::operator=(const EventDetail &other)
{
    if (other.m_block)
        other.m_block->ref.ref();
    release(std::exchange(m_block, other.m_block));
    return *this;
}

EventDetail::~EventDetail()
{
    release(m_block);
}

QJsonObject EventDetail::toJsonObject() const
{
    QJsonObject o;
    for (auto it = begin(); it != end(); ++it)
        o.insert(it.key(), it.value());
    return o;
}

qsizetype EventDetail::size() const
{
    qsizetype n = 0;
    for (auto it = begin(); it != end(); ++it)
        ++n;
    return n;
}

QStringList EventDetail::keys() const
{
    QStringList list;
    for (auto it = begin(); it != end(); ++it)
        list << it.key();
    return list;
}

EventDetail::const_iterator EventDetail::begin() const
{
    return const_iterator(m_block ? m_block->data() : nullptr);
}

EventDetail::const_iterator EventDetail::end() const
{
    return const_iterator(m_block ? m_block->data() + m_block->bytes : nullptr);
}

EventDetail::const_iterator EventDetail::find(QAnyStringView key) const
{
    const auto stop = end();
    for (auto it = begin(); it != stop; ++it) {
        const char *value = nullptr;
        const int c = compareKey(it.m_at, key, &value);
        if (c == 0)
            return it;
        if (c > 0)
            break;
    }
    return stop;
}

QJsonValue EventDetail::value(QAnyStringView key) const
{
    const auto it = find(key);
    return it == end() ? QJsonValue(QJsonValue::Undefined) : it.value();
}

bool EventDetail::contains(QAnyStringView key) const
{
    return find(key) != end();
}

QString EventDetail::const_iterator::key() const
{
    const char *value = nullptr;
    return entryKey(m_at, &value);
}

QJsonValue EventDetail::const_iterator::value() const
{
    const char *value = nullptr;
    entryKey(m_at, &value);
    return decode(value);
}

void EventDetail::const_iterator::appendJson(QByteArray &out) const
{
    const char *p = m_at + 2;
    if (readRaw<quint16>(m_at) == kInlineKey)
        entryKey(m_at, &p);
    const quint8 tag = quint8(*p++);
    switch (tag) {
    case Null:
        out.append("null", 4);
        return;
    case False:
        out.append("false", 5);
        return;
    case True:
        out.append("true", 4);
        return;
    case Int8:
        jsonlines::appendInteger(out, readRaw<qint8>(p));
        return;
    case Int16:
        jsonlines::appendInteger(out, readRaw<qint16>(p));
        return;
    case Int32:
        jsonlines::appendInteger(out, readRaw<qint32>(p));
        return;
    case Int64:
        jsonlines::appendInteger(out, readRaw<qint64>(p));
        return;
    case Double:
        jsonlines::appendDouble(out, readRaw<double>(p));
        return;
    case Latin1: {
        const quint32 n = readLength(p);
        jsonlines::appendString(out, QLatin1StringView(p, qsizetype(n)));
        return;
    }
    case Utf16: {
        const quint32 n = readLength(p);
        QVarLengthArray<char16_t, 128> units(n);
        std::memcpy(units.data(), p, size_t(n) * 2); // the block does not align its entries
        jsonlines::appendString(out, QStringView(units.constData(), units.size()));
        return;
    }
    default:
        jsonlines::appendValue(out, decode(p - 1));
    }
}

EventDetail::const_iterator &EventDetail::const_iterator::operator++()
{
    const char *value = nullptr;
    if (readRaw<quint16>(m_at) != kInlineKey)
        value = m_at + 2;
    else
        entryKey(m_at, &value);
    m_at = skipValue(value);
    return *this;
}

void EventDetail::put(QAnyStringView key, const char *value, qsizetype valueSize)
{
    // Where the entry goes: before the first key greater than `key`, in place of an equal one.
    const char *start = m_block ? m_block->data() : nullptr;
    const char *stop = m_block ? start + m_block->bytes : nullptr;
    const char *at = stop, *after = stop;
    for (const char *p = start; p != stop;) {
        const char *v = nullptr;
        const int c = compareKey(p, key, &v);
        const char *next = skipValue(v);
        if (c >= 0) {
            at = p;
            after = c == 0 ? next : p;
            break;
        }
        p = next;
    }
    Buffer entry;
    if (valueSize > 0) {
        putKey(entry, key);
        entry.append(value, valueSize);
    }
    const qsizetype before = at - start, rest = stop - after;
    const qsizetype bytes = before + entry.size() + rest;
    Block *b = nullptr;
    if (bytes > 0) {
        b = allocate(bytes);
        char *out = b->data();
        if (before)
            std::memcpy(out, start, size_t(before));
        if (!entry.isEmpty())
            std::memcpy(out + before, entry.constData(), size_t(entry.size()));
        if (rest)
            std::memcpy(out + before + entry.size(), after, size_t(rest));
    }
    release(std::exchange(m_block, b));
}

void EventDetail::insert(QAnyStringView key, const QJsonValue &value)
{
    Buffer b;
    encode(b, value);
    put(key, b.constData(), b.size());
}

void EventDetail::insert(QAnyStringView key, const QString &value)
{
    Buffer b;
    encodeString(b, value);
    put(key, b.constData(), b.size());
}

void EventDetail::insert(QAnyStringView key, QLatin1String value)
{
    Buffer b;
    b.append(char(Latin1));
    putLength(b, quint32(value.size()));
    b.append(value.data(), value.size());
    put(key, b.constData(), b.size());
}

void EventDetail::insert(QAnyStringView key, bool value)
{
    const char tag = char(value ? True : False);
    put(key, &tag, 1);
}

void EventDetail::insert(QAnyStringView key, int value)
{
    insert(key, qint64(value));
}

void EventDetail::insert(QAnyStringView key, qint64 value)
{
    Buffer b;
    encodeInt(b, value);
    put(key, b.constData(), b.size());
}

void EventDetail::insert(QAnyStringView key, double value)
{
    Buffer b;
    b.append(char(Double));
    putRaw(b, value);
    put(key, b.constData(), b.size());
}

void EventDetail::remove(QAnyStringView key)
{
    if (contains(key))
        put(key, nullptr, 0);
}

bool EventDetail::operator==(const EventDetail &other) const
{
    if (m_block == other.m_block)
        return true;
    if (m_block && other.m_block && m_block->bytes == other.m_block->bytes &&
        std::memcmp(m_block->data(), other.m_block->data(), m_block->bytes) == 0)
        return true;
    return toJsonObject() == other.toJsonObject();
}

qsizetype EventDetail::heapBytes() const
{
    return m_block ? qsizetype(sizeof(Block)) + m_block->bytes : 0;
}

} // namespace lens
