// SPDX-License-Identifier: Apache-2.0
// The volume side of ProvisionController: syncVolumeHandler → syncVolume
// (isProvisionerForVolume, handleProtectionFinalizer, shouldDelete) → deleteVolumeOperation
// (library v13, controller.go).
#include "provisioncontroller.h"

#include "informer/sharedinformer.h"
#include "trace/journal.h"

#include <QJsonArray>

namespace lens::controller {

namespace {
QString pvClass(const Object &pv)
{
    return pv.json()
        .value(QLatin1String("spec"))
        .toObject()
        .value(QLatin1String("storageClassName"))
        .toString();
}

/// The PV's finalizers as the library wants them (handleProtectionFinalizer), or nullopt when
/// they stay as they are.
std::optional<QJsonArray> wantedFinalizers(const Object &pv, bool addFinalizer)
{
    const QJsonArray fin = pv.json()
                               .value(QLatin1String("metadata"))
                               .toObject()
                               .value(QLatin1String("finalizers"))
                               .toArray();
    const QJsonObject spec = pv.json().value(QLatin1String("spec")).toObject();
    const QString policy = spec.value(QLatin1String("persistentVolumeReclaimPolicy")).toString();
    const QString phase = pv.json()
                              .value(QLatin1String("status"))
                              .toObject()
                              .value(QLatin1String("phase"))
                              .toString();
    const bool has = fin.contains(rules::kFinalizerPV);
    if (addFinalizer && policy == QLatin1String("Delete") && pv.deletionTimestamp().isEmpty() &&
        phase == QLatin1String("Bound") && !has) {
        QJsonArray more = fin;
        more.append(rules::kFinalizerPV);
        return more;
    }
    if (has && (!addFinalizer || policy == QLatin1String("Retain") ||
                policy == QLatin1String("Recycle"))) {
        QJsonArray less;
        for (const QJsonValue &v : fin)
            if (v.toString() != rules::kFinalizerPV)
                less.append(v);
        return less;
    }
    return std::nullopt;
}

QJsonObject finalizersPatch(const QJsonArray &fin)
{
    QJsonObject meta;
    meta.insert(QLatin1String("finalizers"), fin);
    QJsonObject patch;
    patch.insert(QLatin1String("metadata"), meta);
    return patch;
}
} // namespace

void ProvisionController::syncVolumeHandler(const QString &name, QueueWorker *worker,
                                            QueueWorker::Finish finish)
{
    const Object pv = m_volumes->indexer().getByKey(name);
    if (pv.isNull()) {
        SyncOutcome o = SyncOutcome::success(QStringLiteral("gone"),
                                             QStringLiteral("volume %1 deleted already").arg(name));
        o.objectKey = name;
        finish(o);
        return;
    }
    if (!rules::isProvisionerForVolume(pv, knownNames())) {
        SyncOutcome o = SyncOutcome::success(
            QStringLiteral("kept"),
            QStringLiteral("not provisioned by %1").arg(m_opts.provisionerName));
        o.objectKey = name;
        finish(o);
        return;
    }
    const QString path = KubeClient::objectPath({}, QStringLiteral("v1"),
                                                QStringLiteral("persistentvolumes"), {}, name);
    auto decide = [this, name, worker, finish](const Object &current) {
        const rules::Decision d = rules::shouldDelete(current, m_opts.addFinalizer);
        if (!d.yes) {
            SyncOutcome o = SyncOutcome::success(QStringLiteral("kept"), d.why);
            o.objectKey = name;
            finish(o);
            return;
        }
        deleteVolumeOperation(current, worker, finish);
    };
    if (const auto fin = wantedFinalizers(pv, m_opts.addFinalizer)) {
        m_client->patch(
            path, finalizersPatch(*fin), "application/merge-patch+json",
            [name, finish, decide](const KubeClient::Result &r) {
                if (!r.ok) {
                    SyncOutcome o = SyncOutcome::failure(r.error.describe(), r.error);
                    o.objectKey = name;
                    finish(o);
                    return;
                }
                decide(r.object);
            },
            tag(worker, name, name));
        return;
    }
    decide(pv);
}

void ProvisionController::deleteVolumeOperation(const Object &pv, QueueWorker *worker,
                                                QueueWorker::Finish finish)
{
    const QString name = pv.name();
    const QString cls = pvClass(pv);
    const KubeClient::Tag t = tag(worker, name, name);
    const ProvisionerCall call{QStringLiteral("delete"), name, t, name, cls};
    recordCalled(call);
    const qint64 calledMs = m_clock->nowMs();
    m_provisioner->remove(pv, [this, pv, name, cls, t, call, calledMs,
                               finish](const DeleteResult &r) {
        recordReturned(call, QStringLiteral("Finished"), r.error, r.injected, calledMs);
        if (r.ignored) {
            SyncOutcome o = SyncOutcome::success(QStringLiteral("kept"), r.error);
            o.objectKey = name;
            finish(o);
            return;
        }
        if (!r.ok()) {
            ++m_metrics.deleteFailedTotal[cls];
            m_events.event(pv, QStringLiteral("Warning"), QStringLiteral("VolumeFailedDelete"),
                           r.error, t);
            SyncOutcome o = SyncOutcome::failure(r.error);
            o.objectKey = name;
            finish(o);
            return;
        }
        const QString path = KubeClient::objectPath({}, QStringLiteral("v1"),
                                                    QStringLiteral("persistentvolumes"), {}, name);
        m_client->remove(
            path,
            [this, pv, name, cls, path, t, finish](const KubeClient::Result &dr) {
                if (!dr.ok && !dr.error.isNotFound()) {
                    ++m_metrics.deleteFailedTotal[cls];
                    SyncOutcome o = SyncOutcome::failure(dr.error.describe(), dr.error);
                    o.objectKey = name;
                    finish(o);
                    return;
                }
                ++m_metrics.deleteTotal[cls];
                SyncOutcome o = SyncOutcome::success(
                    QStringLiteral("deleted"),
                    QStringLiteral("volume %1 and its storage deleted").arg(name));
                o.objectKey = name;
                // With AddFinalizer: our finalizer comes off after the DELETE, from the
                // volume as the cache holds it now.
                const Object now = m_volumes->indexer().getByKey(name);
                const QJsonArray fin = now.isNull() ? QJsonArray()
                                                    : now.json()
                                                          .value(QLatin1String("metadata"))
                                                          .toObject()
                                                          .value(QLatin1String("finalizers"))
                                                          .toArray();
                if (!m_opts.addFinalizer || now.isNull() || !fin.contains(rules::kFinalizerPV)) {
                    finish(o);
                    return;
                }
                QJsonArray less;
                for (const QJsonValue &v : fin)
                    if (v.toString() != rules::kFinalizerPV)
                        less.append(v);
                m_client->patch(
                    path, finalizersPatch(less), "application/merge-patch+json",
                    [o, finish](const KubeClient::Result &pr) {
                        if (!pr.ok && !pr.error.isNotFound()) {
                            SyncOutcome f = SyncOutcome::failure(pr.error.describe(), pr.error);
                            f.objectKey = o.objectKey;
                            finish(f);
                            return;
                        }
                        finish(o);
                    },
                    t);
            },
            t);
    });
}

} // namespace lens::controller
