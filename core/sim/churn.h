// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/object.h"

#include <QJsonObject>
#include <QList>
#include <QObject>
#include <QRandomGenerator>
#include <QTimer>

namespace lens::sim {

class Store;

/// Background activity for the simulated cluster: every intervalMs() one random pod write —
/// create (from the embedded k9s pod templates), update (label, annotation, or status phase /
/// restart count) or delete — keeping the pod count within [minPods(), maxPods()]; and, every
/// claimEvery()-th tick besides, one PersistentVolumeClaim created (1Gi or 2Gi, ReadWriteOnce,
/// the default class, through the WriteStrategy like a kubectl create) or deleted, keeping
/// the claim count within [2, 8]. It deletes only claims the built-in cluster wrote itself
/// (isChurnsClaim: the seeded claims and its own): a claim a user made (kubectl create, the
/// Simulator panel, a client) is never deleted by churn, so a learner can follow it to Bound
/// and delete it when they choose. All writes go through the Store, so watches and lists see
/// them like any other write. The claims draw from their own random generator, so the pod
/// sequence is the same with or without them.
///
/// Reproducible: the choices (and the names and uids of created pods) come from a
/// QRandomGenerator seeded with seed(); the same seed and the same store state give the same
/// sequence. (Timestamps are real time.)
class ChurnGenerator : public QObject {
    Q_OBJECT
public:
    /// The field manager its writes name in metadata.managedFields (status changes are the
    /// kubelet's, through pods/status).
    static constexpr const char *FieldManagerName = "informer-lens-churn";
    /// `store` must outlive the generator. Starts switched off (intervalMs() == 0).
    explicit ChurnGenerator(Store *store, QObject *parent = nullptr);
    ~ChurnGenerator() override;

    /// Reseeds the random generator (default seed 1).
    void setSeed(quint32 seed);
    quint32 seed() const { return m_seed; }

    /// Milliseconds between writes; 0 switches churn off. Takes effect at once.
    Q_INVOKABLE void setIntervalMs(int ms);
    int intervalMs() const { return m_intervalMs; }

    /// The pod-count band kept by the generator (default 8..25). max is raised to min if lower.
    void setPodBand(int minPods, int maxPods);
    int minPods() const { return m_min; }
    int maxPods() const { return m_max; }

    /// Performs one random write now and returns what it did, e.g. "created shop/nginx-x7k2p",
    /// "updated default/sleep-2bd5q (label version=v3)", "deleted analytics/web-q8z4r".
    Q_INVOKABLE QString step();
    /// Creates or deletes one claim now and returns what it did ("created claim
    /// default/claim-x7k2p", "deleted claim shop/claim-q8z4r").
    Q_INVOKABLE QString claimStep();
    /// True when `claim`'s metadata.managedFields name no writer but the built-in cluster's
    /// (FieldManagerName, the seeder's "informer-lens-sim", the controllers'
    /// "kube-controller-manager"): churn may delete it. A claim without managedFields is not.
    static bool isChurnsClaim(const lens::Object &claim);
    /// A claim write every `ticks` timer ticks (default 10); 0 = never.
    void setClaimEvery(int ticks) { m_claimEvery = qMax(0, ticks); }
    int claimEvery() const { return m_claimEvery; }

Q_SIGNALS:
    /// After each write done by step() (timer-driven or called directly).
    void stepped(const QString &description);

private:
    QString create();
    QString update();
    QString removeOne();

    Store *m_store;
    QTimer m_timer;
    QRandomGenerator m_rng;
    QRandomGenerator m_claimRng;
    int m_claimEvery = 10;
    quint64 m_ticks = 0;
    QList<QJsonObject> m_templates;
    quint32 m_seed = 1;
    int m_intervalMs = 0;
    int m_min = 8;
    int m_max = 25;
    int m_counter = 0;
};

} // namespace lens::sim
