// SPDX-License-Identifier: Apache-2.0
#include "objectpacker.h"

#include "object_p.h"

#include <QLocale>
#include <QtGlobal>

#include <zdict.h>
#include <zstd.h>

#include <vector>

namespace lens {

namespace {

/// This thread's zstd contexts: one per thread, reused for every object it packs or unpacks.
struct Contexts {
    ZSTD_CCtx *pack = ZSTD_createCCtx();
    ZSTD_DCtx *unpack = ZSTD_createDCtx();
    std::vector<char> scratch;
    Contexts()
    {
        // Frames keep their size (unpack() checks it) but not the dictionary's id: 4 bytes an
        // object, and the object holds its dictionary.
        ZSTD_CCtx_setParameter(pack, ZSTD_c_dictIDFlag, 0);
    }
    Contexts(const Contexts &) = delete;
    Contexts &operator=(const Contexts &) = delete;
    ~Contexts()
    {
        ZSTD_freeCCtx(pack);
        ZSTD_freeDCtx(unpack);
    }
};

Contexts &contexts()
{
    thread_local Contexts c;
    return c;
}

} // namespace

struct PackDictionary::Handles {
    ZSTD_CDict *pack = nullptr;
    ZSTD_DDict *unpack = nullptr;
    ~Handles()
    {
        ZSTD_freeCDict(pack);
        ZSTD_freeDDict(unpack);
    }
};

PackDictionary::PackDictionary(const QByteArray &dictionary, int level)
    : m_dictionary(dictionary), m_handles(std::make_unique<Handles>())
{
    m_handles->pack =
        ZSTD_createCDict(m_dictionary.constData(), size_t(m_dictionary.size()), level);
    m_handles->unpack = ZSTD_createDDict(m_dictionary.constData(), size_t(m_dictionary.size()));
}

PackDictionary::~PackDictionary() = default;

QByteArray PackDictionary::pack(const QByteArray &json) const
{
    if (!m_handles->pack)
        return {};
    Contexts &c = contexts();
    c.scratch.resize(ZSTD_compressBound(size_t(json.size())));
    ZSTD_CCtx_refCDict(c.pack, m_handles->pack);
    const size_t n = ZSTD_compress2(c.pack, c.scratch.data(), c.scratch.size(), json.constData(),
                                    size_t(json.size()));
    if (ZSTD_isError(n))
        return {};
    return QByteArray(c.scratch.data(), qsizetype(n)); // exactly its size: one allocation
}

QByteArray PackDictionary::unpack(const QByteArray &packed, qsizetype size) const
{
    QByteArray out(size, Qt::Uninitialized);
    const size_t n =
        ZSTD_decompress_usingDDict(contexts().unpack, out.data(), size_t(size), packed.constData(),
                                   size_t(packed.size()), m_handles->unpack);
    if (ZSTD_isError(n) || n != size_t(size)) {
        qWarning("lens: a packed object's bytes do not unpack (%s)",
                 ZSTD_isError(n) ? ZSTD_getErrorName(n) : "wrong size");
        return {};
    }
    return out;
}

QString describePacking(const PackTotals &t)
{
    const QLocale c = QLocale::c();
    return QStringLiteral("objects packed (zstd dictionary per informer): %1 objects, %2 of JSON "
                          "kept in %3 (%4 % saved)")
        .arg(t.objects)
        .arg(c.formattedDataSize(t.jsonBytes, 1), c.formattedDataSize(t.packedBytes, 1))
        .arg(t.savedPercent(), 0, 'f', 1);
}

ObjectPacker::ObjectPacker(int samples, qsizetype dictionaryBytes, int level)
    : m_samples(qMax(samples, 8)), m_dictionaryCapacity(dictionaryBytes), m_level(level)
{
}

ObjectPacker::~ObjectPacker() = default;

bool ObjectPacker::trained() const
{
    QMutexLocker lock(&m_mutex);
    return m_dict != nullptr;
}

bool ObjectPacker::failed() const
{
    QMutexLocker lock(&m_mutex);
    return m_failed;
}

qsizetype ObjectPacker::dictionaryBytes() const
{
    QMutexLocker lock(&m_mutex);
    return m_dict ? m_dict->size() : 0;
}

void ObjectPacker::train()
{
    QByteArray samples;
    std::vector<size_t> sizes;
    for (const QByteArray &s : std::as_const(m_sampleBytes)) {
        samples.append(s);
        sizes.push_back(size_t(s.size()));
    }
    m_sampleBytes.clear();
    QByteArray dictionary(m_dictionaryCapacity, Qt::Uninitialized);
    const size_t n =
        ZDICT_trainFromBuffer(dictionary.data(), size_t(dictionary.size()), samples.constData(),
                              sizes.data(), unsigned(sizes.size()));
    if (ZDICT_isError(n)) {
        m_failed = true;
        return;
    }
    dictionary.truncate(qsizetype(n));
    auto dict = std::make_shared<const PackDictionary>(dictionary, m_level);
    if (dict->pack(QByteArrayLiteral("{}")).isEmpty())
        m_failed = true;
    else
        m_dict = std::move(dict);
}

Object ObjectPacker::pack(const Object &object)
{
    if (object.isNull() || object.isPacked())
        return object;
    std::shared_ptr<const PackDictionary> dict;
    {
        QMutexLocker lock(&m_mutex);
        if (m_failed)
            return object;
        if (!m_dict) {
            m_sampleBytes.append(object.d->bytes);
            if (m_sampleBytes.size() >= m_samples)
                train();
            return object;
        }
        dict = m_dict;
    }
    const QByteArray &json = object.d->bytes;
    QByteArray packed = dict->pack(json);
    if (packed.isEmpty() || packed.size() > json.size() - json.size() / 4)
        return object;
    m_objects.fetch_add(1, std::memory_order_relaxed);
    m_jsonBytes.fetch_add(json.size(), std::memory_order_relaxed);
    m_packedBytes.fetch_add(packed.size(), std::memory_order_relaxed);
    auto d = std::make_shared<Object::Data>(*object.d);
    d->jsonBytes = quint32(json.size());
    d->bytes = std::move(packed);
    d->packing = std::move(dict);
    Object out;
    out.d = std::move(d);
    return out;
}

} // namespace lens
