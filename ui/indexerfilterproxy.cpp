// SPDX-License-Identifier: Apache-2.0
#include "indexerfilterproxy.h"

#include "lens/indexermodel.h"

namespace lens {

IndexerFilterProxy::IndexerFilterProxy(QObject *parent) : QSortFilterProxyModel(parent) {}

void IndexerFilterProxy::setIndexer(IndexerModel *source)
{
    m_indexer = source;
    setSourceModel(source);
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

bool IndexerFilterProxy::filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const
{
    if (!QSortFilterProxyModel::filterAcceptsRow(sourceRow, sourceParent))
        return false;
    if (m_selector.isEmpty() || !m_indexer)
        return true;
    const QString key =
        m_indexer->index(sourceRow, 0, sourceParent).data(IndexerModel::KeyRole).toString();
    return m_selector.matches(m_indexer->objectOfKey(key));
}

} // namespace lens
