// SPDX-License-Identifier: Apache-2.0
#include "transforms.h"

#include "api/objectdecode.h"
#include "api/objectpacker.h"

#include <QLocale>

namespace lens {

double TransformTally::savedPercent() const
{
    const qint64 in = bytesIn.load(std::memory_order_relaxed);
    return in > 0 ? 100.0 * double(in - bytesOut.load(std::memory_order_relaxed)) / double(in) : 0;
}

QString describeSaving(const TransformTally &tally)
{
    const QLocale c = QLocale::c();
    return QStringLiteral("managedFields stripped (SetTransform): %1 objects, %2 received, %3 "
                          "kept, %4 (%5 %) saved")
        .arg(tally.objects.load())
        .arg(c.formattedDataSize(tally.bytesIn.load(), 1),
             c.formattedDataSize(tally.bytesOut.load(), 1),
             c.formattedDataSize(tally.savedBytes(), 1))
        .arg(tally.savedPercent(), 0, 'f', 1);
}

Object withoutManagedFields(const Object &object)
{
    if (object.receivedSize() > object.byteSize())
        return object; // stripped where it was decoded
    const QByteArray bytes = object.toJson();
    if (object.isNull() || !bytes.contains("\"managedFields\""))
        return object;
    qsizetype from = 0, to = 0;
    if (!fastjson::metadataFieldSpan(bytes, "managedFields", &from, &to))
        return object;
    // One comma goes with the member: the one before it, else the one after it.
    if (from > 0 && bytes.at(from - 1) == ',')
        --from;
    else if (to < bytes.size() && bytes.at(to) == ',')
        ++to;
    QByteArray cut;
    cut.reserve(bytes.size() - (to - from));
    cut.append(bytes.constData(), from).append(bytes.constData() + to, bytes.size() - to);
    const Object stripped = Object::parse(cut, nullptr, object.receivedSize());
    return stripped.isNull() ? object : stripped;
}

TransformFunc stripManagedFieldsTransform(std::shared_ptr<TransformTally> tally)
{
    return [tally](const Object &in, QString *) {
        const Object out = withoutManagedFields(in);
        if (tally) {
            tally->objects.fetch_add(1, std::memory_order_relaxed);
            // receivedSize(): a listed item was already stripped on the decoder thread
            // (listItemStrip()); what it saved counts here, once, as the FIFO queues it.
            if (out.byteSize() < in.receivedSize())
                tally->changed.fetch_add(1, std::memory_order_relaxed);
            tally->bytesIn.fetch_add(in.receivedSize(), std::memory_order_relaxed);
            tally->bytesOut.fetch_add(out.byteSize(), std::memory_order_relaxed);
        }
        return out;
    };
}

TransformFunc listItemStrip()
{
    return [](const Object &in, QString *) { return withoutManagedFields(in); };
}

TransformFunc packedAfter(TransformFunc transform, std::shared_ptr<ObjectPacker> packer)
{
    if (!packer)
        return transform;
    return [transform = std::move(transform), packer = std::move(packer)](const Object &in,
                                                                          QString *) {
        Object out = in;
        if (transform) {
            QString error;
            if (Object t = transform(in, &error); error.isEmpty() && !t.isNull())
                out = std::move(t);
        }
        return packer->pack(out);
    };
}

} // namespace lens
