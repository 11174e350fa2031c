// SPDX-License-Identifier: Apache-2.0
#include "fixtures.h"

#include "store.h"
#include "writestrategy.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QUuid>

namespace lens::sim {

namespace {
const QString kMeta = QStringLiteral("metadata");

QString suffix(QRandomGenerator &rng)
{
    static const char alphabet[] = "bcdfghjklmnpqrstvwxz2456789";
    QString s;
    for (int i = 0; i < 5; ++i)
        s += QLatin1Char(alphabet[rng.bounded(int(sizeof alphabet) - 1)]);
    return s;
}

/// Drops what the server sets or what would contradict the new identity.
QJsonObject cleanMeta(QJsonObject meta)
{
    for (const char *k : {"uid", "resourceVersion", "creationTimestamp", "selfLink",
                          "managedFields", "generation", "deletionTimestamp"})
        meta.remove(QLatin1String(k));
    QJsonObject ann = meta.value(QStringLiteral("annotations")).toObject();
    ann.remove(QStringLiteral("kubectl.kubernetes.io/last-applied-configuration"));
    if (ann.isEmpty())
        meta.remove(QStringLiteral("annotations"));
    else
        meta.insert(QStringLiteral("annotations"), ann);
    return meta;
}
} // namespace

QJsonObject Fixtures::load(const QString &fileName)
{
    QFile f(QStringLiteral(":/lens/sim/fixtures/k9s/") + fileName);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return QJsonDocument::fromJson(f.readAll()).object();
}

QList<QJsonObject> Fixtures::podTemplates()
{
    QList<QJsonObject> out;
    for (const char *name : {"render-po.json", "dao-p1.json", "render-po_init.json",
                             "render-po_sidecar.json", "xray-init.json", "xray-cilium.json"}) {
        const QJsonObject o = load(QLatin1String(name));
        if (!o.isEmpty())
            out << o;
    }
    return out;
}

QStringList Fixtures::namespaces()
{
    return {QStringLiteral("default"), QStringLiteral("kube-system"), QStringLiteral("shop"),
            QStringLiteral("analytics")};
}

QStringList Fixtures::nodeNames()
{
    return {QStringLiteral("minikube"), QStringLiteral("lens-sim-worker")};
}

QString Fixtures::makeUid(QRandomGenerator &rng)
{
    quint8 b[16];
    for (quint8 &x : b)
        x = quint8(rng.bounded(256));
    b[6] = quint8((b[6] & 0x0f) | 0x40); // version 4
    b[8] = quint8((b[8] & 0x3f) | 0x80); // RFC 4122 variant
    const QByteArray bytes(reinterpret_cast<const char *>(b), 16);
    return QUuid::fromRfc4122(bytes).toString(QUuid::WithoutBraces);
}

namespace {

/// A pod template with what every pod made from it shares worked out once: the cleaned
/// metadata, the name prefix, the labels with "app", the spec. makePod() from one of these
/// only fills in what differs (the seed of 150 000 pods makes them from six templates).
struct PodTemplate {
    QJsonObject pod;
    QJsonObject meta;
    QString base;
    QJsonObject labels;
    QJsonObject spec;

    explicit PodTemplate(const QJsonObject &tmpl)
        : pod(tmpl), meta(cleanMeta(tmpl.value(kMeta).toObject())),
          spec(tmpl.value(QStringLiteral("spec")).toObject())
    {
        base = meta.value(QStringLiteral("generateName")).toString();
        if (base.isEmpty())
            base = meta.value(QStringLiteral("name")).toString() + QLatin1Char('-');
        labels = meta.value(QStringLiteral("labels")).toObject();
        if (!labels.contains(QStringLiteral("app")))
            labels.insert(QStringLiteral("app"), base.left(base.indexOf(QLatin1Char('-'))));
    }

