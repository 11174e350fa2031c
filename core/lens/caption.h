// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/delta.h"
#include "timelinemodel.h"
#include "trace/traceevent.h"

#include <QCoreApplication>
#include <QString>

namespace lens {

class Journal;

/// The caption pane's words: explains one journal event, one timeline marker or one queued
/// Deltas list in the informer's own terms, keeping client-go's names as they are (Reflector,
/// ListAndWatch, DeltaFIFO, Replace, DeletedFinalStateUnknown, HasSynced, OnUpdate, …). Every
/// string is translatable (context "lens::Caption"). Widgets-free.
///
/// A caption is HTML: a bold headline, then one or two short paragraphs ("what happened" and
/// "why"). Texts never include object contents (no Secret data), only keys, resourceVersions,
/// types and the journal's detail fields.
class Caption {
    Q_DECLARE_TR_FUNCTIONS(lens::Caption)
public:
    /// Explains `e`. With `journal` (not owned, may be null) a Sync or Replaced delta, a
    /// tombstone and a handler's update are traced back to their cause (the newest resync tick
    /// or relist recorded before `e`: client-go's Resync vs Replace); without it the caption
    /// names both possible causes.
    /// `upTo` (a time-travel point, a journal seq; 0 = none): nothing recorded after it is
    /// looked at, so a caption at that moment says nothing of what came later.
    static QString forEvent(const TraceEvent &e, const Journal *journal = nullptr,
                            quint64 upTo = 0);
    /// Explains the Deltas queued for `key` (a row of the DeltaFIFO view; `queueMode` is
    /// "DeltaFIFO" or "RealFIFO"): what each delta type in it means and why it is there.
    static QString forDeltas(const QString &key, const Deltas &deltas, const QString &queueMode);
    /// One sentence on what a timeline marker of `m`'s kind means, in the informer's own terms
    /// (the timeline's tooltip and its accessible description).
    static QString forMark(const TimelineModel::Mark &m);
    /// Explains HasSynced (for the status bar's and the queue's HasSynced marks).
    static QString hasSynced(bool synced);

    /// The cause of a Sync/Replaced/tombstone queued at `seq`: "resync", "relist" or "" when
    /// the journal does not tell (looks back at most 20 000 events).
    static QString queueCause(const Journal *journal, quint64 seq);
};

} // namespace lens
