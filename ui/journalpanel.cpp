// SPDX-License-Identifier: Apache-2.0
#include "journalpanel.h"

#include "columnfit.h"
#include "historypanel.h"
#include "lens/journalmodel.h"
#include "lens/lensmodels.h"
#include "tableview.h"
#include "trace/journal.h"

#include <QHeaderView>
#include <QItemSelectionModel>
#include <QTableView>
#include <QTimer>

namespace lens {

JournalPanel::JournalPanel(LensModels *body, QWidget *parent)
    : Panel(QString(), nullptr, parent), m_body(body)
{
    JournalModel *model = body->journalModel();
    m_view = makeTable(model, tr("Journal"), this);
    m_view->setObjectName(QStringLiteral("journalView"));
    setWidths(m_view, {40, 62, 70, 100, 130, 74, 44});
    // Before hiding a column: Qt 6.4 leaves a hidden section's width as a gap when
    // stretchLastSection is switched off after the section was hidden.
    fitLastColumn(m_view, 160); // Detail: elided, full text in its tooltip
    m_view->setColumnHidden(JournalModel::ComponentColumn, true);
    m_view->verticalHeader()->setDefaultSectionSize(m_view->fontMetrics().height() + 6);
    addContent(m_view, 1);
    connect(model, &QAbstractItemModel::rowsInserted, this, [this] { followTail(m_view); });
    connect(model, &QAbstractItemModel::rowsInserted, this, &JournalPanel::updateSubtitle);
    connect(body, &LensModels::travelled, this, [this] {
        updateSubtitle();
        QTimer::singleShot(0, m_view, &QTableView::scrollToBottom);
    });
    connect(m_view->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this](const QModelIndex &current) {
                const QString key = current.data(JournalModel::KeyRole).toString();
                if (!key.isEmpty())
                    Q_EMIT keySelected(key, current.data(JournalModel::InformerRole).toString());
                if (current.isValid())
                    Q_EMIT seqChosen(current.data(JournalModel::SeqRole).toULongLong());
            });
    QTimer::singleShot(0, m_view, &QTableView::scrollToBottom);
    retranslate();
}

void JournalPanel::updateSubtitle()
{
    const Journal *journal = m_body->journal();
    const quint64 travel = m_body->travelSeq();
    // While travelling the journal ends at the travel seq: seqs count events from 1.
    const quint64 recorded = travel ? travel : journal->lastSeq();
    QString text = (travel ? tr("past, at seq %1: ").arg(travel) : QString()) +
                   tr("%1 events recorded · newest %2 shown")
                       .arg(recorded)
                       .arg(m_body->journalModel()->rowCount());
    if (journal->droppedCount() > 0)
        text += tr(" · %1 oldest dropped (journal cap %2)")
                    .arg(journal->droppedCount())
                    .arg(journal->capacity());
    setSubtitle(text);
}

void JournalPanel::retranslate()
{
    setTitle(tr("Journal"));
    m_view->setAccessibleName(tr("Journal"));
    updateSubtitle();
}

} // namespace lens