    /// The managedFields a real cluster's pod of this shape carries, written at `now`: its
    /// creator's (kube-controller-manager for a pod with an owner, else kubectl-create) over
    /// everything but spec.nodeName (set through pods/binding, which no manager owns) and the
    /// kubelet's over status. The same for every pod of the template (FieldsV1 names label
    /// keys, container names and owner uids, which the pods share).
    QJsonArray managedFields(const QString &now) const
    {
        if (now != m_managedTime) {
            QJsonObject main = pod;
            QJsonObject m = meta;
            QJsonObject l = labels; // make() adds "tier"
            l.insert(QStringLiteral("tier"), QString());
            m.insert(QStringLiteral("labels"), l);
            main.insert(kMeta, m);
            QJsonObject s = spec;
            s.remove(QStringLiteral("nodeName"));
            main.insert(QStringLiteral("spec"), s);
            const bool owned = !meta.value(u"ownerReferences").toArray().isEmpty();
            auto entry = [&](const char *manager, const QJsonObject &fields) {
                return QJsonObject{{QStringLiteral("manager"), QLatin1String(manager)},
                                   {QStringLiteral("operation"), QStringLiteral("Update")},
                                   {QStringLiteral("apiVersion"), QStringLiteral("v1")},
                                   {QStringLiteral("time"), now},
                                   {QStringLiteral("fieldsType"), QStringLiteral("FieldsV1")},
                                   {QStringLiteral("fieldsV1"), fields}};
            };
            QJsonArray out{entry(owned ? "kube-controller-manager" : "kubectl-create",
                                 FieldManager::fieldsV1(main))};
            if (pod.contains(QStringLiteral("status"))) {
                QJsonObject status =
                    entry("kubelet", FieldManager::fieldsV1(pod, QStringLiteral("status")));
                status.insert(QStringLiteral("subresource"), QStringLiteral("status"));
                out.append(status);
            }
            m_managedTime = now;
            m_managed = out;
        }
        return m_managed;
    }

    /// What differs between the pods of this template: the random draws, in the order
    /// makePod() has always made them (name suffix, uid, tier, node), so a seed gives the same
    /// pods as before.
    struct Draw {
        QString name;
        QString uid;
        QString tier;
        QString node;
    };
    Draw draw(QRandomGenerator &rng) const
    {
        static const QStringList tiers = {QStringLiteral("frontend"), QStringLiteral("backend"),
                                          QStringLiteral("cache"), QStringLiteral("batch")};
        static const QStringList nodes = Fixtures::nodeNames();
        Draw d;
        d.name = base + suffix(rng);
        d.uid = Fixtures::makeUid(rng);
        d.tier = tiers.at(int(rng.bounded(4)));
        d.node = nodes.at(int(rng.bounded(int(nodes.size()))));
        return d;
    }

    /// The pod of `d`. With `now`, it carries the managedFields written then
    /// (managedFields()); without, the store makes them.
    QJsonObject make(const QString &ns, const Draw &d, const QString &now = {}) const
    {
        QJsonObject m = meta;
        m.insert(QStringLiteral("name"), d.name);
        m.insert(QStringLiteral("namespace"), ns);
        m.insert(QStringLiteral("uid"), d.uid);
        QJsonObject l = labels;
        l.insert(QStringLiteral("tier"), d.tier);
        m.insert(QStringLiteral("labels"), l);
        if (!now.isEmpty())
            m.insert(QStringLiteral("managedFields"), managedFields(now));
        QJsonObject out = pod;
        out.insert(kMeta, m);
        QJsonObject s = spec;
        s.insert(QStringLiteral("nodeName"), d.node);
        out.insert(QStringLiteral("spec"), s);
        return out;
    }

    /// The pod with holes for Store::createFrom() (Store::prepareCreates() adds name,
    /// namespace and the creation stamps): uid, tier and node are the extra slots 0, 1 and 2,
    /// and the managedFields are written at the creation time, as make() with `now`.
    QJsonObject withHoles() const
    {
        using T = Store::CreateTemplate;
        Draw d;
        d.uid = JsonTemplate::marker(T::FirstFree);
        d.tier = JsonTemplate::marker(T::FirstFree + 1);
        d.node = JsonTemplate::marker(T::FirstFree + 2);
        return make(QString(), d, JsonTemplate::marker(T::CreationTimestamp));
    }

