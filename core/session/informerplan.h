// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "informer/sharedinformer.h"

#include <QList>
#include <QString>
#include <QStringList>

namespace lens {

/// One informer a Session runs: the resource as the user gave it, its options, and its name in
/// the journal (TraceEvent::informer) and the factory.
struct InformerPlan {
    QString resource; ///< as given ("pods", "deploy", "apps/v1/deployments")
    SharedIndexInformer::QueueMode queueMode = SharedIndexInformer::QueueMode::DeltaFIFO;
    bool useWatchList = false;
    QString name; ///< unique among the plans (see planInformers())
};

/// The informers for `resources` × `queueModes` × `watchListModes`, in that order (resource
/// first): one informer per resource when each option has one value, two per resource to
/// compare two values side by side. Names are the resource as given ("pods"); when an option
/// has two values each name also says its value, "pods/deltafifo" and "pods/realfifo",
/// "pods/watchlist" and "pods/listwatch" (both: "pods/realfifo/watchlist").
///
/// Returns an empty list with `*error` set when a list is empty or names one value twice
/// ("pods is given twice", "--queue names realfifo twice" style messages, without the flag:
/// "queue mode realfifo is given twice").
QList<InformerPlan> planInformers(const QStringList &resources,
                                  const QList<SharedIndexInformer::QueueMode> &queueModes,
                                  const QList<bool> &watchListModes, QString *error = nullptr);

/// "deltafifo" or "realfifo": how the command line, scenarios and informer names spell a queue.
QString queueModeWord(SharedIndexInformer::QueueMode mode);
/// The inverse of queueModeWord() (case-insensitive); false for another word.
bool queueModeFromWord(const QString &word, SharedIndexInformer::QueueMode *out);

} // namespace lens
