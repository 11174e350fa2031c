// SPDX-License-Identifier: Apache-2.0
#include "format.h"

#include "api/jsonscalar.h"

#include <QCoreApplication>
#include <QStringList>

namespace lens {

QString formatTimeMs(qint64 ms)
{
    return QString::number(double(ms) / 1000.0, 'f', 3) + QStringLiteral(" s");
}

QString formatDuration(qint64 ms)
{
    ms = qMax<qint64>(0, ms);
    if (ms < 1000)
        return QCoreApplication::translate("lens::Duration", "%1 ms").arg(ms);
    if (const qint64 tenths = (ms + 50) / 100; tenths < 600)
        return QCoreApplication::translate("lens::Duration", "%1 s")
            .arg(QString::number(double(tenths) / 10.0, 'f', 1));
    const qint64 seconds = (ms + 500) / 1000;
    return QCoreApplication::translate("lens::Duration", "%1 min %2 s")
        .arg(seconds / 60)
        .arg(seconds % 60);
}

QString formatTimeTooltip(qint64 ms, const QDateTime &wallClockOrigin)
{
    QString text = QCoreApplication::translate("lens::JournalTime",
                                               "t = %1 ms = %2 s after the journal's clock started")
                       .arg(ms)
                       .arg(QString::number(double(ms) / 1000.0, 'f', 3));
    if (wallClockOrigin.isValid())
        text +=
            QLatin1Char('\n') + QCoreApplication::translate("lens::JournalTime", "wall clock: %1")
                                    .arg(wallClockOrigin.addMSecs(ms).toLocalTime().toString(
                                        QStringLiteral("yyyy-MM-dd HH:mm:ss.zzz t")));
    return text;
}

namespace {
template<typename Detail> QString formatFields(const Detail &detail)
{
    QStringList parts;
    for (auto it = detail.begin(); it != detail.end(); ++it) {
        // A null detail reads as nothing ("key="), every other value as jsonScalarText does.
        const QJsonValue value = it.value();
        QString v = value.isNull() ? QString() : jsonScalarText(value);
        if (v.size() > 48)
            v = v.left(47) + QChar(0x2026);
        parts << it.key() + QLatin1Char('=') + v;
    }
    return parts.join(QLatin1Char(' '));
}
} // namespace

QString formatDetail(const QJsonObject &detail)
{
    return formatFields(detail);
}

QString formatDetail(const EventDetail &detail)
{
    return formatFields(detail);
}

} // namespace lens
