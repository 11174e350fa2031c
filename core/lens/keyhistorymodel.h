// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/object.h"
#include "cappedrowsmodel.h"
#include "controllerloop.h"
#include "deltachip.h"
#include "eventbatcher.h"
#include "journalfold.h"
#include "trace/traceevent.h"

#include <QSet>

namespace lens {

class Journal;

/// Everything the journal knows about one key, in order: the watch events that brought its
/// versions, each FifoQueued (with the key's Deltas at that moment), each FifoPopped, what the
/// indexer did, and every handler notification — with seq, time, resourceVersion and a detail
/// line (for object changes, the fields that differ from the previous version).
///
/// setKey() rebuilds from the journal's retained events (a model reset: a genuine wholesale
/// replacement); afterwards new events for the key are appended live, batched (default 50 ms).
/// Concept shown: one object's path Reflector → DeltaFIFO → HandleDeltas → Indexer → handlers.
///
/// With a controller in the journal the history goes on around the loop (ControllerLoop): the
/// workqueue operations on the key's queue key (a claim's UID), the worker's sync, the
/// Provisioner's calls, the API writes and the watch event of the object its create wrote
/// coming back through another informer (matched by the answer's resourceVersion), each row
/// naming its own key (KeyRole) when it is not the selected one. The Resource column says
/// whose row each is (resourceOf): the key's own rows name its informer's resource, a loop's
/// rows the queue, the provisioner, an API request's resource or another object ("persistent-
/// volumes pvc-…": a PV the claim's create wrote), so a claim's history never passes a PV's
/// rows off as the claim's.
///
/// Keeps the newest `rowCap()` rows (a key updated thousands of times a second would otherwise
/// grow without end); older ones leave at the top, counted by droppedRows().
struct KeyHistoryEntry {
    quint64 seq = 0;
    qint64 t = 0;
    TraceKind kind = TraceKind::Info;
    QString component;
    QString type;
    QString resourceVersion;
    QString detail;
    QString tooltip;
    DeltaChips chips;
    QString key;      ///< the event's key when it is not the selected one (a linked row)
    QString informer; ///< the informer that recorded it, for a linked row
    QString resource; ///< whose row it is (KeyHistoryModel::ResourceColumn)
};

class KeyHistoryModel final : public CappedRowsModel<KeyHistoryEntry>, public JournalFold {
    Q_OBJECT
public:
    enum Column {
        SeqColumn,
        TimeColumn,
        ResourceColumn, ///< whose row: the key's informer, or the loop's queue, object, request
        KindColumn,
        TypeColumn,
        ResourceVersionColumn,
        DetailColumn,
        ColumnCount
    };
    Q_ENUM(Column)
    enum Role {
        DeltaChipsRole = Qt::UserRole + 1, ///< QVariant<lens::DeltaChips> on FIFO rows (TypeColumn)
        KindRole,                          ///< int(TraceKind)
        SeqRole,                           ///< quint64
        KeyRole, ///< QString: the row's own key, "" for the selected key's own events
    };

    /// `journal` is not owned. The model is empty until setKey(); it keeps the newest `rowCap`
    /// rows (at least 1).
    explicit KeyHistoryModel(JournalSource source, QObject *parent = nullptr, int rowCap = 5000);
    /// The rows' bytes: sizeof(KeyHistoryEntry) each and the texts they keep of their own
    /// (detail, tooltip, chips). For MemoryUse.
    qint64 memoryBytes() const override;
    ~KeyHistoryModel() override;

    /// Shows the history of `key` ("ns/name"); an empty key clears the model.
    void setKey(const QString &key);
    QString key() const { return m_key; }

    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation o, int role = Qt::DisplayRole) const override;

    /// Applies pending journal events now instead of at the next coalescing tick.
    void flush() override;
    EventBatcher *batcher() const { return m_batcher; }

