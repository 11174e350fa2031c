// SPDX-License-Identifier: Apache-2.0
#include "storagelisterwatchers.h"

#include "client/httplisterwatcher.h"

namespace lens::controller {

SharedInformerFactory::ListerWatcherFactory storageListerWatchers(const RestConfig &rest)
{
    return [rest](const QString &resource, const QString &,
                  QString *) -> std::unique_ptr<ListerWatcher> {
        const QString group = resource == QLatin1String("storageclasses")
                                  ? QStringLiteral("storage.k8s.io")
                                  : QString();
        auto lw = std::make_unique<HttpListerWatcher>(
            rest, HttpListerWatcher::collectionPath(group, QStringLiteral("v1"), resource, {}));
        lw->setItemKind(resource == QLatin1String("storageclasses") ? QStringLiteral("StorageClass")
                        : resource == QLatin1String("persistentvolumes")
                            ? QStringLiteral("PersistentVolume")
                        : resource == QLatin1String("persistentvolumeclaims")
                            ? QStringLiteral("PersistentVolumeClaim")
                            : QString(),
                        group.isEmpty() ? QStringLiteral("v1") : group + QStringLiteral("/v1"));
        return lw;
    };
}

} // namespace lens::controller
