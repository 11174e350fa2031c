// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "events.h"

#include <QList>
#include <QMap>

#include <functional>

namespace lens::runtime {

/// predicate.Predicate (pkg/predicate/predicate.go): decides per event kind whether an event
/// reaches the handler. An empty function answers true (predicate.Funcs with a nil func).
/// `name` is what RuntimeEventFiltered.predicate says when it drops an event.
struct Predicate {
    QString name;
    std::function<bool(const CreateEvent &)> create;
    std::function<bool(const UpdateEvent &)> update;
    std::function<bool(const DeleteEvent &)> del;
    std::function<bool(const GenericEvent &)> generic;

    bool onCreate(const CreateEvent &e) const { return !create || create(e); }
    bool onUpdate(const UpdateEvent &e) const { return !update || update(e); }
    bool onDelete(const DeleteEvent &e) const { return !del || del(e); }
    bool onGeneric(const GenericEvent &e) const { return !generic || generic(e); }
};

/// predicate.Funcs (named PredicateFuncs here; handler.Funcs is runtime::Funcs): the four
/// functions as given (missing = true).
using PredicateFuncs = Predicate;

/// ResourceVersionChangedPredicate: Update passes when both objects are non-null and their
/// metadata.resourceVersion strings differ; every other kind passes.
Predicate resourceVersionChanged();
/// GenerationChangedPredicate: Update passes when both objects are non-null and
/// metadata.generation differs (status writes and resyncs do not pass).
Predicate generationChanged();
/// AnnotationChangedPredicate: Update passes when both objects are non-null and the annotation
/// maps differ (maps.Equal: absent and empty are equal).
Predicate annotationChanged();
/// LabelChangedPredicate: the same for labels.
Predicate labelChanged();
/// NewPredicateFuncs(filter): Create/Delete/Generic ask filter(Object); Update asks
/// filter(ObjectNew) only. A null object is passed as such.
Predicate newPredicateFuncs(const QString &name, std::function<bool(const Object &)> filter);
/// LabelSelectorPredicate: NewPredicateFuncs over the selector (labels.Parse syntax, e.g.
/// "foo=bar,env in (a,b)"). An invalid selector sets *error (labels.Parse's words) and returns
/// Funcs{} (passes everything), as upstream returns (Funcs{}, err).
Predicate labelSelectorPredicate(const QString &selector, QString *error = nullptr);
/// LabelSelectorPredicate from metav1.LabelSelector's matchLabels.
Predicate labelSelectorPredicate(const QMap<QString, QString> &matchLabels);
/// And: every predicate true, stopping at the first false; And() = true.
Predicate andOf(const QList<Predicate> &predicates);
/// Or: any predicate true, stopping at the first true; Or() = false.
Predicate orOf(const QList<Predicate> &predicates);
/// Not: the negation, per event kind.
Predicate notOf(const Predicate &predicate);

} // namespace lens::runtime
