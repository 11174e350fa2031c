// SPDX-License-Identifier: Apache-2.0
#include "tableview.h"

#include "plaintextdelegate.h"

#include <QHeaderView>

#include <algorithm>
#include <vector>

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
    auto fit = [v, wanted = std::vector<int>(widths)] {
        const QHeaderView *h = v->horizontalHeader();
        for (int c = 0; c < int(wanted.size()); ++c)
            v->setColumnWidth(c, std::max(wanted[size_t(c)], h->sectionSizeHint(c)));
    };
    fit();
    // Titles change with the language (the window re-announces them): keep them whole.
    QObject::connect(v->model(), &QAbstractItemModel::headerDataChanged, v, fit);
}

} // namespace lens
