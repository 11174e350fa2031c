// SPDX-License-Identifier: Apache-2.0
// Store::prepareCreates() and Store::createFrom(): create() for many objects of one shape.
#include "store.h"

#include <QVarLengthArray>

namespace lens::sim {

Store::CreateTemplate Store::prepareCreates(const QString &resource, const QJsonObject &object,
                                            int extraSlots) const
{
    CreateTemplate t;
    t.resource = resource;
    t.extraSlots = extraSlots;
    const Table *table = this->table(resource);
    if (!table)
        return t;
    QJsonObject json = object;
    QJsonObject meta = json.value(QStringLiteral("metadata")).toObject();
    if (meta.value(QStringLiteral("uid")).toString().isEmpty())
        meta.insert(QStringLiteral("uid"), JsonTemplate::marker(CreateTemplate::Uid));
    stampCreated(table->type, JsonTemplate::marker(CreateTemplate::Name),
                 JsonTemplate::marker(CreateTemplate::Namespace),
                 JsonTemplate::marker(CreateTemplate::ResourceVersion),
                 JsonTemplate::marker(CreateTemplate::CreationTimestamp), meta, &json);
    t.json = JsonTemplate(json, CreateTemplate::FirstFree + extraSlots);
    return t;
}

WriteResult Store::createFrom(const CreateTemplate &t, const QString &ns, const QString &name,
                              std::span<const QStringView> extra)
{
    Q_ASSERT(t.isValid() && qsizetype(extra.size()) == t.extraSlots);
    WriteResult r;
    const Table *table = this->table(t.resource);
    if (!table) {
        r.error = unknownResource();
        return r;
    }
    const QString namespace_ = table->type.namespaced ? ns : QString();
    const QString key = checkCreate(*table, namespace_, name, &r);
    if (!r.ok())
        return r;
    const qint64 rev = m_revision + 1;
    // A uid is drawn only for a hole (as create() draws one only when the object has none).
    const QString uid = t.json.hasSlot(CreateTemplate::Uid) ? newUid() : QString();
    const QString revision = QString::number(rev);
    const QString now = nowRfc3339();
    QVarLengthArray<QStringView, 16> values{name, namespace_, uid, revision, now};
    for (const QStringView v : extra)
        values.append(v);
    const StoredObject stored = storedFromCompact(t.json.fill(values));
    if (stored.isNull()) { // not expected: the template is compactJson()'s output
        r.error = status(500, QStringLiteral("InternalError"),
                         QStringLiteral("the stored object did not parse"));
        return r;
    }
    commit(ChangeEvent::Type::Added, t.resource, key, rev, stored, StoredObject());
    r.object = stored.object;
    r.json = stored.json;
    return r;
}

} // namespace lens::sim
