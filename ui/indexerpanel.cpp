// SPDX-License-Identifier: Apache-2.0
#include "indexerpanel.h"

#include "columnfit.h"
#include "indexerfilterproxy.h"
#include "lens/indexermodel.h"
#include "lens/lensmodels.h"
#include "lens/namespaceindexmodel.h"
#include "rowsleaving.h"
#include "tableview.h"

#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QLineEdit>
#include <QTableView>
#include <QTimer>
#include <QTreeView>

namespace lens {

IndexerPanel::IndexerPanel(LensModels *body, QWidget *parent)
    : Panel(QString(), nullptr, parent), m_body(body), m_proxy(new IndexerFilterProxy(this)),
      m_filterTimer(new QTimer(this))
{
    IndexerModel *indexer = body->indexer();
    m_proxy->setIndexer(indexer);
    m_proxy->setSortRole(IndexerModel::SortRole);
    m_proxy->setFilterKeyColumn(-1);
    m_proxy->setFilterCaseSensitivity(Qt::CaseInsensitive);
    m_proxy->setDynamicSortFilter(true);
    // Before the view has the proxy: a deleted object's row leaving is not the user's choice of
    // its neighbour (the key history keeps the deleted key).
    auto *rowsLeaving = new RowsLeaving(m_proxy, this);
    m_view = makeTable(m_proxy, tr("Indexer objects"), this);
    m_view->setObjectName(QStringLiteral("indexerView"));
    rowsLeaving->clearMovedCurrent(m_view);
    m_view->setSortingEnabled(true);
    m_view->sortByColumn(IndexerModel::NamespaceColumn, Qt::AscendingOrder);
    setWidths(m_view, {100, 110, 48, 150, 72, 50});
    // Labels: the rest of the width, at least their text; every column at least its content.
    fitColumn(m_view, IndexerModel::LabelsColumn, 150);
    fitColumnsToContents(m_view);
    m_filter = new QLineEdit(this);
    m_filter->setObjectName(QStringLiteral("indexerFilter"));
    m_filter->setClearButtonEnabled(true);
    m_filter->setMinimumWidth(150);
    m_filterTimer->setSingleShot(true);
    m_filterTimer->setInterval(250);
    connect(m_filter, &QLineEdit::textChanged, m_filterTimer, qOverload<>(&QTimer::start));
    m_selectorEdit = new QLineEdit(this);
    m_selectorEdit->setObjectName(QStringLiteral("labelSelector"));
    m_selectorEdit->setClearButtonEnabled(true);
    m_selectorEdit->setMinimumWidth(150);
    connect(m_selectorEdit, &QLineEdit::textChanged, m_filterTimer, qOverload<>(&QTimer::start));
    connect(m_filterTimer, &QTimer::timeout, this, &IndexerPanel::applyFilter);
    addHeaderWidget(m_filter);
    addHeaderWidget(m_selectorEdit);
    keepMinimumRows(m_view, kMinimumTableRows);
    addContent(m_view, 1);
    m_selectorError = new QLabel(this);
    m_selectorError->setObjectName(QStringLiteral("labelSelectorError"));
    m_selectorError->setStyleSheet(QStringLiteral("color: #c62828;"));
    m_selectorError->setWordWrap(true);
    m_selectorError->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_selectorError->hide();
    addContent(m_selectorError);
    // The proxy announces a removal while the source still holds the row; the source's own
    // signal comes after both counts are current.
    for (auto sig : {&QAbstractItemModel::rowsInserted, &QAbstractItemModel::rowsRemoved}) {
        connect(m_proxy, sig, this, &IndexerPanel::updateSubtitle);
        connect(indexer, sig, this, &IndexerPanel::updateSubtitle);
    }
    connect(m_proxy, &QAbstractItemModel::modelReset, this, &IndexerPanel::updateSubtitle);
    connect(m_proxy, &QAbstractItemModel::layoutChanged, this, &IndexerPanel::updateSubtitle);
    connect(m_view->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this, rowsLeaving](const QModelIndex &current) {
                if (current.isValid() && !rowsLeaving->active())
                    Q_EMIT keySelected(current.data(IndexerModel::KeyRole).toString());
            });
    retranslate();
}

