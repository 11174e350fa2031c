// SPDX-License-Identifier: Apache-2.0
#include "queuepanel.h"

#include "columnfit.h"

#include "deltachipdelegate.h"
#include "lens/keyhistorymodel.h"
#include "lens/lensmodels.h"
#include "lens/queuemodel.h"
#include "tableview.h"

#include <QHeaderView>
#include <QItemSelectionModel>
#include <QSignalBlocker>
#include <QTableView>

namespace lens {

QueuePanel::QueuePanel(LensModels *body, QWidget *parent)
    : Panel(QStringLiteral("DeltaFIFO"), nullptr, parent), m_body(body)
{
    QueueModel *queue = body->queue();
    // Before the view has the model: while Pop takes rows out, the view's current row slides
    // to the next key, and that is not the user's choice.
    m_rowsLeaving = new RowsLeaving(queue, this);
    connect(queue, &QAbstractItemModel::rowsRemoved, this, &QueuePanel::queueChanged);
    connect(queue, &QAbstractItemModel::dataChanged, this, &QueuePanel::queueChanged);
    connect(queue, &QAbstractItemModel::modelReset, this, &QueuePanel::queueChanged);
    m_view = makeTable(queue, tr("DeltaFIFO queue"), this);
    m_view->setObjectName(QStringLiteral("queueView"));
    m_rowsLeaving->clearMovedCurrent(m_view);
    m_view->verticalHeader()->setVisible(true); // "#": queue position, 1 = next to pop
    m_view->verticalHeader()->setDefaultSectionSize(m_view->fontMetrics().height() + 9);
    m_view->verticalHeader()->setDefaultAlignment(Qt::AlignRight | Qt::AlignVCenter);
    m_view->setItemDelegateForColumn(QueueModel::DeltasColumn,
                                     new DeltaChipDelegate(QueueModel::DeltaChipsRole, this));
    setWidths(m_view, {170, 300, 76});
    // Deltas: the rest of the width, at least its chips; every column at least its content.
    fitColumn(m_view, QueueModel::DeltasColumn, 200);
    fitColumnsToContents(m_view);
    // Never squeezed to its column titles (three informers at 1280x800 left it 0 rows).
    keepMinimumRows(m_view, kMinimumTableRows);
    addContent(m_view, 1);
    connect(queue, &QAbstractItemModel::headerDataChanged, this, &QueuePanel::retranslate);
    connect(queue, &QueueModel::statsChanged, this, &QueuePanel::updateSubtitle);
    connect(queue, &QAbstractItemModel::rowsInserted, this, &QueuePanel::updateSubtitle);
    connect(queue, &QAbstractItemModel::rowsRemoved, this, &QueuePanel::updateSubtitle);
    connect(body, &LensModels::travelled, this, &QueuePanel::updateSubtitle);
    connect(m_view->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this](const QModelIndex &current) {
                if (!current.isValid() || m_rowsLeaving->active())
                    return;
                const QString key = current.data(QueueModel::KeyRole).toString();
                Q_EMIT keySelected(key);
                Q_EMIT queuedKeyChosen(key);
            });
    retranslate();
}

void QueuePanel::selectKey(const QString &key)
{
    const int q = m_body->queue()->rowOfKey(key);
    if (q >= 0 && m_view->currentIndex().row() != q)
        m_view->setCurrentIndex(m_body->queue()->index(q, QueueModel::KeyColumn));
}

void QueuePanel::updateSubtitle()
{
    const QueueModel *q = m_body->queue();
    const quint64 travel = m_body->travelSeq();
    setSubtitle((travel ? tr("past, at seq %1: ").arg(travel) : QString()) +
                tr("%n key(s) queued now", nullptr, q->depth()) +
                tr(" \u00B7 %1 deltas queued in all \u00B7 %2 popped")
                    .arg(q->queuedTotal())
                    .arg(q->poppedTotal()) +
                (q->hasSynced() ? tr(" \u00B7 HasSynced \u2713") : tr(" \u00B7 HasSynced \u2717")));
}

void QueuePanel::retranslate()
{
    setTitle(m_body->queue()->isRealFifo() ? QStringLiteral("RealFIFO")
                                           : QStringLiteral("DeltaFIFO"));
    m_view->setAccessibleName(tr("DeltaFIFO queue"));
    updateSubtitle();
}

} // namespace lens
