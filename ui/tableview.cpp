// SPDX-License-Identifier: Apache-2.0
#include "tableview.h"

#include "plaintextdelegate.h"

#include <QHeaderView>

namespace lens {

QTableView *makeTable(QAbstractItemModel *model, const QString &accessibleName, QWidget *parent)
{
    auto *v = new QTableView(parent);
    v->setModel(model);
    v->setItemDelegate(new PlainTextDelegate(v)); // text cells at a fraction of the cost
    v->setAccessibleName(accessibleName);
    v->setSelectionBehavior(QAbstractItemView::SelectRows);
    v->setSelectionMode(QAbstractItemView::SingleSelection);
    v->setAlternatingRowColors(true);
    v->setShowGrid(false);
    v->setWordWrap(false);
    v->setTextElideMode(Qt::ElideRight);
    v->setHorizontalScrollMode(QAbstractItemView::ScrollPerPixel);
    v->verticalHeader()->setVisible(false);
    v->verticalHeader()->setDefaultSectionSize(v->fontMetrics().height() + 10);
    v->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    v->horizontalHeader()->setHighlightSections(false);
    v->horizontalHeader()->setDefaultAlignment(Qt::AlignLeft | Qt::AlignVCenter);
    v->horizontalHeader()->setStretchLastSection(true);
    return v;
}

void setWidths(QTableView *v, std::initializer_list<int> widths)
{
    int c = 0;
    for (int w : widths)
        v->setColumnWidth(c++, w);
}

} // namespace lens
