// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/selectors.h"

#include <QSortFilterProxyModel>

#include <vector>

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
    /// Shows only rows with a cell that contains `text` (case-insensitive; "" = every row),
    /// like setFilterFixedString() over every column but read from the objects directly
    /// (IndexerModel::showsText), so that 150 000 rows filter in tens of milliseconds.
    void setTextFilter(const QString &text);
    QString textFilter() const { return m_text; }

protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const override;
    /// With sortRole() == IndexerModel::SortRole: the order SortRole gives (text; resourceVersion
    /// and size as numbers, a resourceVersion that is not a number after those that are; the
    /// namespace column breaks ties by name), from per-row keys read once per sort instead of a
    /// QVariant per comparison; else QSortFilterProxyModel's.
    bool lessThan(const QModelIndex &left, const QModelIndex &right) const override;

private:
    /// One row's sort key in the sorted column: text (and a second text for the namespace
    /// column's name) or a number, read once per row instead of once per comparison.
    struct SortKey {
        QString text, second;
        qint64 number = 0;
        bool numeric = false;
    };
    SortKey sortKeyOf(int sourceRow, int column) const;
    /// Keeps m_keys in step with the source's rows (connected before the proxy's own handlers,
    /// so the proxy sorts inserted rows with their keys already there).
    void trackSourceRows();
    IndexerModel *m_indexer = nullptr;
    QString m_text;
    mutable std::vector<SortKey> m_keys; ///< per source row, for m_keysColumn
    mutable int m_keysColumn = -1;       ///< -1: not built
    LabelSelector m_selector;
};

} // namespace lens
