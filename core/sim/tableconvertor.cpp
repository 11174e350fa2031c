// SPDX-License-Identifier: Apache-2.0
#include "tableconvertor.h"

#include "api/labels.h"
#include "jsonbytes.h"
#include "storagehelpers.h"

#include <QJsonArray>
#include <QJsonDocument>

namespace lens::sim {

using namespace storage;

namespace {
struct Column {
    const char *name;
    int priority;
    const char *description;
};

const char *kName = "Name must be unique within a namespace. Is required when creating "
                    "resources, although some resources may allow a client to request the "
                    "generation of an appropriate name automatically. Name is primarily intended "
                    "for creation idempotence and configuration definition. Cannot be updated. "
                    "More info: https://kubernetes.io/docs/concepts/overview/working-with-objects/"
                    "names#names";
const char *kAge = "CreationTimestamp is a timestamp representing the server time when this "
                   "object was created.";

const char *kContainers = "Names of each container in the template.";
const char *kImages = "Images referenced by each container in the template.";

/// AddHandlers' column definitions, by the Store's name of the resource (ResourceType::key()).
QList<Column> columnsOf(const QString &resource)
{
    if (resource == QLatin1String("persistentvolumeclaims"))
        return {{"Name", 0, kName},
                {"Status", 0, "Phase represents the current phase of PersistentVolumeClaim."},
                {"Volume", 0,
                 "volumeName is the binding reference to the PersistentVolume "
                 "backing this claim."},
                {"Capacity", 0,
                 "capacity represents the actual resources of the underlying "
                 "volume."},
                {"Access Modes", 0,
                 "accessModes contains the actual access modes the volume "
                 "backing the PVC has."},
                {"StorageClass", 0, "StorageClass of the pvc"},
                {"VolumeAttributesClass", 0, "VolumeAttributesClass of the pvc"},
                {"Age", 0, kAge},
                {"VolumeMode", 1,
                 "volumeMode defines what type of volume is required by the "
                 "claim."}};
    if (resource == QLatin1String("persistentvolumes"))
        return {{"Name", 0, kName},
                {"Capacity", 0,
                 "capacity is the description of the persistent volume's "
                 "resources and capacity."},
                {"Access Modes", 0, "accessModes contains all ways the volume can be mounted."},
                {"Reclaim Policy", 0,
                 "persistentVolumeReclaimPolicy defines what happens to a "
                 "persistent volume when released from its claim."},
                {"Status", 0,
                 "phase indicates if a volume is available, bound to a claim, or "
                 "released by a claim."},
                {"Claim", 0,
                 "claimRef is part of a bi-directional binding between "
                 "PersistentVolume and PersistentVolumeClaim."},
                {"StorageClass", 0, "StorageClass of the pv"},
                {"VolumeAttributesClass", 0, "VolumeAttributesClass of the pv"},
                {"Reason", 0,
                 "reason is a brief CamelCase string that describes any failure "
                 "and is meant for machine parsing and tidy display in the CLI."},
                {"Age", 0, kAge},
                {"VolumeMode", 1,
                 "volumeMode defines if a volume is intended to be used with a "
                 "formatted filesystem or to remain in raw block state."}};
    if (resource == QLatin1String("storageclasses.storage.k8s.io"))
        return {{"Name", 0, kName},
                {"Provisioner", 0, "provisioner indicates the type of the provisioner."},
                {"ReclaimPolicy", 0,
                 "reclaimPolicy controls the reclaimPolicy for dynamically "
                 "provisioned PersistentVolumes of this storage class."},
                {"VolumeBindingMode", 0,
                 "volumeBindingMode indicates how PersistentVolumeClaims "
                 "should be provisioned and bound."},
                {"AllowVolumeExpansion", 0,
                 "allowVolumeExpansion shows whether the storage "
                 "class allow volume expand."},
                {"Age", 0, kAge}};
    if (resource == QLatin1String("pods"))
        return {{"Name", 0, kName},
                {"Ready", 0, "The aggregate readiness state of this pod for accepting traffic."},
                {"Status", 0, "The aggregate status of the containers in this pod."},
                {"Restarts", 0,
                 "The number of times the containers in this pod have been "
                 "restarted and when the last container in this pod has "
                 "restarted."},
                {"Age", 0, kAge},
                {"IP", 1, "podIP address allocated to the pod."},
                {"Node", 1, "NodeName indicates in which node this pod is scheduled."},
                {"Nominated Node", 1,
                 "nominatedNodeName is set only when this pod preempts "
                 "other pods on the node."},
                {"Readiness Gates", 1,
                 "If specified, all readiness gates will be evaluated "
                 "for pod readiness."}};
    if (resource == QLatin1String("nodes"))
        return {{"Name", 0, kName},
                {"Status", 0, "The status of the node"},
                {"Roles", 0, "The roles of the node"},
                {"Age", 0, kAge},
                {"Version", 0, "Kubelet Version reported by the node."},
                {"Internal-IP", 1, "List of addresses reachable to the node."},
                {"External-IP", 1, "List of addresses reachable to the node."},
                {"OS-Image", 1, "OS Image reported by the node."},
                {"Kernel-Version", 1, "Kernel Version reported by the node."},
                {"Container-Runtime", 1, "ContainerRuntime Version reported by the node."}};
    if (resource == QLatin1String("events"))
        return {{"Last Seen", 0,
                 "The time at which the most recent occurrence of this event was recorded."},
                {"Type", 0,
                 "Type of this event (Normal, Warning), new types could be added in the future"},
                {"Reason", 0,
                 "This should be a short, machine understandable string that gives the reason "
                 "for the transition into the object's current status."},
                {"Object", 0, "The object that this event is about."},
                {"Subobject", 1,
                 "If referring to a piece of an object instead of an entire object, this string "
                 "should contain a valid JSON/Go field access statement, such as "
                 "desiredState.manifest.containers[2]. For example, if the object reference is "
                 "to a container within a pod, this would take on a value like: "
                 "\"spec.containers{name}\" (where \"name\" refers to the name of the "
                 "container that triggered the event) or if no container name is specified "
                 "\"spec.containers[2]\" (container with index 2 in this pod). This syntax is "
                 "chosen only to have some well-defined way of referencing a part of an "
                 "object."},
                {"Source", 1,
                 "The component reporting this event. Should be a short machine understandable "
                 "string."},
                {"Message", 0, "A human-readable description of the status of this operation."},
                {"First Seen", 1,
                 "The time at which the event was first recorded. (Time of server receipt is in "
                 "TypeMeta.)"},
                {"Count", 1, "The number of times this event has occurred."},
                {"Name", 1, kName}};
    if (resource == QLatin1String("deployments.apps"))
        return {{"Name", 0, kName},
                {"Ready", 0, "Number of the pod with ready state"},
                {"Up-to-date", 0,
                 "Total number of non-terminated pods targeted by this deployment that have the "
                 "desired template spec."},
                {"Available", 0,
                 "Total number of available pods (ready for at least minReadySeconds) targeted "
                 "by this deployment."},
                {"Age", 0, kAge},
                {"Containers", 1, kContainers},
                {"Images", 1, kImages},
                {"Selector", 1,
                 "Label selector for pods. Existing ReplicaSets whose pods are selected by this "
                 "will be the ones affected by this deployment. It must match the pod "
                 "template's labels."}};
    return {};
}

/// layoutContainerCells: the containers' names and images, each comma-separated.
std::pair<QString, QString> containerCells(const QJsonArray &containers)
{
    QStringList names, images;
    for (const QJsonValue &c : containers) {
        names << c[u"name"].toString();
        images << c[u"image"].toString();
    }
    return {names.join(QLatin1Char(',')), images.join(QLatin1Char(','))};
}

/// metav1.LabelSelectorAsSelector(selector).String(): matchLabels and matchExpressions as
/// requirements sorted by key ("" for none, "<invalid>" when one does not make a requirement).
QString selectorString(const QJsonObject &selector)
{
    using Op = LabelSelector::Operator;
    LabelSelector out;
    const QJsonObject match = selector.value(u"matchLabels").toObject();
    for (auto it = match.begin(); it != match.end(); ++it) {
        const auto r =
            LabelSelector::makeRequirement(it.key(), Op::Equals, {it.value().toString()});
        if (!r)
            return QStringLiteral("<invalid>");
        out = out.add(*r);
    }
    for (const QJsonValue &v : selector.value(u"matchExpressions").toArray()) {
        const QString op = v[u"operator"].toString();
        QStringList values;
        for (const QJsonValue &x : v[u"values"].toArray())
            values << x.toString();
        const Op o = op == QLatin1String("In")             ? Op::In
                     : op == QLatin1String("NotIn")        ? Op::NotIn
                     : op == QLatin1String("Exists")       ? Op::Exists
                     : op == QLatin1String("DoesNotExist") ? Op::DoesNotExist
                                                           : Op::GreaterThan;
        const auto r = o == Op::GreaterThan
                           ? std::nullopt
                           : LabelSelector::makeRequirement(v[u"key"].toString(), o, values);
        if (!r)
            return QStringLiteral("<invalid>");
        out = out.add(*r);
    }
    return out.toString();
}

QString orNone(const QString &s)
{
    return s.isEmpty() ? QStringLiteral("<none>") : s;
}
} // namespace

QString TableConvertor::requestedVersion(const QByteArray &accept)
{
    // The first acceptable media type wins, as the server's negotiation takes them in order.
    const QList<QByteArray> types = accept.split(',');
    for (const QByteArray &t : types) {
        const QList<QByteArray> parts = t.trimmed().split(';');
        const QByteArray media = parts.first().trimmed();
        if (media != "application/json" && media != "*/*")
            continue;
        QByteArray as, v, g;
        for (const QByteArray &p : parts.mid(1)) {
            const QByteArray kv = p.trimmed();
            if (kv.startsWith("as="))
                as = kv.mid(3);
            else if (kv.startsWith("v="))
                v = kv.mid(2);
            else if (kv.startsWith("g="))
                g = kv.mid(2);
        }
        if (as.isEmpty())
            return {}; // plain JSON comes first
        if (as == "Table" && g == "meta.k8s.io" && (v == "v1" || v == "v1beta1"))
            return QString::fromLatin1(v);
    }
    return {};
}

bool TableConvertor::supports(const ResourceType &type)
{
    return !columnsOf(type.key()).isEmpty();
}

TableConvertor::TableConvertor(const ResourceType &type, const QDateTime &now,
                               const QString &includeObject, const QString &version)
    : m_type(type), m_now(now), m_include(includeObject), m_version(version)
{
}

QString TableConvertor::humanDuration(qint64 ms)
{
    const qint64 seconds = ms / 1000;
    if (seconds < -1)
        return QStringLiteral("<invalid>");
    if (seconds < 0)
        return QStringLiteral("0s");
    if (seconds < 60 * 2)
        return QStringLiteral("%1s").arg(seconds);
    const qint64 minutes = seconds / 60;
    if (minutes < 10) {
        const qint64 s = seconds % 60;
        return s == 0 ? QStringLiteral("%1m").arg(minutes)
                      : QStringLiteral("%1m%2s").arg(minutes).arg(s);
    }
    if (minutes < 60 * 3)
        return QStringLiteral("%1m").arg(minutes);
    const qint64 hours = minutes / 60;
    if (hours < 8) {
        const qint64 m = minutes % 60;
        return m == 0 ? QStringLiteral("%1h").arg(hours)
                      : QStringLiteral("%1h%2m").arg(hours).arg(m);
    }
    if (hours < 48)
        return QStringLiteral("%1h").arg(hours);
    if (hours < 24 * 8) {
        const qint64 h = hours % 24;
        return h == 0 ? QStringLiteral("%1d").arg(hours / 24)
                      : QStringLiteral("%1d%2h").arg(hours / 24).arg(h);
    }
    if (hours < 24 * 365 * 2)
        return QStringLiteral("%1d").arg(hours / 24);
    if (hours < 24 * 365 * 8) {
        const qint64 dy = (hours / 24) % 365;
        return dy == 0 ? QStringLiteral("%1y").arg(hours / 24 / 365)
                       : QStringLiteral("%1y%2d").arg(hours / 24 / 365).arg(dy);
    }
    return QStringLiteral("%1y").arg(hours / 24 / 365);
}

QString TableConvertor::age(const QString &timestamp) const
{
    const QDateTime t = QDateTime::fromString(timestamp, Qt::ISODate);
    if (!t.isValid())
        return QStringLiteral("<unknown>");
    return humanDuration(t.msecsTo(m_now));
}

QByteArray TableConvertor::columnDefinitions() const
{
    QJsonArray out;
    for (const Column &c : columnsOf(m_type.key())) {
        QJsonObject d{{QStringLiteral("name"), QLatin1String(c.name)},
                      {QStringLiteral("type"), QStringLiteral("string")},
                      {QStringLiteral("format"), QString()},
                      {QStringLiteral("description"), QLatin1String(c.description)},
                      {QStringLiteral("priority"), c.priority}};
        if (qstrcmp(c.name, "Name") == 0)
            d.insert(QStringLiteral("format"), QStringLiteral("name"));
        out.append(d);
    }
    return QJsonDocument(out).toJson(QJsonDocument::Compact);
}

QJsonArray TableConvertor::cells(const QJsonObject &o) const
{
    const QJsonObject meta = o.value(u"metadata").toObject();
    const QJsonObject spec = o.value(u"spec").toObject();
    const QJsonObject status = o.value(u"status").toObject();
    const QString name = meta.value(u"name").toString();
    const QString created = age(meta.value(u"creationTimestamp").toString());
    const bool deleting = meta.contains(QStringLiteral("deletionTimestamp"));
    const QString volumeAttributesClass =
        spec.value(u"volumeAttributesClassName").toString(QStringLiteral("<unset>"));
    if (m_type.name == QLatin1String("events"))
        return eventCells(o);
    if (m_type.name == QLatin1String("deployments")) {
        // printDeployment: READY is ready/desired (spec.replicas, defaulted to 1 on create),
        // UP-TO-DATE and AVAILABLE integers.
        const auto [names, images] =
            containerCells(spec.value(u"template")[u"spec"][u"containers"].toArray());
        return QJsonArray{name,
                          QStringLiteral("%1/%2")
                              .arg(status.value(u"readyReplicas").toInteger())
                              .arg(spec.value(u"replicas").toInteger(1)),
                          status.value(u"updatedReplicas").toInteger(),
                          status.value(u"availableReplicas").toInteger(),
                          created,
                          names,
                          images,
                          selectorString(spec.value(u"selector").toObject())};
    }
    if (m_type.name == QLatin1String("persistentvolumeclaims")) {
        QString capacity, modes;
        if (!spec.value(u"volumeName").toString().isEmpty()) {
            QStringList list;
            for (const QJsonValue &v : status.value(u"accessModes").toArray())
                list << v.toString();
            modes = accessModesString(list);
            capacity = status.value(u"capacity").toObject().value(u"storage").toString();
        }
        return QJsonArray{name,
                          deleting ? QStringLiteral("Terminating")
                                   : status.value(u"phase").toString(),
                          spec.value(u"volumeName").toString(),
                          capacity,
                          modes,
                          storageClassOf(o),
                          volumeAttributesClass,
                          created,
                          spec.value(u"volumeMode").toString(QStringLiteral("<unset>"))};
    }
    if (m_type.name == QLatin1String("persistentvolumes")) {
        const QJsonObject ref = spec.value(u"claimRef").toObject();
        const QString claim = ref.isEmpty() ? QString()
                                            : ref.value(u"namespace").toString() +
                                                  QLatin1Char('/') + ref.value(u"name").toString();
        return QJsonArray{name,
                          spec.value(u"capacity").toObject().value(u"storage").toString(),
                          accessModesString(accessModes(o)),
                          spec.value(u"persistentVolumeReclaimPolicy").toString(),
                          deleting ? QStringLiteral("Terminating")
                                   : status.value(u"phase").toString(),
                          claim,
                          storageClassOf(o),
                          volumeAttributesClass,
                          status.value(u"reason").toString(),
                          created,
                          spec.value(u"volumeMode").toString(QStringLiteral("<unset>"))};
    }
    if (m_type.name == QLatin1String("storageclasses")) {
        const bool isDefault = annotation(o, AnnIsDefaultClass) == QLatin1String("true");
        return QJsonArray{isDefault ? name + QStringLiteral(" (default)") : name,
                          o.value(u"provisioner").toString(),
                          o.value(u"reclaimPolicy").toString(QStringLiteral("Delete")),
                          o.value(u"volumeBindingMode").toString(QStringLiteral("Immediate")),
                          o.value(u"allowVolumeExpansion").toBool() ? QStringLiteral("true")
                                                                    : QStringLiteral("false"),
                          created};
    }
    if (m_type.name == QLatin1String("nodes")) {
        QString ready = QStringLiteral("Unknown");
        for (const QJsonValue &c : status.value(u"conditions").toArray())
            if (c[u"type"].toString() == QLatin1String("Ready"))
                ready = c[u"status"].toString() == QLatin1String("True") ? QStringLiteral("Ready")
                        : c[u"status"].toString() == QLatin1String("False")
                            ? QStringLiteral("NotReady")
                            : QStringLiteral("Unknown");
        if (spec.value(u"unschedulable").toBool())
            ready += QStringLiteral(",SchedulingDisabled");
        QStringList roles;
        const QJsonObject labels = meta.value(u"labels").toObject();
        for (auto it = labels.begin(); it != labels.end(); ++it) {
            if (it.key().startsWith(QLatin1String("node-role.kubernetes.io/")))
                roles << it.key().mid(24);
            else if (it.key() == QLatin1String("kubernetes.io/role") &&
                     !it.value().toString().isEmpty())
                roles << it.value().toString();
        }
        roles.removeAll(QString());
        roles.removeDuplicates();
        roles.sort();
        QString internal, external;
        for (const QJsonValue &a : status.value(u"addresses").toArray()) {
            if (a[u"type"].toString() == QLatin1String("InternalIP") && internal.isEmpty())
                internal = a[u"address"].toString();
            if (a[u"type"].toString() == QLatin1String("ExternalIP") && external.isEmpty())
                external = a[u"address"].toString();
        }
        const QJsonObject info = status.value(u"nodeInfo").toObject();
        return QJsonArray{
            name,
            ready,
            orNone(roles.join(QLatin1Char(','))),
            created,
            info.value(u"kubeletVersion").toString(),
            orNone(internal),
            orNone(external),
            info.value(u"osImage").toString(QStringLiteral("<unknown>")),
            info.value(u"kernelVersion").toString(QStringLiteral("<unknown>")),
            info.value(u"containerRuntimeVersion").toString(QStringLiteral("<unknown>"))};
    }
    // pods: printPod's READY, STATUS and RESTARTS.
    const QJsonArray containers = spec.value(u"containers").toArray();
    int readyCount = 0;
    int restarts = 0;
    QString lastRestart;
    QString reason = status.value(u"reason").toString();
    if (reason.isEmpty())
        reason = status.value(u"phase").toString();
    bool initializing = false;
    const QJsonArray inits = status.value(u"initContainerStatuses").toArray();
    for (qsizetype i = 0; i < inits.size(); ++i) {
        const QJsonObject st = inits.at(i).toObject().value(u"state").toObject();
        const QJsonObject term = st.value(u"terminated").toObject();
        restarts += inits.at(i)[u"restartCount"].toInt();
        if (!term.isEmpty() && term.value(u"exitCode").toInt() == 0)
            continue;
        initializing = true;
        const QString waiting = st.value(u"waiting").toObject().value(u"reason").toString();
        if (!term.isEmpty())
            reason = QStringLiteral("Init:") +
                     term.value(u"reason").toString(
                         QStringLiteral("ExitCode:%1").arg(term.value(u"exitCode").toInt()));
        else if (!waiting.isEmpty() && waiting != QLatin1String("PodInitializing"))
            reason = QStringLiteral("Init:") + waiting;
        else
            reason = QStringLiteral("Init:%1/%2").arg(i).arg(inits.size());
        break;
    }
    bool hasRunning = false;
    const QJsonArray statuses = status.value(u"containerStatuses").toArray();
    for (qsizetype i = statuses.size() - 1; i >= 0; --i) {
        const QJsonObject cs = statuses.at(i).toObject();
        restarts += cs.value(u"restartCount").toInt();
        const QString finished = cs.value(u"lastState")
                                     .toObject()
                                     .value(u"terminated")
                                     .toObject()
                                     .value(u"finishedAt")
                                     .toString();
        if (finished > lastRestart)
            lastRestart = finished;
        if (initializing)
            continue;
        const QJsonObject st = cs.value(u"state").toObject();
        const QString waiting = st.value(u"waiting").toObject().value(u"reason").toString();
        const QJsonObject term = st.value(u"terminated").toObject();
        if (!waiting.isEmpty()) {
            reason = waiting;
        } else if (!term.isEmpty()) {
            reason = term.value(u"reason").toString();
            if (reason.isEmpty())
                reason = term.contains(QStringLiteral("signal"))
                             ? QStringLiteral("Signal:%1").arg(term.value(u"signal").toInt())
                             : QStringLiteral("ExitCode:%1").arg(term.value(u"exitCode").toInt());
        } else if (st.contains(QStringLiteral("running")) && cs.value(u"ready").toBool()) {
            hasRunning = true;
            ++readyCount;
        }
    }
    if (!initializing && reason == QLatin1String("Completed") && hasRunning)
        reason = QStringLiteral("Running");
    if (deleting)
        reason = QStringLiteral("Terminating");
    QString restartText = QString::number(restarts);
    if (restarts > 0 && !lastRestart.isEmpty())
        restartText += QStringLiteral(" (%1 ago)").arg(age(lastRestart));
    return QJsonArray{name,
                      QStringLiteral("%1/%2").arg(readyCount).arg(containers.size()),
                      reason,
                      restartText,
                      created,
                      orNone(status.value(u"podIP").toString()),
                      orNone(spec.value(u"nodeName").toString()),
                      orNone(status.value(u"nominatedNodeName").toString()),
                      QStringLiteral("<none>")};
}

QJsonArray TableConvertor::eventCells(const QJsonObject &o) const
{
    // printEvent with Wide (the server prints every column; kubectl drops the priority-1 ones
    // without -o wide).
    QString first = age(o.value(u"firstTimestamp").toString());
    if (o.value(u"firstTimestamp").toString().isEmpty())
        first = age(o.value(u"eventTime").toString()); // translateMicroTimestampSince
    QString last = age(o.value(u"lastTimestamp").toString());
    if (o.value(u"lastTimestamp").toString().isEmpty())
        last = first;
    qint64 count = o.value(u"count").toInteger();
    const QJsonObject series = o.value(u"series").toObject();
    if (!o.value(u"series").isNull() && !o.value(u"series").isUndefined()) {
        last = age(series.value(u"lastObservedTime").toString());
        count = series.value(u"count").toInteger();
    } else if (count == 0) {
        count = 1; // singleton events of the events.k8s.io API have no count
    }
    const QJsonObject involved = o.value(u"involvedObject").toObject();
    const QString kind = involved.value(u"kind").toString().toLower();
    const QString involvedName = involved.value(u"name").toString();
    const QString target = involvedName.isEmpty() ? kind : kind + QLatin1Char('/') + involvedName;
    // formatEventSource: source.component, else reportingComponent; then ", " and
    // source.host, else reportingInstance, when there is one.
    const QJsonObject source = o.value(u"source").toObject();
    QString component = source.value(u"component").toString();
    if (component.isEmpty())
        component = o.value(u"reportingComponent").toString();
    QString instance = source.value(u"host").toString();
    if (instance.isEmpty())
        instance = o.value(u"reportingInstance").toString();
    return QJsonArray{last,
                      o.value(u"type").toString(),
                      o.value(u"reason").toString(),
                      target,
                      involved.value(u"fieldPath").toString(),
                      instance.isEmpty() ? component : component + QStringLiteral(", ") + instance,
                      o.value(u"message").toString().trimmed(),
                      first,
                      count,
                      o.value(u"metadata")[u"name"].toString()};
}

QByteArray TableConvertor::row(const lens::Object &object) const
{
    const QJsonObject o = object.json();
    const QJsonArray cellArray = cells(o);
    JsonBuilder b;
    b.raw("cells", QJsonDocument(cellArray).toJson(QJsonDocument::Compact));
    if (m_include == QLatin1String("None")) {
        b.raw("object", "null");
    } else if (m_include == QLatin1String("Object")) {
        b.raw("object", object.toJson());
    } else {
        b.raw("object", JsonBuilder()
                            .str("kind", QStringLiteral("PartialObjectMetadata"))
                            .str("apiVersion", QStringLiteral("meta.k8s.io/") + m_version)
                            .val("metadata", o.value(u"metadata"))
                            .bytes());
    }
    return b.bytes();
}

QByteArray TableConvertor::table(const QByteArray &rows, const QString &resourceVersion,
                                 const QString &continueToken, bool headers) const
{
    JsonBuilder meta;
    meta.str("resourceVersion", resourceVersion);
    if (!continueToken.isEmpty())
        meta.str("continue", continueToken);
    return JsonBuilder()
        .str("kind", QStringLiteral("Table"))
        .str("apiVersion", QStringLiteral("meta.k8s.io/") + m_version)
        .raw("metadata", meta.bytes())
        .raw("columnDefinitions", headers ? columnDefinitions() : QByteArray("null"))
        .raw("rows", '[' + rows + ']')
        .bytes();
}

} // namespace lens::sim
