// SPDX-License-Identifier: Apache-2.0
#include "indexerfilterproxy.h"

#include "lens/indexermodel.h"

namespace lens {

IndexerFilterProxy::IndexerFilterProxy(QObject *parent) : QSortFilterProxyModel(parent) {}

void IndexerFilterProxy::setIndexer(IndexerModel *source)
{
    m_indexer = source;
    m_keysColumn = -1;
    m_keys.clear();
    trackSourceRows();
    setSourceModel(source);
}

void IndexerFilterProxy::trackSourceRows()
{
    if (!m_indexer)
        return;
    const auto forget = [this] {
        m_keysColumn = -1;
        m_keys.clear();
    };
    connect(m_indexer, &QAbstractItemModel::modelReset, this, forget);
    connect(m_indexer, &QAbstractItemModel::layoutChanged, this, forget);
    connect(m_indexer, &QAbstractItemModel::rowsMoved, this, forget);
    connect(m_indexer, &QAbstractItemModel::rowsInserted, this,
            [this](const QModelIndex &parent, int first, int last) {
                if (m_keysColumn < 0 || parent.isValid())
                    return;
                std::vector<SortKey> added;
                added.reserve(size_t(last - first + 1));
                for (int r = first; r <= last; ++r)
                    added.push_back(sortKeyOf(r, m_keysColumn));
                m_keys.insert(m_keys.begin() + first, added.begin(), added.end());
            });
    connect(m_indexer, &QAbstractItemModel::rowsRemoved, this,
            [this](const QModelIndex &parent, int first, int last) {
                if (m_keysColumn < 0 || parent.isValid())
                    return;
                m_keys.erase(m_keys.begin() + first, m_keys.begin() + last + 1);
            });
    connect(m_indexer, &QAbstractItemModel::dataChanged, this,
            [this](const QModelIndex &topLeft, const QModelIndex &bottomRight) {
                if (m_keysColumn < 0)
                    return;
                for (int r = topLeft.row(); r <= bottomRight.row(); ++r)
                    m_keys[size_t(r)] = sortKeyOf(r, m_keysColumn);
            });
}

IndexerFilterProxy::SortKey IndexerFilterProxy::sortKeyOf(int row, int column) const
{
    const Object &o = m_indexer->storedObject(row);
    SortKey k;
    switch (column) {
    case IndexerModel::NamespaceColumn:
        k.text = o.namespace_();
        k.second = o.name();
        break;
    case IndexerModel::NameColumn:
        k.text = o.name();
        break;
    case IndexerModel::ResourceVersionColumn:
        k.text = o.resourceVersion();
        k.number = k.text.toLongLong(&k.numeric);
        break;
    case IndexerModel::LabelsColumn:
        k.text = IndexerModel::labelsText(o);
        break;
    case IndexerModel::PhaseColumn:
        k.text = IndexerModel::phaseOf(o);
        break;
    case IndexerModel::SizeColumn:
        k.number = o.byteSize();
        k.numeric = true;
        break;
    }
    return k;
}

bool IndexerFilterProxy::setLabelSelector(const QString &text, QString *error)
{
    QString err;
    const auto parsed = LabelSelector::parse(text, &err);
    if (!parsed) {
        if (error)
            *error = err;
        return false;
    }
    if (parsed->toString() != m_selector.toString()) {
        m_selector = *parsed;
        invalidateFilter();
    }
    return true;
}

void IndexerFilterProxy::setTextFilter(const QString &text)
{
    if (text == m_text)
        return;
    m_text = text;
    invalidateFilter();
}

bool IndexerFilterProxy::filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const
{
    if (!QSortFilterProxyModel::filterAcceptsRow(sourceRow, sourceParent))
        return false;
    if (!m_indexer || sourceParent.isValid())
        return true;
    const Object &o = m_indexer->storedObject(sourceRow);
    return IndexerModel::showsText(o, m_text) && (m_selector.isEmpty() || m_selector.matches(o));
}

bool IndexerFilterProxy::lessThan(const QModelIndex &left, const QModelIndex &right) const
{
    if (!m_indexer || sortRole() != IndexerModel::SortRole)
        return QSortFilterProxyModel::lessThan(left, right);
    const int column = left.column();
    if (m_keysColumn != column || m_keys.size() != size_t(m_indexer->rowCount())) {
        // One pass over the rows, then every comparison of this sort reads the keys.
        m_keysColumn = column;
        m_keys.clear();
        m_keys.reserve(size_t(m_indexer->rowCount()));
        for (int r = 0; r < m_indexer->rowCount(); ++r)
            m_keys.push_back(sortKeyOf(r, column));
    }
    const SortKey &a = m_keys[size_t(left.row())], &b = m_keys[size_t(right.row())];
    if (a.numeric != b.numeric) // numbers before texts that are not numbers
        return a.numeric;
    if (a.numeric && a.number != b.number)
        return a.number < b.number;
    if (const int c = a.text.compare(b.text))
        return c < 0;
    return a.second.compare(b.second) < 0;
}

} // namespace lens
