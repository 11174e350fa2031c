// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "eventbatcher.h"
#include "journalfold.h"
#include <QAbstractItemModel>
#include <QHash>
#include <QStringList>

#include <functional>
#include <memory>
#include <vector>

namespace lens {

class Journal;
class Object;
struct TraceEvent;

/// The Indexer's indices as a tree: index name → indexed value → keys, folded from IndexerAdded /
/// IndexerUpdated / IndexerDeleted. By default one index, "namespace" (client-go's
/// MetaNamespaceIndexFunc, which every SharedIndexInformer has); values and keys are sorted; a
/// value whose key set becomes empty disappears, as in client-go's threadSafeMap.
///
/// Column 0 is the name, column 1 the number of children (values of an index, keys of a value).
/// Live: batched by an EventBatcher (default 50 ms); one rowsInserted/rowsRemoved per contiguous
/// run under each value. Concept shown: Indexers/Indices — ByIndex("namespace", "default").
class NamespaceIndexModel final : public QAbstractItemModel, public JournalFold {
    Q_OBJECT
public:
    /// An index function: the values an object is indexed under (client-go IndexFunc).
    using IndexFunc = std::function<QStringList(const Object &)>;
    enum Column { NameColumn, CountColumn, ColumnCount };
    enum Role { KeyRole = Qt::UserRole + 1 }; ///< QString key on leaf rows, empty elsewhere

    /// Folds `journal`'s retained history at once, then follows it live. `journal` is not owned.
    explicit NamespaceIndexModel(JournalSource source, QObject *parent = nullptr);
    ~NamespaceIndexModel() override;

    /// Adds another index (e.g. a label) before any event is folded; ignored afterwards.
    void addIndex(const QString &name, IndexFunc func);

    QModelIndex index(int row, int column, const QModelIndex &parent = {}) const override;
    QModelIndex parent(const QModelIndex &child) const override;
    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation o, int role = Qt::DisplayRole) const override;

    /// Applies pending journal events now instead of at the next coalescing tick.
    void flush() override;
    EventBatcher *batcher() const { return m_batcher; }

    /// Time travel: the indices as of journal seq `seq` (folded again from the retained events
    /// with seq ≤ `seq`, later ones not applied); 0 = live again.
    void foldUpTo(quint64 seq) override;
    quint64 foldedUpTo() const override { return m_upTo; }

    /// ByIndex(indexName, value): the keys, sorted; empty when unknown.
    QStringList keysFor(const QString &indexName, const QString &value) const;
    /// IndexKeys-style listing of an index's values, sorted.
    QStringList valuesOf(const QString &indexName) const;

private:
    struct Node {
        QString name;
        Node *parent = nullptr;
        std::vector<std::unique_ptr<Node>> children;
    };
    Node *nodeOf(const QModelIndex &index) const;
    QModelIndex indexOfNode(Node *node) const;
    static int childRow(const Node *parent, const QString &name);
    static int lowerBound(const Node *parent, const QString &name);
    void fold(const EventBatch &events);
    void applyValue(Node *indexNode, const QString &value, const QStringList &removed,
                    const QStringList &added);

    EventBatcher *m_batcher;
    std::unique_ptr<Node> m_root;
    std::vector<IndexFunc> m_funcs;                      // parallel to m_root->children
    QHash<QString, std::vector<QStringList>> m_valuesOf; // key → values per index
    bool m_started = false;
    quint64 m_upTo = 0;
};

} // namespace lens
