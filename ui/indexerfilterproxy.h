// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/selectors.h"

#include <QSortFilterProxyModel>

namespace lens {

class IndexerModel;

/// The indexer view's filter: a row passes when its text matches the fixed-string filter (any
/// column, case-insensitive, as QSortFilterProxyModel does) AND its object's labels match the
/// label selector (k8s.io/apimachinery labels.Parse syntax: `app=web,tier in (a,b),!canary`).
/// Mirrors what a lister's List(selector) returns, on top of a free-text search.
class IndexerFilterProxy final : public QSortFilterProxyModel {
    Q_OBJECT
public:
    explicit IndexerFilterProxy(QObject *parent = nullptr);

    /// `source` must be an IndexerModel (objects are looked up by its KeyRole).
    void setIndexer(IndexerModel *source);

    /// Parses `text` with LabelSelector::parse. On success filters by it (an empty text
    /// matches everything) and returns true. On a parse error keeps the previous selector,
    /// returns false and sets *error to apimachinery's message.
    bool setLabelSelector(const QString &text, QString *error = nullptr);
    /// The selector in effect, canonical form ("" = everything).
    QString labelSelector() const { return m_selector.toString(); }

protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const override;

private:
    IndexerModel *m_indexer = nullptr;
    LabelSelector m_selector;
};

} // namespace lens