    /// Kube-system pods stay there; the others spread over the seeded namespaces.
    bool systemPod() const { return meta.value(u"namespace") == QLatin1String("kube-system"); }

private:
    mutable QString m_managedTime;
    mutable QJsonArray m_managed;
};

} // namespace

QJsonObject Fixtures::makePod(const QJsonObject &tmpl, const QString &ns, QRandomGenerator &rng)
{
    const PodTemplate t(tmpl);
    return t.make(ns, t.draw(rng));
}

QJsonObject Fixtures::fromTemplate(const QJsonObject &tmpl, const QString &ns, const QString &name)
{
    QJsonObject o = tmpl;
    QJsonObject meta = cleanMeta(tmpl.value(kMeta).toObject());
    meta.remove(QStringLiteral("generateName"));
    meta.insert(QStringLiteral("name"), name);
    if (!ns.isEmpty())
        meta.insert(QStringLiteral("namespace"), ns);
    o.insert(kMeta, meta);
    return o;
}

namespace {
/// The real Namespace (xray-ns.json) renamed `name`, with a uid from `rng` and the
/// kubernetes.io/metadata.name label the API server sets.
void createNamespace(Store *store, const QJsonObject &nsTemplate, const QString &name,
                     QRandomGenerator &rng)
{
    QJsonObject ns = nsTemplate;
    QJsonObject meta = cleanMeta(nsTemplate.value(kMeta).toObject());
    meta.insert(QStringLiteral("name"), name);
    meta.insert(QStringLiteral("uid"), Fixtures::makeUid(rng));
    QJsonObject labels;
    labels.insert(QStringLiteral("kubernetes.io/metadata.name"), name);
    meta.insert(QStringLiteral("labels"), labels);
    ns.insert(kMeta, meta);
    store->create(QStringLiteral("namespaces"), ns);
}
} // namespace

void Fixtures::addNamespaces(Store *store, const QStringList &names, quint32 seed)
{
    QRandomGenerator rng(seed ^ 0x6e73u); // apart from seed()'s draws: its objects stay as they are
    const QJsonObject nsTemplate = load(QStringLiteral("xray-ns.json"));
    for (const QString &name : names)
        if (store->get(QStringLiteral("namespaces"), {}, name).isNull())
            createNamespace(store, nsTemplate, name, rng);
}

void Fixtures::seed(Store *store, int pods, quint32 seed)
{
    QRandomGenerator rng(seed);
    const QJsonObject nsTemplate = load(QStringLiteral("xray-ns.json"));
    for (const QString &name : namespaces())
        createNamespace(store, nsTemplate, name, rng);
    const QStringList nodes = nodeNames();
    const QStringList nodeFiles = {QStringLiteral("render-no.json"), QStringLiteral("dao-n1.json")};
    for (int i = 0; i < nodes.size() && i < nodeFiles.size(); ++i) {
        QJsonObject node = load(nodeFiles[i]);
        if (node.isEmpty())
            continue;
        QJsonObject meta = cleanMeta(node.value(kMeta).toObject());
        meta.insert(QStringLiteral("name"), nodes[i]);
        meta.insert(QStringLiteral("uid"), makeUid(rng));
        QJsonObject labels = meta.value(QStringLiteral("labels")).toObject();
        labels.insert(QStringLiteral("kubernetes.io/hostname"), nodes[i]);
        meta.insert(QStringLiteral("labels"), labels);
        node.insert(kMeta, meta);
        store->create(QStringLiteral("nodes"), node);
    }
    const QList<QPair<QString, QString>> others = {
        {QStringLiteral("configmaps"), QStringLiteral("render-cm.json")},
        {QStringLiteral("services"), QStringLiteral("render-svc.json")},
        {QStringLiteral("services"), QStringLiteral("xray-svc.json")},
        {QStringLiteral("secrets"), QStringLiteral("render-sec.json")},
        {QStringLiteral("endpoints"), QStringLiteral("render-ep.json")},
        {QStringLiteral("events"), QStringLiteral("render-ev.json")},
        {QStringLiteral("serviceaccounts"), QStringLiteral("render-sa.json")},
        {QStringLiteral("deployments.apps"), QStringLiteral("render-dp.json")},
        {QStringLiteral("replicasets.apps"), QStringLiteral("render-rs.json")},
        {QStringLiteral("statefulsets.apps"), QStringLiteral("render-sts.json")},
        {QStringLiteral("daemonsets.apps"), QStringLiteral("render-ds.json")},
        {QStringLiteral("jobs.batch"), QStringLiteral("render-job.json")},
        {QStringLiteral("cronjobs.batch"), QStringLiteral("render-cj.json")},
        {QStringLiteral("customresourcedefinitions.apiextensions.k8s.io"),
         QStringLiteral("render-crd.json")}};
    const QStringList known = namespaces();
    for (const auto &[resource, file] : others) {
        QJsonObject o = load(file);
        if (o.isEmpty())
            continue;
        QJsonObject meta = cleanMeta(o.value(kMeta).toObject());
        meta.insert(QStringLiteral("uid"), makeUid(rng));
        // Objects from namespaces the seed does not create (icx, ns-1) move to "default".
        const QString ns = meta.value(QStringLiteral("namespace")).toString();
        if (!ns.isEmpty() && !known.contains(ns))
            meta.insert(QStringLiteral("namespace"), QStringLiteral("default"));
        o.insert(kMeta, meta);
        // The store sets kind/apiVersion from the resource (render-cj.json is batch/v1beta1,
        // render-rs.json says networking.k8s.io/v1: both are served as their v1 group).
        store->create(resource, o);
    }

    QList<PodTemplate> templates;
    QList<Store::CreateTemplate> prepared;
    for (const QJsonObject &t : podTemplates()) {
        templates.append(PodTemplate(t));
        prepared.append(
            store->prepareCreates(QStringLiteral("pods"), templates.last().withHoles(), 3));
    }
    if (templates.isEmpty())
        return;
    const QStringList nss = namespaces();
    const int n = pods < 0 ? DefaultPodCount : pods;
    for (int i = 0; i < n; ++i) {
        const PodTemplate &tmpl = templates.at(i % templates.size());
        const Store::CreateTemplate &ct = prepared.at(i % templates.size());
        const QString ns =
            tmpl.systemPod() ? QStringLiteral("kube-system") : nss.at(i % nss.size());
        // A generated name can collide (5 random characters, as generateName): draw again, so
        // exactly `pods` pods exist. The pod's bytes come from its template's holes
        // (createFrom(): the same object create() would store, built several times faster).
        for (;;) {
            const PodTemplate::Draw d = tmpl.draw(rng);
            const QStringView extra[] = {d.uid, d.tier, d.node};
            const WriteResult r =
                ct.isValid()
                    ? store->createFrom(ct, ns, d.name, extra)
                    : store->create(QStringLiteral("pods"), tmpl.make(ns, d, store->nowRfc3339()));
            if (r.error.code != 409)
                break;
        }
    }
}

QJsonObject Fixtures::makeClaim(const QString &ns, const QString &name, const QString &size)
{
    return QJsonObject{
        {QStringLiteral("apiVersion"), QStringLiteral("v1")},
        {QStringLiteral("kind"), QStringLiteral("PersistentVolumeClaim")},
        {kMeta, QJsonObject{{QStringLiteral("name"), name}, {QStringLiteral("namespace"), ns}}},
        {QStringLiteral("spec"),
         QJsonObject{{QStringLiteral("accessModes"), QJsonArray{QStringLiteral("ReadWriteOnce")}},
                     {QStringLiteral("resources"),
                      QJsonObject{{QStringLiteral("requests"),
                                   QJsonObject{{QStringLiteral("storage"), size}}}}}}}};
}

void Fixtures::seedStorage(const WriteStrategy &strategy, quint32 seed, bool withClaims)
{
    QRandomGenerator rng(seed ^ 0x5707a6e5u);
    const QJsonObject standard{
        {QStringLiteral("apiVersion"), QStringLiteral("storage.k8s.io/v1")},
        {QStringLiteral("kind"), QStringLiteral("StorageClass")},
        {kMeta, QJsonObject{{QStringLiteral("name"), QStringLiteral("standard")},
                            {QStringLiteral("uid"), makeUid(rng)},
                            {QStringLiteral("annotations"),
                             QJsonObject{{QStringLiteral("storageclass.kubernetes.io/"
                                                         "is-default-class"),
                                          QStringLiteral("true")}}}}},
        {QStringLiteral("provisioner"), QLatin1String(StorageProvisioner)},
        {QStringLiteral("reclaimPolicy"), QStringLiteral("Delete")},
        {QStringLiteral("volumeBindingMode"), QStringLiteral("Immediate")}};
    strategy.create(QStringLiteral("storageclasses.storage.k8s.io"), standard);
    if (!withClaims)
        return;
    const QList<QPair<const char *, const char *>> claims = {
        {"data-0", "1Gi"}, {"data-1", "1Gi"}, {"logs", "2Gi"}};
    for (const auto &[name, size] : claims) {
        QJsonObject claim =
            makeClaim(QStringLiteral("default"), QLatin1String(name), QLatin1String(size));
        QJsonObject meta = claim.value(kMeta).toObject();
        meta.insert(QStringLiteral("uid"), makeUid(rng));
        claim.insert(kMeta, meta);
        strategy.create(QStringLiteral("persistentvolumeclaims"), claim);
    }
}

} // namespace lens::sim
