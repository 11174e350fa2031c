// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "object.h"

#include <QByteArray>
#include <QList>
#include <QMutex>

#include <atomic>
#include <memory>

namespace lens {

class PackDictionary;

/// What one or more ObjectPackers packed: objects, their JSON bytes, their packed bytes.
struct PackTotals {
    qint64 objects = 0;
    qint64 jsonBytes = 0;
    qint64 packedBytes = 0;
    PackTotals &operator+=(const PackTotals &o)
    {
        objects += o.objects;
        jsonBytes += o.jsonBytes;
        packedBytes += o.packedBytes;
        return *this;
    }
    /// The share of jsonBytes packing kept out, in percent (0 when nothing was packed).
    double savedPercent() const
    {
        return jsonBytes > 0 ? 100.0 * double(jsonBytes - packedBytes) / double(jsonBytes) : 0;
    }
};

/// One line for --headless: "objects packed (zstd dictionary per informer): 149872 objects,
/// 873.4 MiB of JSON kept in 109.7 MiB (87.4 % saved)" (sizes in IEC units).
QString describePacking(const PackTotals &totals);

/// Packs the JSON bytes of many objects of one resource with a zstd dictionary trained on the
/// first of them (Debian libzstd-dev: ZDICT_trainFromBuffer, ZSTD_compress_usingCDict), so that
/// an informer's cache of a large LIST keeps each object in a fraction of its JSON: a Pod of
/// 6 KB whose keys, images and managedFields repeat those of its neighbours packs to under 1 KB.
/// The packed Object keeps its decoded metadata as before; toJson(), json() and annotations()
/// unpack the bytes (about 2 us for 6 KB) when a view, a diff or a field selector asks.
///
/// Not client-go: client-go keeps decoded Go structs. This is Informer Lens's object
/// representation (docs/semantics.md, "Objects are kept packed"), applied where objects are
/// decoded (ListOptions::packer, on the decoder thread): a LIST's items and watch events'.
///
/// How: pack() returns the first `samples` objects it is given unchanged and keeps their bytes
/// as training samples; with the last of them it trains one dictionary of at most
/// `dictionaryBytes` (about 50 ms for 128 Pods). Every later object is packed with it, unless
/// packing saves less than a quarter of its bytes (then it is returned unchanged). When training
/// fails (too few or too small samples for the dictionary's size), nothing is ever packed;
/// failed() says so. The dictionary lives as long as any object packed with it.
///
/// Threading: pack() may be called from several threads at once.
class ObjectPacker {
public:
    /// `samples`: objects to train the dictionary on (at least 8); `dictionaryBytes`: its
    /// largest size in bytes; `level`: zstd's compression level (3: zstd's default).
    explicit ObjectPacker(int samples = 128, qsizetype dictionaryBytes = 8192, int level = 3);
    ~ObjectPacker();
    ObjectPacker(const ObjectPacker &) = delete;
    ObjectPacker &operator=(const ObjectPacker &) = delete;

    /// `object`, or a copy of it that keeps its bytes packed (Object::isPacked()). A null
    /// Object and an already packed one are returned as they are.
    Object pack(const Object &object);

    /// How many objects train the dictionary (the first ones pack() is given, returned
    /// unchanged); pack() them again once trained() to keep them packed too.
    int samples() const { return m_samples; }
    /// True once the dictionary is trained.
    bool trained() const;
    /// True when training failed: objects are no longer sampled nor packed.
    bool failed() const;
    /// The trained dictionary's size in bytes (0 before).
    qsizetype dictionaryBytes() const;
    /// Objects packed, their JSON bytes and their packed bytes, since construction.
    qint64 packedObjects() const { return m_objects.load(std::memory_order_relaxed); }
    qint64 jsonBytes() const { return m_jsonBytes.load(std::memory_order_relaxed); }
    qint64 packedBytes() const { return m_packedBytes.load(std::memory_order_relaxed); }
    PackTotals totals() const { return {packedObjects(), jsonBytes(), packedBytes()}; }

private:
    void train();

    const int m_samples;
    const qsizetype m_dictionaryCapacity;
    const int m_level;
    mutable QMutex m_mutex;
    QList<QByteArray> m_sampleBytes;              ///< until trained
    std::shared_ptr<const PackDictionary> m_dict; ///< once trained
    bool m_failed = false;
    std::atomic<qint64> m_objects{0}, m_jsonBytes{0}, m_packedBytes{0};
};

} // namespace lens
