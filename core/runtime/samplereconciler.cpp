// SPDX-License-Identifier: Apache-2.0
#include "samplereconciler.h"

#include "api/objectmeta.h"
#include "api/validation.h"
#include "client/kubeclient.h"
#include "informer/sharedinformer.h"
#include "trace/clock.h"
#include "trace/clocktimer.h"

#include <QJsonArray>
#include <QRegularExpression>
#include <QTimer>

namespace lens::runtime {

namespace {

const QString kObservedGeneration = QStringLiteral("lens.dev/observed-generation");
const QString kLastReconcile = QStringLiteral("lens.dev/last-reconcile");

QString configMapPath(const QString &ns, const QString &name)
{
    return KubeClient::objectPath({}, QStringLiteral("v1"), QStringLiteral("configmaps"), ns, name);
}

QStringList keyList(const QJsonValue &v, bool *ok)
{
    QStringList out;
    *ok = true;
    if (v.isString()) {
        if (!v.toString().isEmpty())
            out << v.toString();
        return out;
    }
    if (!v.isArray()) {
        *ok = false;
        return out;
    }
    for (const QJsonValue &k : v.toArray()) {
        if (!k.isString()) {
            *ok = false;
            return {};
        }
        out << k.toString();
    }
    return out;
}

/// One sync's writes and its latency: finish once both are over.
struct SyncState {
    SampleReconciler::Finish finish;
    int pendingWrites = 0;
    bool latencyOver = false;
    bool finished = false;
    QString error;
    Result result;

