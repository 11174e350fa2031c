// SPDX-License-Identifier: Apache-2.0
#include "namespaceindexmodel.h"

#include "eventbatcher.h"
#include "trace/journal.h"

#include <QMap>
#include <QSet>

#include <algorithm>

namespace lens {

NamespaceIndexModel::NamespaceIndexModel(JournalSource source, QObject *parent)
    : QAbstractItemModel(parent), m_root(std::make_unique<Node>())
{
    addIndex(QStringLiteral("namespace"),
             [](const Object &o) { return QStringList{o.namespace_()}; });
    m_batcher = new EventBatcher(
        source, [this](const EventBatch &ev) { fold(ev); },
        [](const TraceEvent &e) {
            return e.kind == TraceKind::IndexerAdded || e.kind == TraceKind::IndexerUpdated ||
                   e.kind == TraceKind::IndexerDeleted;
        },
        this);
    m_batcher->replayHistory();
}

NamespaceIndexModel::~NamespaceIndexModel() = default;

void NamespaceIndexModel::addIndex(const QString &name, IndexFunc func)
{
    if (m_started || childRow(m_root.get(), name) >= 0)
        return;
    const int row = int(m_root->children.size());
    beginInsertRows({}, row, row);
    auto node = std::make_unique<Node>();
    node->name = name;
    node->parent = m_root.get();
    m_root->children.push_back(std::move(node));
    m_funcs.push_back(std::move(func));
    endInsertRows();
}

void NamespaceIndexModel::foldUpTo(quint64 seq)
{
    m_batcher->setFrozen(true);
    m_upTo = seq;
    beginResetModel();
    for (auto &indexNode : m_root->children)
        indexNode->children.clear();
    m_valuesOf.clear();
    endResetModel();
    // Values and keys arrive as ordinary inserts after the (empty) reset, so the view expands
    // them as it expands live ones.
    m_batcher->replayHistory(seq);
    m_batcher->setFrozen(seq != 0);
}

void NamespaceIndexModel::flush()
{
    m_batcher->flushNow();
}

int NamespaceIndexModel::lowerBound(const Node *parent, const QString &name)
{
    auto it = std::lower_bound(
        parent->children.cbegin(), parent->children.cend(), name,
        [](const std::unique_ptr<Node> &n, const QString &v) { return n->name < v; });
    return int(it - parent->children.cbegin());
}

int NamespaceIndexModel::childRow(const Node *parent, const QString &name)
{
    if (parent == nullptr)
        return -1;
    if (parent->parent == nullptr) { // index names are in insertion order
        for (size_t i = 0; i < parent->children.size(); ++i)
            if (parent->children[i]->name == name)
                return int(i);
        return -1;
    }
    const int pos = lowerBound(parent, name);
    return pos < int(parent->children.size()) && parent->children[size_t(pos)]->name == name ? pos
                                                                                             : -1;
}

NamespaceIndexModel::Node *NamespaceIndexModel::nodeOf(const QModelIndex &index) const
{
    if (!index.isValid())
        return m_root.get();
    auto *parent = static_cast<Node *>(index.internalPointer());
    return parent->children[size_t(index.row())].get();
}

QModelIndex NamespaceIndexModel::indexOfNode(Node *node) const
{
    if (node == nullptr || node == m_root.get())
        return {};
    const Node *p = node->parent;
    for (size_t i = 0; i < p->children.size(); ++i)
        if (p->children[i].get() == node)
            return createIndex(int(i), 0, p);
    return {};
}

QModelIndex NamespaceIndexModel::index(int row, int column, const QModelIndex &parent) const
{
    if (!hasIndex(row, column, parent))
        return {};
    return createIndex(row, column, nodeOf(parent));
}

QModelIndex NamespaceIndexModel::parent(const QModelIndex &child) const
{
    if (!child.isValid())
        return {};
    return indexOfNode(static_cast<Node *>(child.internalPointer()));
}

int NamespaceIndexModel::rowCount(const QModelIndex &parent) const
{
    if (parent.column() > 0)
        return 0;
    return int(nodeOf(parent)->children.size());
}

int NamespaceIndexModel::columnCount(const QModelIndex &) const
{
    return ColumnCount;
}

QVariant NamespaceIndexModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid))
        return {};
    const Node *n = nodeOf(index);
    const int depth = n->parent == m_root.get() ? 0 : n->parent->parent == m_root.get() ? 1 : 2;
    switch (role) {
    case Qt::DisplayRole:
        if (index.column() == NameColumn) {
            if (depth == 1 && n->name.isEmpty())
                return tr("(cluster-scoped)");
            return n->name;
        }
        if (depth < 2)
            return int(n->children.size());
        return {};
    case Qt::ToolTipRole:
        if (depth == 0)
            return tr("Index \"%1\": value → keys").arg(n->name);
        if (depth == 1)
            return tr("ByIndex(\"%1\", \"%2\"): %n key(s)", nullptr, int(n->children.size()))
                .arg(n->parent->name, n->name);
        return n->name;
    case Qt::TextAlignmentRole:
        if (index.column() == CountColumn)
            return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
        return {};
    case KeyRole:
        return depth == 2 ? n->name : QString();
    }
    return {};
}

