// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "trace/traceevent.h"

#include <QCoreApplication>
#include <QHash>
#include <QSet>
#include <QString>

namespace lens {

/// The controller's loop around one informer key, found in the journal: which events of
/// other components belong to the key's story, so that one selection in the key history
/// answers "why did this reconcile run, and what came of it?":
///
///   informer event → handlerNotified (enqueueClaim) → workqueueAdd (key = the claim's UID)
///   → workqueueGet by a worker → controllerSyncStarted → provisionerCalled / Returned →
///   apiRequestSent / Finished (the Events, the PV's create) → the PV's watch event coming
///   back through the volumes informer → controllerSyncFinished, workqueueForget / Done →
///   the claim's own updates (the PV controller binds it).
///
/// How events are linked, from their own fields only (feed them in journal order):
///  * the key's own events carry its object, whose metadata.uid is the queue key a
///    controller keyed by UID uses (ProvisionController's claims queue);
///  * workqueue* and controller* events whose key is that UID or the key itself;
///  * API requests whose queueKey is that UID or whose objectKey is the key; a POST that
///    creates an object (a PV) adds that object's name;
///  * watch events, of any informer, of an object the key's writes created: the one whose
///    resourceVersion equals the create's answer is the write coming back (matchedAnswer()).
///
/// Words for people (line()) are in the window's language (context "lens::ControllerLoop").
class ControllerLoop {
    Q_DECLARE_TR_FUNCTIONS(lens::ControllerLoop)
public:
    /// Starts over for `key` ("ns/name") as `informer` names it ("" = any informer).
    void reset(const QString &key, const QString &informer);

    /// True for the kinds that may belong to a loop without carrying the key (a cheap filter
    /// before take()).
    static bool mayLink(const TraceEvent &e);
    /// Whether `e`, which is not the key's own event, belongs to its loop. Learns from it (a
    /// created object's name, an answer's resourceVersion). Call in journal order.
    bool take(const TraceEvent &e);
    /// Learns the UID from one of the key's own events (its object). Call in journal order.
    void own(const TraceEvent &e);

    /// The queue keys that stand for the key (its UID), learned so far.
    const QSet<QString> &aliases() const { return m_uids; }
    /// Objects the key's writes created (PV names), learned so far.
    const QSet<QString> &created() const { return m_created; }
    /// For an answered create: the resourceVersion the server stored it at, "" when the answer
    /// is not in yet.
    QString answerOf(const QString &createdName) const { return m_answerRv.value(createdName); }

    /// One line for a linked event (controller, provisioner, API request, workqueue kinds and
    /// a created object's watch event), from its fields; "" for other kinds.
    QString line(const TraceEvent &e) const;

private:
    QString m_key;
    QString m_informer;
    QSet<QString> m_uids;
    QSet<QString> m_created;
    QHash<QString, QString> m_answerRv; ///< created name → resourceVersion of the answer
};

} // namespace lens