    void maybeFinish()
    {
        if (finished || pendingWrites > 0 || !latencyOver)
            return;
        finished = true;
        finish(error.isEmpty() ? Outcome::ok(result) : Outcome::failure(error));
    }
};

} // namespace

QStringList SampleSettings::keys()
{
    return {QStringLiteral("maxConcurrentReconciles"),
            QStringLiteral("usePriorityQueue"),
            QStringLiteral("reconcileLatencyMs"),
            QStringLiteral("requeueAfterMs"),
            QStringLiteral("failEvery"),
            QStringLiteral("terminalPattern"),
            QStringLiteral("hang"),
            QStringLiteral("panic"),
            QStringLiteral("namespace")};
}

QString SampleSettings::apply(const QJsonObject &json, QString *summary)
{
    SampleSettings s = *this;
    QStringList did;
    auto wholeNumber = [&](const QString &key, qint64 min, qint64 max, qint64 *out) -> QString {
        const QJsonValue v = json.value(key);
        const double d = v.toDouble(-1);
        if (!v.isDouble() || d < double(min) || d > double(max) || d != std::floor(d))
            return QStringLiteral("%1 needs a whole number from %2 to %3")
                .arg(key)
                .arg(min)
                .arg(max);
        *out = qint64(d);
        did << QStringLiteral("%1 %2").arg(key).arg(*out);
        return {};
    };
    for (auto it = json.begin(); it != json.end(); ++it) {
        const QString &key = it.key();
        QString err;
        qint64 n = 0;
        bool ok = true;
        if (key == QLatin1String("maxConcurrentReconciles")) {
            err = wholeNumber(key, 1, 64, &n);
            s.maxConcurrentReconciles = int(n);
        } else if (key == QLatin1String("usePriorityQueue")) {
            if (!it->isBool())
                err = QStringLiteral("usePriorityQueue needs true or false");
            s.usePriorityQueue = it->toBool();
            did << QStringLiteral("usePriorityQueue %1")
                       .arg(s.usePriorityQueue ? QStringLiteral("true") : QStringLiteral("false"));
        } else if (key == QLatin1String("reconcileLatencyMs")) {
            err = wholeNumber(key, 0, 3600000, &s.reconcileLatencyMs);
        } else if (key == QLatin1String("requeueAfterMs")) {
            err = wholeNumber(key, 0, 3600000, &s.requeueAfterMs);
        } else if (key == QLatin1String("failEvery")) {
            err = wholeNumber(key, 0, 1000000, &n);
            s.failEvery = int(n);
        } else if (key == QLatin1String("terminalPattern")) {
            s.terminalPattern = it->toString();
            if (!it->isString() || !QRegularExpression(s.terminalPattern).isValid())
                err = QStringLiteral("terminalPattern needs a regular expression (got %1)")
                          .arg(it->toVariant().toString());
            did << QStringLiteral("terminalPattern \"%1\"").arg(s.terminalPattern);
        } else if (key == QLatin1String("namespace")) {
            // A namespace name is a DNS-1123 label (apimachinery's ValidateNamespaceName).
            s.namespaceFilter = it->toString();
            if (!it->isString() ||
                (!s.namespaceFilter.isEmpty() && !dns1123LabelErrors(s.namespaceFilter).isEmpty()))
                err = QStringLiteral("namespace needs a namespace name (a DNS-1123 label) or \"\" "
                                     "for all (got %1)")
                          .arg(it->toVariant().toString());
            did << QStringLiteral("namespace \"%1\"").arg(s.namespaceFilter);
        } else if (key == QLatin1String("hang") || key == QLatin1String("panic")) {
            const QStringList keys = keyList(*it, &ok);
            if (!ok)
                err = QStringLiteral("%1 needs a key (namespace/name) or a list of them").arg(key);
            (key == QLatin1String("hang") ? s.hangKeys : s.panicKeys) = keys;
            did << QStringLiteral("%1 [%2]").arg(key, keys.join(QLatin1String(", ")));
        } else {
            err = QStringLiteral("unknown setting \"%1\" (known: %2)")
                      .arg(key, keys().join(QLatin1String(", ")));
        }
        if (!err.isEmpty())
            return err;
    }
    *this = s;
    if (summary)
        *summary = did.join(QLatin1String(", "));
    return {};
}

QJsonObject SampleSettings::toJson() const
{
    return {{QLatin1String("maxConcurrentReconciles"), maxConcurrentReconciles},
            {QLatin1String("usePriorityQueue"), usePriorityQueue},
            {QLatin1String("reconcileLatencyMs"), reconcileLatencyMs},
            {QLatin1String("requeueAfterMs"), requeueAfterMs},
            {QLatin1String("failEvery"), failEvery},
            {QLatin1String("terminalPattern"), terminalPattern},
            {QLatin1String("hang"), QJsonArray::fromStringList(hangKeys)},
            {QLatin1String("panic"), QJsonArray::fromStringList(panicKeys)},
            {QLatin1String("namespace"), namespaceFilter}};
}

SampleReconciler::SampleReconciler(SharedIndexInformer *configmaps, KubeClient *client,
                                   const Clock *clock, SampleSettings settings, QObject *parent)
    : QObject(parent), m_informer(configmaps), m_client(client), m_clock(clock),
      m_settings(std::move(settings))
{
}

SampleReconciler::~SampleReconciler() = default;

void SampleReconciler::afterLatency(qint64 startedMs, std::function<void()> then)
{
    const qint64 due = startedMs + m_settings.reconcileLatencyMs;
    if (m_settings.reconcileLatencyMs <= 0 || m_clock->nowMs() >= due) {
        QTimer::singleShot(0, this, std::move(then));
        return;
    }
    auto *t = new ClockTimer(m_clock, this);
    connect(t, &ClockTimer::timeout, this, [t, then = std::move(then)] {
        t->deleteLater();
        then();
    });
    t->startAt(due);
}

void SampleReconciler::reconcile(const QString &request, const ReconcileContext &ctx, Finish finish)
{
    const int n = ++m_count;
    const qint64 startedMs = m_clock->nowMs();
    if (m_settings.hangKeys.contains(request)) {
        m_hung.insert(request, std::move(finish)); // story 6.5: never returns until released
        return;
    }
    const QString name = request.section(QLatin1Char('/'), -1);
    std::optional<Outcome> fixed;
    if (m_settings.panicKeys.contains(request))
        fixed = Outcome::panicked(
            QStringLiteral("runtime-sample: %1 is in the panic set").arg(request));
    else if (!m_settings.terminalPattern.isEmpty() &&
             QRegularExpression(m_settings.terminalPattern).match(name).hasMatch())
        fixed = Outcome::terminalError(QStringLiteral("%1 matches the terminal pattern \"%2\"")
                                           .arg(request, m_settings.terminalPattern));
    else if (m_settings.failEvery > 0 && n % m_settings.failEvery == 0)
        fixed = Outcome::failure(QStringLiteral("injected failure: reconcile #%1 (every %2th "
                                                "fails)")
                                     .arg(n)
                                     .arg(m_settings.failEvery));
    if (fixed) {
        afterLatency(startedMs, [finish = std::move(finish), out = *fixed] { finish(out); });
        return;
    }
    auto st = std::make_shared<SyncState>();
    st->finish = std::move(finish);
    st->result.requeueAfterMs = m_settings.requeueAfterMs;
    st->pendingWrites = 1; // held until sync() has sent every write
    auto answered = [st](const QString &error) {
        if (!error.isEmpty() && st->error.isEmpty())
            st->error = error;
        --st->pendingWrites;
        st->maybeFinish();
    };
    sync(
        request, ctx, [st] { ++st->pendingWrites; }, answered);
    answered({}); // the hold
    afterLatency(startedMs, [this, st] {
        // The Result is decided at the end: a RequeueAfter changed meanwhile applies.
        st->result.requeueAfterMs = m_settings.requeueAfterMs;
        st->latencyOver = true;
        st->maybeFinish();
    });
}

void SampleReconciler::sync(const QString &request, const ReconcileContext &ctx,
                            const std::function<void()> &begin,
                            const std::function<void(const QString &error)> &answered)
{
    if (!m_informer) {
        begin();
        answered(QStringLiteral("the configmaps informer is gone"));
        return;
    }
    const Object parent = m_informer->indexer().getByKey(request);
    if (parent.isNull())
        return; // deleted: nothing to do (upstream the garbage collector removes the child)
    const QString ns = parent.namespace_();
    const QString childName = parent.name() + QStringLiteral("-copy");
    const QString childKey = ns + QLatin1Char('/') + childName;
    const QJsonObject parentJson = parent.json();
    const QJsonValue data = parentJson.value(QLatin1String("data"));
    const QJsonObject ownerRef{{QLatin1String("apiVersion"), QStringLiteral("v1")},
                               {QLatin1String("kind"), QStringLiteral("ConfigMap")},
                               {QLatin1String("name"), parent.name()},
                               {QLatin1String("uid"), parent.uid()},
                               {QLatin1String("controller"), true},
                               {QLatin1String("blockOwnerDeletion"), true}};
    const Object child = m_informer->indexer().getByKey(childKey);
    auto callback = [answered](const QString &what) {
        return [answered, what](const KubeClient::Result &r) {
            answered(r.ok ? QString()
                          : QStringLiteral("failed to %1: %2").arg(what, r.error.message));
        };
    };
    const KubeClient::Tag childTag{ctx.worker, request, childKey, ctx.controller};
    if (child.isNull()) {
        const QJsonObject meta{{QLatin1String("name"), childName},
                               {QLatin1String("namespace"), ns},
                               {QLatin1String("labels"), QJsonObject{{QLatin1String(kParentLabel),
                                                                      QStringLiteral("child")}}},
                               {QLatin1String("ownerReferences"), QJsonArray{ownerRef}}};
        QJsonObject obj{{QLatin1String("apiVersion"), QStringLiteral("v1")},
                        {QLatin1String("kind"), QStringLiteral("ConfigMap")},
                        {QLatin1String("metadata"), meta}};
        if (!data.isUndefined())
            obj.insert(QLatin1String("data"), data);
        begin();
        m_client->create(configMapPath(ns, {}), obj,
                         callback(QStringLiteral("create child %1").arg(childKey)), childTag);
    } else {
        QJsonObject obj = child.json();
        const QList<OwnerReference> refs = ownerReferences(child);
        const bool owned = std::any_of(refs.cbegin(), refs.cend(), [&](const OwnerReference &r) {
            return r.controller && r.uid == parent.uid();
        });
        if (!owned || obj.value(QLatin1String("data")) != data) {
            QJsonObject meta = obj.value(QLatin1String("metadata")).toObject();
            meta.insert(QLatin1String("ownerReferences"), QJsonArray{ownerRef});
            obj.insert(QLatin1String("metadata"), meta);
            if (data.isUndefined())
                obj.remove(QLatin1String("data"));
            else
                obj.insert(QLatin1String("data"), data);
            begin();
            m_client->update(configMapPath(ns, childName), obj,
                             callback(QStringLiteral("update child %1").arg(childKey)), childTag);
        }
    }
    // The status-like annotations, written only when they change (story 6.4).
    const QString observed = QString::number(objectGeneration(parent));
    const QString last =
        QStringLiteral("%1 has %2 keys").arg(childName).arg(data.toObject().size());
    const QMap<QString, QString> annotations = parent.annotations();
    if (annotations.value(kObservedGeneration) == observed &&
        annotations.value(kLastReconcile) == last)
        return;
    QJsonObject obj = parentJson;
    QJsonObject meta = obj.value(QLatin1String("metadata")).toObject();
    QJsonObject a = meta.value(QLatin1String("annotations")).toObject();
    a.insert(kObservedGeneration, observed);
    a.insert(kLastReconcile, last);
    meta.insert(QLatin1String("annotations"), a);
    obj.insert(QLatin1String("metadata"), meta);
    begin();
    m_client->update(configMapPath(ns, parent.name()), obj,
                     callback(QStringLiteral("update %1's annotations").arg(request)),
                     KubeClient::Tag{ctx.worker, request, request, ctx.controller});
}

void SampleReconciler::setSettings(const SampleSettings &settings)
{
    const bool rebuild = settings.maxConcurrentReconciles != m_settings.maxConcurrentReconciles ||
                         settings.usePriorityQueue != m_settings.usePriorityQueue ||
                         settings.namespaceFilter != m_settings.namespaceFilter;
    const QStringList released = [&] {
        QStringList out;
        for (const QString &k : m_hung.keys())
            if (!settings.hangKeys.contains(k))
                out << k;
        return out;
    }();
    m_settings = settings;
    for (const QString &k : released) {
        Finish f = m_hung.take(k);
        Result r;
        r.requeueAfterMs = m_settings.requeueAfterMs;
        f(Outcome::ok(r));
    }
    Q_EMIT settingsChanged();
    if (rebuild)
        Q_EMIT controllerOptionsChanged();
}

QString SampleReconciler::applySettings(const QJsonObject &json, QString *summary)
{
    SampleSettings s = m_settings;
    if (QString err = s.apply(json, summary); !err.isEmpty())
        return err;
    setSettings(s);
    return {};
}

#define LENS_SAMPLE_SETTER(fn, field, type)                                                        \
    void SampleReconciler::fn(type v)                                                              \
    {                                                                                              \
        SampleSettings s = m_settings;                                                             \
        s.field = v;                                                                               \
        setSettings(s);                                                                            \
    }
LENS_SAMPLE_SETTER(setReconcileLatencyMs, reconcileLatencyMs, qint64)
LENS_SAMPLE_SETTER(setFailEvery, failEvery, int)
LENS_SAMPLE_SETTER(setTerminalPattern, terminalPattern, const QString &)
LENS_SAMPLE_SETTER(setRequeueAfterMs, requeueAfterMs, qint64)
LENS_SAMPLE_SETTER(setHangKeys, hangKeys, const QStringList &)
LENS_SAMPLE_SETTER(setPanicKeys, panicKeys, const QStringList &)
LENS_SAMPLE_SETTER(setMaxConcurrentReconciles, maxConcurrentReconciles, int)
LENS_SAMPLE_SETTER(setUsePriorityQueue, usePriorityQueue, bool)
#undef LENS_SAMPLE_SETTER

} // namespace lens::runtime
