// SPDX-License-Identifier: Apache-2.0
#include "eventrecorder.h"

#include "trace/clock.h"

#include <QDateTime>

namespace lens::controller {

QString clientGoErrorText(const ApiStatus &status)
{
    if (status.transport == ApiStatus::Transport::None && status.code != 0)
        return status.message;
    return status.describe();
}

EventRecorder::EventRecorder(KubeClient *client, const QString &sourceComponent)
    : m_client(client), m_component(sourceComponent)
{
}

QString EventRecorder::now() const
{
    if (m_clock)
        return QDateTime(QDate(2025, 1, 1), QTime(0, 0), Qt::UTC)
            .addMSecs(m_clock->nowMs())
            .toString(Qt::ISODate);
    return QDateTime::currentDateTimeUtc().toString(Qt::ISODate);
}

void EventRecorder::event(const Object &object, const QString &type, const QString &reason,
                          const QString &message, const KubeClient::Tag &tag)
{
    const QString ns =
        object.namespace_().isEmpty() ? QStringLiteral("default") : object.namespace_();
    // client-go names an Event "<name>.<unix nanoseconds in hex>"; the count keeps two events
    // of one millisecond apart.
    const qint64 nanos =
        (m_clock ? m_clock->nowMs() + 1735689600000LL : QDateTime::currentMSecsSinceEpoch()) *
            1000000LL +
        m_count;
    ++m_count;
    QJsonObject involved;
    involved.insert(QLatin1String("kind"), object.kind());
    if (!object.namespace_().isEmpty())
        involved.insert(QLatin1String("namespace"), object.namespace_());
    involved.insert(QLatin1String("name"), object.name());
    involved.insert(QLatin1String("uid"), object.uid());
    involved.insert(QLatin1String("apiVersion"), object.apiVersion());
    involved.insert(QLatin1String("resourceVersion"), object.resourceVersion());
    QJsonObject meta;
    meta.insert(QLatin1String("name"),
                QStringLiteral("%1.%2").arg(object.name(), QString::number(nanos, 16)));
    meta.insert(QLatin1String("namespace"), ns);
    QJsonObject source;
    source.insert(QLatin1String("component"), m_component);
    const QString t = now();
    QJsonObject ev;
    ev.insert(QLatin1String("apiVersion"), QStringLiteral("v1"));
    ev.insert(QLatin1String("kind"), QStringLiteral("Event"));
    ev.insert(QLatin1String("metadata"), meta);
    ev.insert(QLatin1String("involvedObject"), involved);
    ev.insert(QLatin1String("reason"), reason);
    ev.insert(QLatin1String("message"), message);
    ev.insert(QLatin1String("type"), type);
    ev.insert(QLatin1String("source"), source);
    ev.insert(QLatin1String("count"), 1);
    ev.insert(QLatin1String("firstTimestamp"), t);
    ev.insert(QLatin1String("lastTimestamp"), t);
    ev.insert(QLatin1String("reportingComponent"), m_component);
    m_client->create(
        KubeClient::objectPath({}, QStringLiteral("v1"), QStringLiteral("events"), ns, {}), ev,
        [](const KubeClient::Result &) {}, tag);
}

} // namespace lens::controller
