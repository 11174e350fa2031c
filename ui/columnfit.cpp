// SPDX-License-Identifier: Apache-2.0
#include "columnfit.h"

#include <QEvent>
#include <QHeaderView>
#include <QObject>
#include <QTableView>

namespace lens {

namespace {
class LastColumnFitter final : public QObject {
public:
    LastColumnFitter(QTableView *view, int minWidth)
        : QObject(view), m_view(view), m_minWidth(minWidth)
    {
        view->horizontalHeader()->setStretchLastSection(false);
        view->viewport()->installEventFilter(this);
        connect(view->horizontalHeader(), &QHeaderView::sectionResized, this, [this](int logical) {
            if (logical != lastColumn())
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
    int lastColumn() const
    {
        const QHeaderView *h = m_view->horizontalHeader();
        for (int v = h->count() - 1; v >= 0; --v)
            if (!h->isSectionHidden(h->logicalIndex(v)))
                return h->logicalIndex(v);
        return -1;
    }

    void fit()
    {
        const int last = lastColumn();
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
    int m_minWidth;
};
} // namespace

void fitLastColumn(QTableView *view, int minWidth)
{
    new LastColumnFitter(view, minWidth);
}

} // namespace lens
