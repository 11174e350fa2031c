// SPDX-License-Identifier: Apache-2.0
#include "columnfit.h"

#include <QEvent>
#include <QHeaderView>
#include <QObject>
#include <QTableView>

namespace lens {

namespace {
class ColumnFitter final : public QObject {
public:
    ColumnFitter(QTableView *view, int column, int minWidth)
        : QObject(view), m_view(view), m_column(column), m_minWidth(minWidth)
    {
        view->horizontalHeader()->setStretchLastSection(false);
        view->viewport()->installEventFilter(this);
        connect(view->horizontalHeader(), &QHeaderView::sectionResized, this, [this](int logical) {
            if (logical != fittedColumn())
                fit();
        });
        fit();
    }

    bool eventFilter(QObject *watched, QEvent *event) override
    {
        if (watched == m_view->viewport() && event->type() == QEvent::Resize)
            fit();
        return QObject::eventFilter(watched, event);
    }

private:
    int fittedColumn() const
    {
        if (m_column >= 0)
            return m_column;
        const QHeaderView *h = m_view->horizontalHeader();
        for (int v = h->count() - 1; v >= 0; --v)
            if (!h->isSectionHidden(h->logicalIndex(v)))
                return h->logicalIndex(v);
        return -1;
    }

    void fit()
    {
        const int last = fittedColumn();
        if (last < 0)
            return;
        QHeaderView *h = m_view->horizontalHeader();
        int others = 0;
        for (int c = 0; c < h->count(); ++c)
            if (c != last && !h->isSectionHidden(c))
                others += h->sectionSize(c);
        const int width = qMax(m_minWidth, m_view->viewport()->width() - others);
        if (h->sectionSize(last) != width)
            h->resizeSection(last, width);
    }

    QTableView *m_view;
    int m_column; // -1: the last visible one
    int m_minWidth;
};
} // namespace

void fitLastColumn(QTableView *view, int minWidth)
{
    new ColumnFitter(view, -1, minWidth);
}

void fitColumn(QTableView *view, int column, int minWidth)
{
    new ColumnFitter(view, column, minWidth);
}

} // namespace lens
