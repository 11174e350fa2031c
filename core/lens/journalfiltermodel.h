// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "trace/traceevent.h"

#include <QSet>
#include <QSortFilterProxyModel>

#include <optional>

namespace lens {

class JournalModel;

/// The journal list, filtered: a QSortFilterProxyModel over a JournalModel that keeps the rows
/// whose event matches every criterion set (an unset criterion matches everything):
///
///  * text: a case-insensitive substring of the event's key or of the informer that recorded
///    it ("web-2", "kube-system/", "nodes");
///  * kind: the event's TraceKind (traceKindName: "watchEvent", "handlerNotified", …);
///  * handler: the `detail.handler` of a listener's events (handlerNotified, handlerAdded,
///    handlerRemoved, handlerResyncChanged), exactly: events of no handler never match;
///  * type: the event's `type` exactly, as recorded: a watch event's ADDED / MODIFIED /
///    DELETED, a queued Delta's Added / Updated / Deleted / Replaced / Sync, a notification's
///    add / update / delete, DeletedFinalStateUnknown…;
///  * informer: the informer that recorded it (TraceEvent::informer) exactly;
///  * time range: journal time (ms since the journal's clock started), both ends inclusive,
///    either end open.
///
/// Rows keep the journal's order; nothing is sorted. Rows arriving at the source's tail are
/// filtered as they arrive (dynamicSortFilter), so a view over this model keeps following the
/// journal's tail with a filter on. Custom roles (JournalModel::KeyRole, SeqRole, …) pass
/// through, so a selected proxy index says which event it shows.
///
/// choices(): the handlers, types and informers the source's journal has recorded so far (for
/// the filter bar's combo boxes), gathered incrementally from the journal's retained events as
/// the source model grows, never forgotten when events are dropped from the journal.
/// Widgets-free; no errors (criteria that match nothing leave the model empty).
class JournalFilterModel final : public QSortFilterProxyModel {
    Q_OBJECT
public:
    explicit JournalFilterModel(QObject *parent = nullptr);
    ~JournalFilterModel() override;

    /// The model filtered (not owned; may be null). Gathers its journal's choices at once.
    void setJournalModel(JournalModel *model);
    JournalModel *journalModel() const { return m_model; }

    void setText(const QString &text);
    QString text() const { return m_text; }
    /// nullopt = any kind.
    void setKind(std::optional<TraceKind> kind);
    std::optional<TraceKind> kind() const { return m_kind; }
    /// "" = any (and events of no handler).
    void setHandler(const QString &handler);
    QString handler() const { return m_handler; }
    /// "" = any type.
    void setType(const QString &type);
    QString type() const { return m_type; }
    /// "" = any informer.
    void setInformer(const QString &informer);
    QString informer() const { return m_informer; }
    /// Journal time range in ms, inclusive; a negative end is open (-1, -1 = any time).
    void setTimeRange(qint64 fromMs, qint64 toMs);
    qint64 fromMs() const { return m_fromMs; }
    qint64 toMs() const { return m_toMs; }
    /// Unsets every criterion (one re-filter).
    void clearCriteria();
    /// True while at least one criterion is set.
    bool isActive() const;

    /// True when journal event `e` passes every criterion set.
    bool matches(const TraceEvent &e) const;

    /// What the journal has recorded so far, sorted (case-insensitively), for the filter bar.
    struct Choices {
        QStringList handlers;
        QStringList types;
        QStringList informers;
    };
    Choices choices() const;

Q_SIGNALS:
    /// A criterion changed (after the rows were filtered again).
    void criteriaChanged();
    /// choices() gained a handler, type or informer.
    void choicesChanged();

protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const override;

private:
    /// Reads the journal's events recorded since the last gather into the choice sets.
    void gather();
    void refilter();

    JournalModel *m_model = nullptr;
    QString m_text;
    std::optional<TraceKind> m_kind;
    QString m_handler;
    QString m_type;
    QString m_informer;
    qint64 m_fromMs = -1;
    qint64 m_toMs = -1;

    quint64 m_gatheredSeq = 0; ///< the newest journal seq read into the sets below
    QSet<QString> m_handlers;
    QSet<QString> m_types;
    QSet<QString> m_informers;
};

} // namespace lens
