// SPDX-License-Identifier: Apache-2.0
#include "eventrecorder.h"

#include "store.h"

#include <QJsonObject>
#include <QUuid>

namespace lens::sim {

namespace {
const QString kEvents = QStringLiteral("events");
}

EventRecorder::EventRecorder(Store *store, const QString &component)
    : m_store(store), m_component(component)
{
}

lens::Object EventRecorder::record(const lens::Object &object, const QString &type,
                                   const QString &reason, const QString &message)
{
    const QString ns =
        object.namespace_().isEmpty() ? QStringLiteral("default") : object.namespace_();
    const QJsonObject json = object.json();
    const QString kind = json.value(u"kind").toString();
    // getEventKey: source, involved object, reason, message (and type via the reason).
    const QString key =
        QStringList{m_component, kind,   object.namespace_(), object.name(), object.uid(), type,
                    reason,      message}
            .join(QChar(0));
    const QString now = m_store->nowRfc3339();
    // The controllers that record here run in kube-controller-manager: its field manager.
    const Store::WriterScope scope(m_store, {QStringLiteral("kube-controller-manager"), {}});
    if (const QString existing = m_written.value(key); !existing.isEmpty()) {
        const lens::Object stored = m_store->get(kEvents, existing.section(QLatin1Char('/'), 0, 0),
                                                 existing.section(QLatin1Char('/'), 1));
        if (!stored.isNull()) {
            QJsonObject ev = stored.json();
            ev.insert(QStringLiteral("count"), ev.value(u"count").toInt(1) + 1);
            ev.insert(QStringLiteral("lastTimestamp"), now);
            const WriteResult r = m_store->update(kEvents, ev);
            if (r.ok())
                return r.object;
        }
        m_written.remove(key);
    }
    QJsonObject involved{{QStringLiteral("kind"), kind},
                         {QStringLiteral("name"), object.name()},
                         {QStringLiteral("uid"), object.uid()},
                         {QStringLiteral("apiVersion"), json.value(u"apiVersion").toString()},
                         {QStringLiteral("resourceVersion"), object.resourceVersion()}};
    if (!object.namespace_().isEmpty())
        involved.insert(QStringLiteral("namespace"), object.namespace_());
    // makeEvent names events "<object>.<UnixNano in hex>"; a serial keeps them unique when
    // the (reproducible) clock stands still.
    const qint64 nanos = m_store->now().toMSecsSinceEpoch() * 1000000 + qint64(++m_serial);
    const QString name =
        QStringLiteral("%1.%2").arg(object.name()).arg(quint64(nanos), 16, 16, QLatin1Char('0'));
    // A uid of its own (name-based), so events do not draw from the Store's seeded generator
    // that names and identifies the objects a scenario creates.
    static const QUuid space(QStringLiteral("6a1e0c5e-8d1f-4a5e-9a53-3c0f7b2e4d11"));
    const QString uid =
        QUuid::createUuidV5(space, ns + QLatin1Char('/') + name).toString(QUuid::WithoutBraces);
    const QJsonObject ev{
        {QStringLiteral("metadata"), QJsonObject{{QStringLiteral("name"), name},
                                                 {QStringLiteral("namespace"), ns},
                                                 {QStringLiteral("uid"), uid}}},
        {QStringLiteral("involvedObject"), involved},
        {QStringLiteral("reason"), reason},
        {QStringLiteral("message"), message},
        {QStringLiteral("type"), type},
        {QStringLiteral("source"), QJsonObject{{QStringLiteral("component"), m_component}}},
        {QStringLiteral("reportingComponent"), m_component},
        {QStringLiteral("reportingInstance"), QString()},
        {QStringLiteral("count"), 1},
        {QStringLiteral("firstTimestamp"), now},
        {QStringLiteral("lastTimestamp"), now}};
    const WriteResult r = m_store->create(kEvents, ev);
    if (!r.ok())
        return {};
    m_written.insert(key, ns + QLatin1Char('/') + name);
    return r.object;
}

} // namespace lens::sim
