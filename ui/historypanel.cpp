// SPDX-License-Identifier: Apache-2.0
#include "historypanel.h"

#include "columnfit.h"
#include "deltachipdelegate.h"
#include "lens/keyhistorymodel.h"
#include "lens/lensmodels.h"
#include "tableview.h"

#include <QItemSelectionModel>
#include <QScrollBar>
#include <QTableView>
#include <QTimer>

namespace lens {

void followTail(QTableView *view)
{
    QScrollBar *sb = view->verticalScrollBar();
    if (sb->value() >= sb->maximum() - 2)
        QTimer::singleShot(0, view, &QTableView::scrollToBottom);
}

HistoryPanel::HistoryPanel(LensModels *body, QWidget *parent)
    : Panel(QString(), nullptr, parent), m_body(body)
{
    KeyHistoryModel *history = body->history();
    m_view = makeTable(history, tr("Key history"), this);
    m_view->setObjectName(QStringLiteral("historyView"));
    m_view->setItemDelegateForColumn(KeyHistoryModel::TypeColumn,
                                     new DeltaChipDelegate(KeyHistoryModel::DeltaChipsRole, this));
    setWidths(m_view, {48, 66, 110, 170, 52});
    fitLastColumn(m_view, 160); // Detail: elided, full text in its tooltip
    addContent(m_view, 1);
    connect(history, &KeyHistoryModel::keyChanged, this, &HistoryPanel::retranslate);
    // A key's story is read backwards from its latest row ("why did my handler get this
    // update?"), so a newly selected key opens at its newest rows.
    connect(history, &KeyHistoryModel::keyChanged, this,
            [this] { QTimer::singleShot(0, m_view, &QTableView::scrollToBottom); });
    connect(history, &QAbstractItemModel::rowsInserted, this, [this] { followTail(m_view); });
    connect(body, &LensModels::travelled, this,
            [this] { QTimer::singleShot(0, m_view, &QTableView::scrollToBottom); });
    connect(m_view->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this](const QModelIndex &current) {
                if (current.isValid())
                    Q_EMIT seqChosen(current.data(KeyHistoryModel::SeqRole).toULongLong());
            });
    retranslate();
}

void HistoryPanel::retranslate()
{
    const QString key = m_body->history()->key();
    m_view->setAccessibleName(tr("Key history"));
    setTitle(key.isEmpty() ? tr("Key history") : tr("Key history: %1").arg(key));
    setSubtitle(key.isEmpty() ? tr("select a key in the queue, indexer or journal")
                              : tr("watch → queue → pop → indexer → handlers"));
}

} // namespace lens
