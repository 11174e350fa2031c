// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "keys.h"

#include <atomic>
#include <memory>

namespace lens {

/// What a transform was given and what it kept, counted as it runs (any thread; read with
/// relaxed loads, e.g. by a status bar once a second). Bytes are the objects' compact JSON
/// (Object::byteSize()).
struct TransformTally {
    std::atomic<qint64> objects{0};  ///< objects transformed
    std::atomic<qint64> changed{0};  ///< of which had something removed
    std::atomic<qint64> bytesIn{0};  ///< their size as received
    std::atomic<qint64> bytesOut{0}; ///< their size as stored

    /// bytesIn − bytesOut: what the cache did not have to keep.
    qint64 savedBytes() const { return bytesIn.load() - bytesOut.load(); }
    /// savedBytes() as a percentage of bytesIn (0 when nothing was transformed).
    double savedPercent() const;
};

/// One line for logs and --headless: "managedFields stripped (SetTransform): 10 007 objects,
/// 57.9 MiB received, 33.6 MiB kept, 24.3 MiB (42.0 %) saved" (sizes in IEC units).
QString describeSaving(const TransformTally &tally);

/// `object` without metadata.managedFields, or `object` itself (the same shared instance) when
/// it has none or was stripped before (its receivedSize() is larger than its byteSize(): only
/// this function cuts bytes; a packed object is not unpacked to find that out). The bytes are cut
/// where the field sits, not re-serialised, so everything else stays byte for byte as the server
/// sent it; the result's receivedSize() is `object`'s.
Object withoutManagedFields(const Object &object);

/// The transform client-go users set with SharedIndexInformer.SetTransform to keep
/// managedFields out of their caches (controller-runtime's cache.TransformStripManagedFields:
/// "if you are not explicitly accessing managedFields ... a significant reduction in memory
/// usage"): every object the DeltaFIFO queues (Added, Updated, Replaced, Deleted; not Sync) and
/// the Indexer stores is withoutManagedFields(). Never fails. When `tally` is given, counts into
/// it: bytesIn by receivedSize(), so an object stripped before (listItemStrip()) counts as
/// received.
TransformFunc stripManagedFieldsTransform(std::shared_ptr<TransformTally> tally = {});

/// withoutManagedFields() as a TransformFunc that counts nothing: what a LIST's items go through
/// on the decoder thread as they are decoded (ListOptions::itemTransform), so that an original
/// is let go at once instead of when the Replace queues it. The DeltaFIFO's
/// stripManagedFieldsTransform() then finds nothing to strip and counts each object once, by
/// its receivedSize().
TransformFunc listItemStrip();

class ObjectPacker;
/// `transform` (its result; the item as it was when it fails, for the DeltaFIFO's own call to
/// report), then `packer`->pack(): what Reflector sends as ListOptions::itemTransform when it
/// packs listed objects. Either may be null.
TransformFunc packedAfter(TransformFunc transform, std::shared_ptr<ObjectPacker> packer);

} // namespace lens