void IndexerPanel::applyFilter()
{
    m_filterTimer->stop();
    m_proxy->setTextFilter(m_filter->text());
    QString err;
    if (m_proxy->setLabelSelector(m_selectorEdit->text(), &err)) {
        m_selectorEdit->setStyleSheet(QString());
        m_selectorError->hide();
        m_selectorError->clear();
        return;
    }
    // Keep the last valid selector in effect and say why this one is not.
    m_selectorEdit->setStyleSheet(QStringLiteral("QLineEdit { border: 2px solid #c62828; }"));
    m_selectorError->setText(tr("Label selector not applied: %1").arg(err));
    m_selectorError->show();
}

QString IndexerPanel::selectorError() const
{
    return m_selectorError->text();
}

void IndexerPanel::selectKey(const QString &key)
{
    const int i = m_body->indexer()->rowOfKey(key);
    if (i < 0)
        return;
    const QModelIndex pi = m_proxy->mapFromSource(m_body->indexer()->index(i, 0));
    if (pi.isValid() && m_view->currentIndex().row() != pi.row())
        m_view->setCurrentIndex(pi);
}

void IndexerPanel::updateSubtitle()
{
    const int all = m_body->indexer()->rowCount(), shown = m_proxy->rowCount();
    setSubtitle(shown == all ? tr("%n object(s)", nullptr, all)
                             : tr("%1 of %n object(s)", nullptr, all).arg(shown));
}

void IndexerPanel::retranslate()
{
    setTitle(tr("Indexer"));
    m_filter->setPlaceholderText(tr("Filter objects (name, namespace, label, phase)\u2026"));
    m_filter->setAccessibleName(tr("Filter indexer objects"));
    m_view->setAccessibleName(tr("Indexer objects"));
    m_selectorEdit->setPlaceholderText(tr("Label selector, e.g. app=web,tier in (a,b)"));
    m_selectorEdit->setAccessibleName(tr("Label selector for indexer objects"));
    m_selectorEdit->setToolTip(tr("Kubernetes label selector syntax: key=value, key!=value, "
                                  "key in (a,b), key notin (a,b), key, !key"));
    updateSubtitle();
}

IndicesPanel::IndicesPanel(LensModels *body, QWidget *parent)
    : Panel(QString(), nullptr, parent), m_body(body), m_view(new QTreeView(this))
{
    NamespaceIndexModel *namespaces = body->namespaces();
    m_view->setObjectName(QStringLiteral("namespaceView"));
    auto *rowsLeaving = new RowsLeaving(namespaces, this); // before the view has the model
    m_view->setModel(namespaces);
    rowsLeaving->clearMovedCurrent(m_view);
    m_view->setUniformRowHeights(true);
    m_view->setAlternatingRowColors(true);
    m_view->header()->setStretchLastSection(false);
    m_view->header()->setSectionResizeMode(0, QHeaderView::Stretch);
    m_view->header()->resizeSection(1, 60);
    m_view->expandToDepth(1);
    installRowCopy(m_view);
    keepMinimumRows(m_view, kMinimumTableRows);
    addContent(m_view, 1);
    connect(namespaces, &QAbstractItemModel::rowsInserted, this,
            [this, namespaces](const QModelIndex &parent, int first, int last) {
                if (!parent.isValid() || !parent.parent().isValid()) {
                    m_view->expand(parent);
                    for (int r = first; r <= last; ++r)
                        m_view->expand(namespaces->index(r, 0, parent));
                }
            });
    connect(m_view->selectionModel(), &QItemSelectionModel::currentChanged, this,
            [this, rowsLeaving](const QModelIndex &current) {
                if (rowsLeaving->active())
                    return; // a deleted object's row left: not the user's choice
                const QString key =
                    current.siblingAtColumn(0).data(NamespaceIndexModel::KeyRole).toString();
                if (!key.isEmpty())
                    Q_EMIT keySelected(key);
            });
    retranslate();
}

void IndicesPanel::retranslate()
{
    setTitle(tr("Indices"));
    setSubtitle(tr("index \u2192 value \u2192 keys, as ByIndex() sees them"));
    m_view->setAccessibleName(tr("Namespace index"));
}

} // namespace lens
