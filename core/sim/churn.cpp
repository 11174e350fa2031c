// SPDX-License-Identifier: Apache-2.0
#include "churn.h"

#include "fixtures.h"
#include "store.h"
#include "writestrategy.h"

#include <QDateTime>
#include <QJsonArray>

namespace lens::sim {

namespace {
const QString kPods = QStringLiteral("pods");
const QString kMeta = QStringLiteral("metadata");
} // namespace

ChurnGenerator::ChurnGenerator(Store *store, QObject *parent)
    : QObject(parent), m_store(store), m_rng(1), m_claimRng(1 ^ 0xc1a1u),
      m_templates(Fixtures::podTemplates())
{
    connect(&m_timer, &QTimer::timeout, this, [this] {
        step();
        if (m_claimEvery > 0 && ++m_ticks % quint64(m_claimEvery) == 0)
            claimStep();
    });
}

ChurnGenerator::~ChurnGenerator() = default;

void ChurnGenerator::setSeed(quint32 seed)
{
    m_seed = seed;
    m_rng.seed(seed);
    m_claimRng.seed(seed ^ 0xc1a1u);
}

void ChurnGenerator::setIntervalMs(int ms)
{
    m_intervalMs = qMax(0, ms);
    if (m_intervalMs > 0)
        m_timer.start(m_intervalMs);
    else
        m_timer.stop();
}

void ChurnGenerator::setPodBand(int minPods, int maxPods)
{
    m_min = qMax(0, minPods);
    m_max = qMax(m_min, maxPods);
}

QString ChurnGenerator::step()
{
    const int n = m_store->count(kPods);
    QString did;
    if (n < m_min || n == 0) {
        did = create();
    } else if (n >= m_max) {
        did = removeOne();
    } else {
        const int roll = int(m_rng.bounded(100));
        did = roll < 30 ? create() : roll < 75 ? update() : removeOne();
    }
    if (!did.isEmpty())
        Q_EMIT stepped(did);
    return did;
}

QString ChurnGenerator::create()
{
    const QStringList nss = m_store->namespaceNames();
    if (m_templates.isEmpty() || nss.isEmpty())
        return {};
    const QJsonObject &tmpl = m_templates.at(int(m_rng.bounded(int(m_templates.size()))));
    const QString ns = nss.at(int(m_rng.bounded(int(nss.size()))));
    const Store::WriterScope scope(m_store, {QLatin1String(FieldManagerName), QString()});
    const WriteResult r = m_store->create(kPods, Fixtures::makePod(tmpl, ns, m_rng));
    if (!r.ok())
        return {};
    return QStringLiteral("created %1/%2").arg(ns, r.object.name());
}

QString ChurnGenerator::update()
{
    const int pods = m_store->count(kPods);
    if (pods == 0)
        return {};
    const lens::Object pod = m_store->objectAt(kPods, int(m_rng.bounded(pods)));
    QJsonObject json = pod.json();
    QJsonObject meta = json.value(kMeta).toObject();
    QString what;
    ++m_counter;
    switch (m_rng.bounded(3)) {
    case 0: {
        QJsonObject labels = meta.value(QStringLiteral("labels")).toObject();
        const QString v = QStringLiteral("v%1").arg(m_counter);
        labels.insert(QStringLiteral("version"), v);
        meta.insert(QStringLiteral("labels"), labels);
        what = QStringLiteral("label version=%1").arg(v);
        break;
    }
    case 1: {
        QJsonObject ann = meta.value(QStringLiteral("annotations")).toObject();
        const QString v = QDateTime::currentDateTimeUtc().toString(Qt::ISODate);
        ann.insert(QStringLiteral("sim.lens.io/touched"), v);
        meta.insert(QStringLiteral("annotations"), ann);
        what = QStringLiteral("annotation sim.lens.io/touched=%1").arg(v);
        break;
    }
    default: {
        QJsonObject status = json.value(QStringLiteral("status")).toObject();
        static const char *phases[] = {"Pending", "Running", "Running", "Succeeded", "Failed"};
        const QString phase = QLatin1String(phases[m_rng.bounded(5)]);
        status.insert(QStringLiteral("phase"), phase);
        QJsonArray cs = status.value(QStringLiteral("containerStatuses")).toArray();
        if (!cs.isEmpty()) {
            QJsonObject first = cs.at(0).toObject();
            first.insert(QStringLiteral("restartCount"),
                         first.value(QStringLiteral("restartCount")).toInt() + 1);
            first.insert(QStringLiteral("ready"), phase == QLatin1String("Running"));
            cs.replace(0, first);
            status.insert(QStringLiteral("containerStatuses"), cs);
        }
        json.insert(QStringLiteral("status"), status);
        what = QStringLiteral("status phase=%1").arg(phase);
        break;
    }
    }
    json.insert(kMeta, meta);
    // managedFields: the status is the kubelet's (through pods/status), the rest churn's own.
    const bool status = what.startsWith(QLatin1String("status"));
    const Store::WriterScope scope(
        m_store, status ? FieldWriter{QStringLiteral("kubelet"), QStringLiteral("status")}
                        : FieldWriter{QLatin1String(FieldManagerName), QString()});
    const WriteResult r = m_store->update(kPods, json);
    if (!r.ok())
        return {};
    return QStringLiteral("updated %1/%2 (%3)").arg(pod.namespace_(), pod.name(), what);
}

QString ChurnGenerator::removeOne()
{
    const int pods = m_store->count(kPods);
    if (pods == 0)
        return {};
    const lens::Object pod = m_store->objectAt(kPods, int(m_rng.bounded(pods)));
    const WriteResult r = m_store->remove(kPods, pod.namespace_(), pod.name());
    if (!r.ok())
        return {};
    return QStringLiteral("deleted %1/%2").arg(pod.namespace_(), pod.name());
}

QString ChurnGenerator::claimStep()
{
    const QString resource = QStringLiteral("persistentvolumeclaims");
    QList<lens::Object> live, deletable;
    const QList<lens::Object> all = m_store->objects(resource);
    for (const lens::Object &c : all)
        if (c.deletionTimestamp().isEmpty()) {
            live << c;
            if (isChurnsClaim(c))
                deletable << c;
        }
    QString did;
    if (live.size() < 2 || (live.size() < 8 && m_claimRng.bounded(2) == 0)) {
        static const char *nss[] = {"default", "shop"};
        const QString ns = QLatin1String(nss[m_claimRng.bounded(2)]);
        QString name = QStringLiteral("claim-");
        static const char alphabet[] = "bcdfghjklmnpqrstvwxz2456789";
        for (int i = 0; i < 5; ++i)
            name += QLatin1Char(alphabet[m_claimRng.bounded(int(sizeof alphabet) - 1)]);
        const QString size = m_claimRng.bounded(2) ? QStringLiteral("2Gi") : QStringLiteral("1Gi");
        if (WriteStrategy(m_store, QLatin1String(FieldManagerName))
                .create(resource, Fixtures::makeClaim(ns, name, size))
                .ok())
            did = QStringLiteral("created claim %1/%2").arg(ns, name);
    } else if (!deletable.isEmpty()) { // else every claim left is a user's: left alone
        const lens::Object &c = deletable.at(int(m_claimRng.bounded(int(deletable.size()))));
        if (m_store->remove(resource, c.namespace_(), c.name()).ok())
            did = QStringLiteral("deleted claim %1/%2").arg(c.namespace_(), c.name());
    }
    if (!did.isEmpty())
        Q_EMIT stepped(did);
    return did;
}

bool ChurnGenerator::isChurnsClaim(const lens::Object &claim)
{
    const QJsonArray fields = claim.json()
                                  .value(QStringLiteral("metadata"))
                                  .toObject()
                                  .value(QStringLiteral("managedFields"))
                                  .toArray();
    if (fields.isEmpty())
        return false;
    for (const QJsonValue &f : fields) {
        const QString manager = f.toObject().value(QStringLiteral("manager")).toString();
        if (manager != QLatin1String(FieldManagerName) &&
            manager != QLatin1String(Store::DefaultManager) &&
            manager != QLatin1String("kube-controller-manager"))
            return false;
    }
    return true;
}

} // namespace lens::sim
