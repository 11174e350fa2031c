// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QJsonObject>
#include <QList>
#include <QRandomGenerator>
#include <QStringList>

namespace lens::sim {

class Store;
class WriteStrategy;

/// The seed data of the simulated cluster, built from real objects: the k9s project's test data
/// (github.com/derailed/k9s, Apache License 2.0), embedded as Qt resources under
/// ":/lens/sim/fixtures/k9s/" (see resources/fixtures/k9s/NOTICE).
class Fixtures {
public:
    /// Pods seeded when no count is given.
    static constexpr int DefaultPodCount = 16;

    /// One embedded fixture object by file name ("render-po.json"); empty when missing.
    static QJsonObject load(const QString &fileName);
    /// The pod templates (real pods: nginx with/without init containers, a sidecar pod, an
    /// operator pod owned by a ReplicaSet, ...), in a fixed order.
    static QList<QJsonObject> podTemplates();
    /// Namespaces the seed uses: default, kube-system, shop, analytics.
    static QStringList namespaces();
    /// Nodes the seeded pods are scheduled on.
    static QStringList nodeNames();

    /// A new pod derived from `tmpl`: a fresh name (the template's generateName, or its name
    /// plus "-", followed by 5 random characters), uid from `rng`, namespace `ns`, a "tier"
    /// label, a node from nodeNames(); server-set fields (resourceVersion, creationTimestamp,
    /// selfLink, managedFields, last-applied annotation) removed. Deterministic for a given rng.
    static QJsonObject makePod(const QJsonObject &tmpl, const QString &ns, QRandomGenerator &rng);
    /// A new object from any fixture (not pods: see makePod()): server-set fields removed, then
    /// `name` and, when not empty, `ns` set. For scenarios' create steps.
    static QJsonObject fromTemplate(const QJsonObject &tmpl, const QString &ns,
                                    const QString &name);
    /// A uid (RFC 4122 version 4 layout) drawn from `rng`.
    static QString makeUid(QRandomGenerator &rng);

    /// Seeds an empty store: the namespaces, two nodes, a ConfigMap and two Services from the
    /// fixtures, and `pods` pods (negative = DefaultPodCount) spread over the namespaces.
    /// The same `seed` yields the same names, uids and labels.
    static void seed(Store *store, int pods = -1, quint32 seed = 1);
    /// Creates the namespaces of `names` that do not exist yet, each like the seeded ones
    /// (uids from `seed`, drawn apart from seed()'s so its objects do not change).
    static void addNamespaces(Store *store, const QStringList &names, quint32 seed = 1);
    /// The provisioner name of the seeded StorageClass: the built-in example provisioner
    /// answers to it.
    static constexpr char StorageProvisioner[] = "lens.example.com/hostpath";
    /// Seeds the storage a fresh cluster has (after seed()): the default StorageClass
    /// "standard" (provisioner StorageProvisioner, reclaimPolicy Delete, Immediate, annotated
    /// storageclass.kubernetes.io/is-default-class "true") and three claims in "default":
    /// data-0 and data-1 (1Gi) and logs (2Gi), ReadWriteOnce, without a class (admission gives
    /// them "standard"). Created through `strategy` (defaults, admission), uids from `seed`.
    /// Nothing provisions them until a provisioner for the class runs, as on a real cluster.
    /// `claims` false: the class alone.
    static void seedStorage(const WriteStrategy &strategy, quint32 seed = 1, bool claims = true);
    /// A new claim `name` in `ns` requesting `size` ("1Gi") with ReadWriteOnce and no class.
    static QJsonObject makeClaim(const QString &ns, const QString &name, const QString &size);
};

} // namespace lens::sim
