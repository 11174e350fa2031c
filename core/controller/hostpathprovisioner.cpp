// SPDX-License-Identifier: Apache-2.0
#include "hostpathprovisioner.h"

#include "trace/clocktimer.h"

#include <QJsonArray>

namespace lens::controller {

QString provisioningStateName(ProvisioningState state)
{
    switch (state) {
    case ProvisioningState::Finished:
        return QStringLiteral("Finished");
    case ProvisioningState::Background:
        return QStringLiteral("Background");
    case ProvisioningState::NoChange:
        return QStringLiteral("NoChange");
    case ProvisioningState::Reschedule:
        return QStringLiteral("Reschedule");
    }
    return {};
}

HostPathProvisioner::HostPathProvisioner(const Clock *clock, QObject *parent)
    : Provisioner(parent), m_clock(clock)
{
}

void HostPathProvisioner::setLatencyMs(qint64 provisionMs, qint64 deleteMs)
{
    m_provisionMs = std::max<qint64>(0, provisionMs);
    m_deleteMs = std::max<qint64>(0, deleteMs);
    Q_EMIT settingsChanged();
}

void HostPathProvisioner::failNext(int count)
{
    m_failNext = std::max(0, count);
    m_failNextTotal = m_failNext;
    Q_EMIT settingsChanged();
}

void HostPathProvisioner::setFailClass(const QString &className, bool fail)
{
    if (fail)
        m_failClasses.insert(className);
    else
        m_failClasses.remove(className);
    Q_EMIT settingsChanged();
}

QStringList HostPathProvisioner::failingClasses() const
{
    QStringList l(m_failClasses.begin(), m_failClasses.end());
    l.sort();
    return l;
}

void HostPathProvisioner::failNextDeletes(int count)
{
    m_failNextDeletes = std::max(0, count);
    Q_EMIT settingsChanged();
}

QJsonObject HostPathProvisioner::pvTemplate(const ProvisionOptions &options)
{
    const QJsonObject claimSpec = options.claim.json().value(QLatin1String("spec")).toObject();
    QJsonObject spec;
    QJsonObject capacity;
    capacity.insert(QLatin1String("storage"), claimSpec.value(QLatin1String("resources"))
                                                  .toObject()
                                                  .value(QLatin1String("requests"))
                                                  .toObject()
                                                  .value(QLatin1String("storage")));
    spec.insert(QLatin1String("capacity"), capacity);
    spec.insert(QLatin1String("accessModes"), claimSpec.value(QLatin1String("accessModes")));
    const QString reclaim = options.storageClass.value(QLatin1String("reclaimPolicy")).toString();
    spec.insert(QLatin1String("persistentVolumeReclaimPolicy"),
                reclaim.isEmpty() ? QStringLiteral("Delete") : reclaim);
    if (claimSpec.contains(QLatin1String("volumeMode")))
        spec.insert(QLatin1String("volumeMode"), claimSpec.value(QLatin1String("volumeMode")));
    QJsonObject hostPath;
    hostPath.insert(QLatin1String("path"), basePath() + QLatin1Char('/') + options.pvName);
    hostPath.insert(QLatin1String("type"), QStringLiteral("DirectoryOrCreate"));
    spec.insert(QLatin1String("hostPath"), hostPath);
    QJsonObject meta;
    meta.insert(QLatin1String("name"), options.pvName);
    QJsonObject pv;
    pv.insert(QLatin1String("apiVersion"), QStringLiteral("v1"));
    pv.insert(QLatin1String("kind"), QStringLiteral("PersistentVolume"));
    pv.insert(QLatin1String("metadata"), meta);
    pv.insert(QLatin1String("spec"), spec);
    return pv;
}

void HostPathProvisioner::provision(const ProvisionOptions &options,
                                    std::function<void(const ProvisionResult &)> done)
{
    ProvisionResult r;
    const QString className = options.storageClass.value(QLatin1String("metadata"))
                                  .toObject()
                                  .value(QLatin1String("name"))
                                  .toString();
    if (m_failNext > 0) {
        const int k = m_failNextTotal - m_failNext + 1;
        --m_failNext;
        r.error = QStringLiteral("injected failure %1 of %2: the host-path provisioner was "
                                 "told to fail")
                      .arg(k)
                      .arg(m_failNextTotal);
        r.injected = true;
        Q_EMIT settingsChanged();
    } else if (m_failClasses.contains(className)) {
        r.error = QStringLiteral("injected failure: the host-path provisioner fails every "
                                 "provision for StorageClass \"%1\"")
                      .arg(className);
        r.injected = true;
    } else {
        r.pv = pvTemplate(options);
    }
    after(m_provisionMs, [this, r, done = std::move(done)] {
        ++m_provisionCalls;
        done(r);
    });
}

void HostPathProvisioner::remove(const Object &pv, std::function<void(const DeleteResult &)> done)
{
    DeleteResult r;
    const QString path = pv.json()
                             .value(QLatin1String("spec"))
                             .toObject()
                             .value(QLatin1String("hostPath"))
                             .toObject()
                             .value(QLatin1String("path"))
                             .toString();
    if (!path.startsWith(basePath() + QLatin1Char('/'))) {
        // Not a directory this provisioner made: the library's IgnoredError.
        r.ignored = true;
        r.error = QStringLiteral("not a host-path volume of this provisioner");
    } else if (m_failNextDeletes > 0) {
        --m_failNextDeletes;
        r.error = QStringLiteral("injected failure: the host-path provisioner was told to fail "
                                 "deleting %1")
                      .arg(path);
        r.injected = true;
        Q_EMIT settingsChanged();
    }
    after(m_deleteMs, [this, r, done = std::move(done)] {
        ++m_deleteCalls;
        done(r);
    });
}

void HostPathProvisioner::after(qint64 delayMs, std::function<void()> fire)
{
    auto *timer = new ClockTimer(m_clock, this, ClockTimer::ManualClockPolicy::CatchUp);
    connect(timer, &ClockTimer::timeout, this, [timer, fire = std::move(fire)] {
        timer->deleteLater();
        fire();
    });
    timer->start(std::max<qint64>(0, delayMs));
}

} // namespace lens::controller