QVariant NamespaceIndexModel::headerData(int section, Qt::Orientation o, int role) const
{
    if (o != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractItemModel::headerData(section, o, role);
    return section == NameColumn ? tr("Index → value → keys") : tr("Count");
}

QStringList NamespaceIndexModel::keysFor(const QString &indexName, const QString &value) const
{
    const int i = childRow(m_root.get(), indexName);
    if (i < 0)
        return {};
    const Node *idx = m_root->children[size_t(i)].get();
    const int v = childRow(idx, value);
    if (v < 0)
        return {};
    QStringList out;
    for (const auto &k : idx->children[size_t(v)]->children)
        out << k->name;
    return out;
}

QStringList NamespaceIndexModel::valuesOf(const QString &indexName) const
{
    const int i = childRow(m_root.get(), indexName);
    if (i < 0)
        return {};
    QStringList out;
    for (const auto &v : m_root->children[size_t(i)]->children)
        out << v->name;
    return out;
}

void NamespaceIndexModel::fold(const EventBatch &events)
{
    m_started = true;
    const size_t nIdx = m_funcs.size();
    // Final index values of every touched key (empty vector = deleted).
    QHash<QString, std::vector<QStringList>> finalValues;
    for (const TraceEvent &e : events) {
        std::vector<QStringList> vals;
        if (e.kind != TraceKind::IndexerDeleted) {
            for (const IndexFunc &f : m_funcs)
                vals.push_back(f(e.object));
        }
        finalValues.insert(e.key, std::move(vals));
    }
    // Per index: value → (removed keys, added keys).
    std::vector<QMap<QString, std::pair<QStringList, QStringList>>> work(nIdx);
    for (auto it = finalValues.cbegin(); it != finalValues.cend(); ++it) {
        const std::vector<QStringList> old = m_valuesOf.value(it.key());
        const std::vector<QStringList> &now = it.value();
        for (size_t i = 0; i < nIdx; ++i) {
            const QStringList before = i < old.size() ? old[i] : QStringList();
            const QStringList after = i < now.size() ? now[i] : QStringList();
            for (const QString &v : before)
                if (!after.contains(v))
                    work[i][v].first << it.key();
            for (const QString &v : after)
                if (!before.contains(v))
                    work[i][v].second << it.key();
        }
        if (now.empty())
            m_valuesOf.remove(it.key());
        else
            m_valuesOf.insert(it.key(), now);
    }
    for (size_t i = 0; i < nIdx; ++i) {
        Node *indexNode = m_root->children[i].get();
        const int before = int(indexNode->children.size());
        for (auto it = work[i].cbegin(); it != work[i].cend(); ++it)
            applyValue(indexNode, it.key(), it.value().first, it.value().second);
        if (before != int(indexNode->children.size())) {
            const QModelIndex idx = indexOfNode(indexNode).siblingAtColumn(CountColumn);
            Q_EMIT dataChanged(idx, idx, {Qt::DisplayRole});
        }
    }
}

void NamespaceIndexModel::applyValue(Node *indexNode, const QString &value,
                                     const QStringList &removedIn, const QStringList &addedIn)
{
    const QModelIndex indexIdx = indexOfNode(indexNode);
    QStringList added = addedIn;
    std::sort(added.begin(), added.end());
    int row = childRow(indexNode, value);
    if (row < 0) {
        if (added.isEmpty())
            return;
        const int pos = lowerBound(indexNode, value);
        beginInsertRows(indexIdx, pos, pos);
        auto node = std::make_unique<Node>();
        node->name = value;
        node->parent = indexNode;
        for (const QString &k : std::as_const(added)) {
            auto leaf = std::make_unique<Node>();
            leaf->name = k;
            leaf->parent = node.get();
            node->children.push_back(std::move(leaf));
        }
        indexNode->children.insert(indexNode->children.begin() + pos, std::move(node));
        endInsertRows();
        return;
    }
    Node *valueNode = indexNode->children[size_t(row)].get();
    const QModelIndex valueIdx = index(row, 0, indexIdx);
    const int countBefore = int(valueNode->children.size());

    // Removed keys: runs of positions, last run first.
    QList<int> positions;
    for (const QString &k : removedIn) {
        const int p = childRow(valueNode, k);
        if (p >= 0)
            positions << p;
    }
    if (positions.size() == countBefore && added.isEmpty()) {
        beginRemoveRows(indexIdx, row, row); // the value's set is empty: client-go deletes it
        indexNode->children.erase(indexNode->children.begin() + row);
        endRemoveRows();
        return;
    }
    std::sort(positions.begin(), positions.end());
    int i = int(positions.size()) - 1;
    while (i >= 0) {
        int j = i;
        while (j > 0 && positions[j - 1] + 1 == positions[j])
            --j;
        beginRemoveRows(valueIdx, positions[j], positions[i]);
        valueNode->children.erase(valueNode->children.begin() + positions[j],
                                  valueNode->children.begin() + positions[i] + 1);
        endRemoveRows();
        i = j - 1;
    }

    // Added keys: group those that land at the same position into one insertion.
    qsizetype a = 0;
    while (a < added.size()) {
        const int pos = lowerBound(valueNode, added[a]);
        qsizetype b = a + 1;
        while (b < added.size() && lowerBound(valueNode, added[b]) == pos)
            ++b;
        beginInsertRows(valueIdx, pos, pos + int(b - a) - 1);
        std::vector<std::unique_ptr<Node>> leaves;
        for (qsizetype k = a; k < b; ++k) {
            auto leaf = std::make_unique<Node>();
            leaf->name = added[k];
            leaf->parent = valueNode;
            leaves.push_back(std::move(leaf));
        }
        valueNode->children.insert(valueNode->children.begin() + pos,
                                   std::make_move_iterator(leaves.begin()),
                                   std::make_move_iterator(leaves.end()));
        endInsertRows();
        a = b;
    }
    if (countBefore != int(valueNode->children.size())) {
        const QModelIndex c = valueIdx.siblingAtColumn(CountColumn);
        Q_EMIT dataChanged(c, c, {Qt::DisplayRole});
    }
}

} // namespace lens
