// SPDX-License-Identifier: Apache-2.0
#include "predicate.h"

#include "api/labels.h"
#include "api/objectmeta.h"

namespace lens::runtime {

namespace {
/// An Update-only predicate comparing the two objects; null objects fail it.
Predicate updateOnly(const QString &name, std::function<bool(const Object &, const Object &)> f)
{
    Predicate p;
    p.name = name;
    p.update = [f](const UpdateEvent &e) {
        if (e.objectOld.isNull() || e.objectNew.isNull())
            return false;
        return f(e.objectOld, e.objectNew);
    };
    return p;
}
} // namespace

Predicate resourceVersionChanged()
{
    return updateOnly(QStringLiteral("ResourceVersionChangedPredicate"),
                      [](const Object &o, const Object &n) {
                          return o.resourceVersion() != n.resourceVersion();
                      });
}

Predicate generationChanged()
{
    return updateOnly(QStringLiteral("GenerationChangedPredicate"),
                      [](const Object &o, const Object &n) {
                          return objectGeneration(o) != objectGeneration(n);
                      });
}

Predicate annotationChanged()
{
    return updateOnly(
        QStringLiteral("AnnotationChangedPredicate"),
        [](const Object &o, const Object &n) { return o.annotations() != n.annotations(); });
}

Predicate labelChanged()
{
    return updateOnly(QStringLiteral("LabelChangedPredicate"),
                      [](const Object &o, const Object &n) { return o.labels() != n.labels(); });
}

Predicate newPredicateFuncs(const QString &name, std::function<bool(const Object &)> filter)
{
    Predicate p;
    p.name = name;
    p.create = [filter](const CreateEvent &e) { return filter(e.object); };
    p.update = [filter](const UpdateEvent &e) { return filter(e.objectNew); };
    p.del = [filter](const DeleteEvent &e) { return filter(e.object); };
    p.generic = [filter](const GenericEvent &e) { return filter(e.object); };
    return p;
}

Predicate labelSelectorPredicate(const QString &selector, QString *error)
{
    QString why;
    const auto parsed = LabelSelector::parse(selector, &why);
    if (!parsed) {
        if (error)
            *error = why;
        Predicate funcs;
        funcs.name = QStringLiteral("LabelSelectorPredicate(%1)").arg(selector);
        return funcs;
    }
    if (error)
        error->clear();
    const LabelSelector sel = *parsed;
    return newPredicateFuncs(QStringLiteral("LabelSelectorPredicate(%1)").arg(selector),
                             [sel](const Object &o) { return !o.isNull() && sel.matches(o); });
}

Predicate labelSelectorPredicate(const QMap<QString, QString> &matchLabels)
{
    const LabelSelector sel = LabelSelector::fromSet(matchLabels);
    QStringList terms;
    for (auto it = matchLabels.begin(); it != matchLabels.end(); ++it)
        terms << it.key() + QLatin1Char('=') + it.value();
    return newPredicateFuncs(
        QStringLiteral("LabelSelectorPredicate(%1)").arg(terms.join(QLatin1Char(','))),
        [sel](const Object &o) { return !o.isNull() && sel.matches(o); });
}

namespace {
QString joinNames(const char *op, const QList<Predicate> &ps)
{
    QStringList names;
    for (const Predicate &p : ps)
        names << (p.name.isEmpty() ? QStringLiteral("Funcs") : p.name);
    return QStringLiteral("%1(%2)").arg(QLatin1String(op), names.join(QStringLiteral(", ")));
}
} // namespace

Predicate andOf(const QList<Predicate> &ps)
{
    Predicate p;
    p.name = joinNames("And", ps);
    p.create = [ps](const CreateEvent &e) {
        return std::all_of(ps.begin(), ps.end(), [&](const Predicate &x) { return x.onCreate(e); });
    };
    p.update = [ps](const UpdateEvent &e) {
        return std::all_of(ps.begin(), ps.end(), [&](const Predicate &x) { return x.onUpdate(e); });
    };
    p.del = [ps](const DeleteEvent &e) {
        return std::all_of(ps.begin(), ps.end(), [&](const Predicate &x) { return x.onDelete(e); });
    };
    p.generic = [ps](const GenericEvent &e) {
        return std::all_of(ps.begin(), ps.end(),
                           [&](const Predicate &x) { return x.onGeneric(e); });
    };
    return p;
}

Predicate orOf(const QList<Predicate> &ps)
{
    Predicate p;
    p.name = joinNames("Or", ps);
    p.create = [ps](const CreateEvent &e) {
        return std::any_of(ps.begin(), ps.end(), [&](const Predicate &x) { return x.onCreate(e); });
    };
    p.update = [ps](const UpdateEvent &e) {
        return std::any_of(ps.begin(), ps.end(), [&](const Predicate &x) { return x.onUpdate(e); });
    };
    p.del = [ps](const DeleteEvent &e) {
        return std::any_of(ps.begin(), ps.end(), [&](const Predicate &x) { return x.onDelete(e); });
    };
    p.generic = [ps](const GenericEvent &e) {
        return std::any_of(ps.begin(), ps.end(),
                           [&](const Predicate &x) { return x.onGeneric(e); });
    };
    return p;
}

Predicate notOf(const Predicate &q)
{
    Predicate p;
    p.name = QStringLiteral("Not(%1)").arg(q.name.isEmpty() ? QStringLiteral("Funcs") : q.name);
    p.create = [q](const CreateEvent &e) { return !q.onCreate(e); };
    p.update = [q](const UpdateEvent &e) { return !q.onUpdate(e); };
    p.del = [q](const DeleteEvent &e) { return !q.onDelete(e); };
    p.generic = [q](const GenericEvent &e) { return !q.onGeneric(e); };
    return p;
}

} // namespace lens::runtime
