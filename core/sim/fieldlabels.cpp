// SPDX-License-Identifier: Apache-2.0
#include "fieldlabels.h"

#include <QSet>

namespace lens::sim::fieldlabels {

namespace {

enum class Refusal { NotSupported, NotSupportedForJob, NotKnown };

struct Labels {
    QStringList accepted;
    Refusal refusal = Refusal::NotKnown;
};

bool isBuiltin(const ResourceType &type)
{
    static const QSet<QString> keys = [] {
        QSet<QString> s;
        for (const ResourceType &t : ResourceType::builtins())
            s.insert(t.key());
        return s;
    }();
    return keys.contains(type.key());
}

Labels labelsOf(const ResourceType &type)
{
    const QString key = type.key();
    const QString name = QStringLiteral("metadata.name");
    const QString ns = QStringLiteral("metadata.namespace");
    if (key == QLatin1String("pods"))
        return {{name, ns, QStringLiteral("spec.nodeName"), QStringLiteral("spec.restartPolicy"),
                 QStringLiteral("spec.schedulerName"), QStringLiteral("spec.serviceAccountName"),
                 QStringLiteral("spec.hostNetwork"), QStringLiteral("status.phase"),
                 QStringLiteral("status.podIP"), QStringLiteral("status.podIPs"),
                 QStringLiteral("status.nominatedNodeName"), QStringLiteral("spec.host")},
                Refusal::NotSupported};
    if (key == QLatin1String("nodes"))
        return {{name, QStringLiteral("spec.unschedulable")}, Refusal::NotSupported};
    if (key == QLatin1String("namespaces"))
        return {{QStringLiteral("status.phase"), name}, Refusal::NotSupported};
    if (key == QLatin1String("events"))
        return {{QStringLiteral("involvedObject.kind"), QStringLiteral("involvedObject.namespace"),
                 QStringLiteral("involvedObject.name"), QStringLiteral("involvedObject.uid"),
                 QStringLiteral("involvedObject.apiVersion"),
                 QStringLiteral("involvedObject.resourceVersion"),
                 QStringLiteral("involvedObject.fieldPath"), QStringLiteral("reason"),
                 QStringLiteral("reportingComponent"), QStringLiteral("source"),
                 QStringLiteral("type"), ns, name},
                Refusal::NotSupported};
    if (key == QLatin1String("secrets"))
        return {{QStringLiteral("type"), ns, name}, Refusal::NotSupported};
    if (key == QLatin1String("services"))
        return {{ns, name, QStringLiteral("spec.clusterIP"), QStringLiteral("spec.type")},
                Refusal::NotSupported};
    if (key == QLatin1String("jobs.batch"))
        return {{name, ns, QStringLiteral("status.successful")}, Refusal::NotSupportedForJob};
    if (!isBuiltin(type)) {
        // crConverter.ConvertFieldLabel (with CustomResourceFieldSelectors, on since 1.31).
        Labels l{{name}, Refusal::NotSupported};
        if (type.namespaced)
            l.accepted << ns;
        l.accepted << type.selectableFields;
        return l;
    }
    return {{name, ns}, Refusal::NotKnown};
}

QString refusal(Refusal r, const QString &label)
{
    switch (r) {
    case Refusal::NotSupported:
        return QStringLiteral("field label not supported: %1").arg(label);
    case Refusal::NotSupportedForJob:
        return QStringLiteral("field label \"%1\" not supported for Job").arg(label);
    case Refusal::NotKnown:
        break;
    }
    return QStringLiteral("\"%1\" is not a known field selector: only \"metadata.name\", "
                          "\"metadata.namespace\"")
        .arg(label);
}

/// The value, "" when absent replaced by `absent`.
QString orWhenAbsent(const Object &object, const QString &path, const QString &absent)
{
    const QString v = objectFieldValue(object, path);
    return v.isEmpty() ? absent : v;
}

} // namespace

std::optional<FieldSelector> convert(const ResourceType &type, const FieldSelector &selector,
                                     QString *error)
{
    if (selector.isEmpty())
        return selector;
    const Labels labels = labelsOf(type);
    bool renamed = false;
    QStringList terms;
    for (const FieldSelector::Term &t : selector.terms()) {
        if (!labels.accepted.contains(t.field)) {
            if (error)
                *error = refusal(labels.refusal, t.field);
            return std::nullopt;
        }
        // Pods: "for backwards compatibility with old v1 clients which send spec.host".
        const bool host =
            type.key() == QLatin1String("pods") && t.field == QLatin1String("spec.host");
        renamed = renamed || host;
        terms << (host ? QStringLiteral("spec.nodeName") : t.field) +
                     (t.notEquals ? QStringLiteral("!=") : QStringLiteral("=")) +
                     escapeFieldValue(t.value);
    }
    return renamed ? FieldSelector::parse(terms.join(QLatin1Char(',')), error) : selector;
}

QString value(const ResourceType &type, const Object &object, const QString &label)
{
    const QString key = type.key();
    if (key == QLatin1String("pods")) {
        if (label == QLatin1String("spec.hostNetwork"))
            return orWhenAbsent(object, label, QStringLiteral("false"));
        if (label == QLatin1String("status.podIPs"))
            return {}; // accepted by the conversion, never set by PodToSelectableFields
    } else if (key == QLatin1String("nodes") && label == QLatin1String("spec.unschedulable")) {
        return orWhenAbsent(object, label, QStringLiteral("false"));
    } else if (key == QLatin1String("events") && label == QLatin1String("source")) {
        return orWhenAbsent(object, QStringLiteral("source.component"),
                            objectFieldValue(object, QStringLiteral("reportingComponent")));
    } else if (key == QLatin1String("jobs.batch") && label == QLatin1String("status.successful")) {
        return orWhenAbsent(object, QStringLiteral("status.succeeded"), QStringLiteral("0"));
    } else if (key == QLatin1String("secrets") && label == QLatin1String("type")) {
        return orWhenAbsent(object, label, QStringLiteral("Opaque"));
    } else if (key == QLatin1String("services") && label == QLatin1String("spec.type")) {
        return orWhenAbsent(object, label, QStringLiteral("ClusterIP"));
    } else if (key == QLatin1String("namespaces") && label == QLatin1String("status.phase")) {
        return orWhenAbsent(object, label, QStringLiteral("Active"));
    }
    return objectFieldValue(object, label);
}

bool matches(const ResourceType &type, const FieldSelector &selector, const Object &object)
{
    for (const FieldSelector::Term &t : selector.terms()) {
        const bool eq = value(type, object, t.field) == t.value;
        if (t.notEquals == eq)
            return false;
    }
    return true;
}

} // namespace lens::sim::fieldlabels