    /// Time travel: the key's history as far as journal seq `seq` (rebuilt from the retained
    /// events with seq ≤ `seq`; later events are not appended); 0 = live again. Kept across
    /// setKey(): a key selected while travelling shows its history up to the same seq.
    void foldUpTo(quint64 seq) override;
    quint64 foldedUpTo() const override { return m_upTo; }

    /// The newest version of the key's object that a folded event carried (a watch event, a
    /// queued Delta, an indexer change), null when none did: the inspector's "last known
    /// state" of a deleted key, as of the folded moment.
    Object lastObject() const { return m_lastObject; }
    /// Whether the event that carried lastObject() deleted it (a DELETED watch event, a queued
    /// or popped Deleted delta, the indexer's delete).
    bool lastObjectGone() const { return m_lastObjectGone; }

    /// When the key is deleted as of the folded moment: the indexer's delete of it (the
    /// informer's store, as HandleDeltas applied a Deleted or DeletedFinalStateUnknown delta)
    /// with no later add. `seq` 0 when the key exists, was never in the store, or no key is
    /// set.
    struct Deletion {
        quint64 seq = 0;
        qint64 t = 0;           ///< journal time, ms
        bool tombstone = false; ///< DeletedFinalStateUnknown: a relist found it gone
    };
    Deletion deletion() const { return m_deletion; }

    /// Every key the journal has recorded an event of (this model's informer's, see
    /// JournalSource), sorted: deleted keys too, and keys whose events the journal has since
    /// dropped. Read incrementally from the journal's retained events on each call.
    QStringList knownKeys() const;

    /// What a key typed in the key field stands for, as docs/window.md promises ("any part of
    /// the key, any case"): `key` is the one key it names (the key itself; the one key equal
    /// to it in any case; the one whose name, after the namespace, is it; else the one key
    /// containing it), "" when it names none or several; `candidates` are the known keys
    /// containing it, any case (sorted).
    struct KeyMatch {
        QString key;
        QStringList candidates;
    };
    KeyMatch matchKey(const QString &typed) const;

    /// Whether a row of another object, queue or request than the selected key's own is shown
    /// (a controller's loop): the window shows the Resource column then.
    bool hasLinkedRows() const { return m_linkedRows > 0; }
    /// The Resource column's text for an event: the key's own informer events (`own`) name
    /// `informer` (the resource its informer watches), another object's its informer and key
    /// ("persistentvolumes pvc-1"); a workqueue or controller event names its queue ("claims
    /// queue"), the Provisioner's "provisioner", an API request its path's resource and name
    /// ("events" for an Event about the key itself, "persistentvolumes"). Translated.
    static QString resourceOf(const TraceEvent &e, bool own, const QString &informer);

Q_SIGNALS:
    void keyChanged(const QString &key);

private:
    using Entry = KeyHistoryEntry;
    Entry makeEntry(const TraceEvent &e);
    void append(const EventBatch &events);
    /// Clears the rows and folds the key's retained events up to m_upTo (inside a reset).
    void rebuild();
    /// Whether `e` (accepted by the batcher) is the key's or its loop's; learns from it.
    bool belongs(const TraceEvent &e);
    /// A create's answer came: the watch row that brought the same resourceVersion says so.
    void markAnswered(const TraceEvent &answer);

    JournalSource m_source; ///< the informer whose key this is
    ControllerLoop m_loop;
    EventBatcher *m_batcher;
    QString m_key;
    quint64 m_upTo = 0;
    Object m_lastObject;
    bool m_lastObjectGone = false;
    Object m_prevWatchObject;
    Object m_prevIndexerObject;
    Deletion m_deletion;
    bool m_rebuilding = false;     ///< inside rebuild(): a reset, no row signals
    int m_linkedRows = 0;          ///< rows of the loop around the key (not its own)
    mutable quint64 m_keysSeq = 0; ///< the newest journal seq knownKeys() has read
    mutable QSet<QString> m_knownKeys;
};

} // namespace lens
