// SPDX-License-Identifier: Apache-2.0
#include "flowlayout.h"

#include <QWidget>

namespace lens {

FlowLayout::FlowLayout(QWidget *parent, int hSpacing, int vSpacing)
    : QLayout(parent), m_hSpacing(hSpacing), m_vSpacing(vSpacing)
{
}

FlowLayout::~FlowLayout()
{
    while (QLayoutItem *item = takeAt(0))
        delete item;
}

void FlowLayout::insertWidget(int index, QWidget *w)
{
    addChildWidget(w);
    auto *item = new QWidgetItem(w);
    if (index < 0 || index > m_items.size())
        m_items.append(item);
    else
        m_items.insert(index, item);
    invalidate();
}

void FlowLayout::addItem(QLayoutItem *item)
{
    m_items.append(item);
}

int FlowLayout::count() const
{
    return int(m_items.size());
}

QLayoutItem *FlowLayout::itemAt(int index) const
{
    return m_items.value(index);
}

QLayoutItem *FlowLayout::takeAt(int index)
{
    if (index < 0 || index >= m_items.size())
        return nullptr;
    return m_items.takeAt(index);
}

Qt::Orientations FlowLayout::expandingDirections() const
{
    return Qt::Horizontal;
}

int FlowLayout::heightForWidth(int width) const
{
    return doLayout(QRect(0, 0, width, 0), false);
}

int FlowLayout::lineCountFor(int width) const
{
    int lines = 0;
    doLayout(QRect(0, 0, width, 0), false, &lines);
    return lines;
}

QSize FlowLayout::minimumSize() const
{
    QSize size;
    for (const QLayoutItem *item : m_items)
        if (!item->isEmpty())
            size = size.expandedTo(item->minimumSize());
    const QMargins m = contentsMargins();
    return size + QSize(m.left() + m.right(), m.top() + m.bottom());
}

QSize FlowLayout::sizeHint() const
{
    // One line: every item side by side.
    int width = 0, height = 0, shown = 0;
    for (const QLayoutItem *item : m_items) {
        if (item->isEmpty())
            continue;
        width += item->sizeHint().width();
        height = qMax(height, item->sizeHint().height());
        ++shown;
    }
    const QMargins m = contentsMargins();
    return QSize(width + qMax(0, shown - 1) * m_hSpacing + m.left() + m.right(),
                 height + m.top() + m.bottom());
}

void FlowLayout::setGeometry(const QRect &rect)
{
    QLayout::setGeometry(rect);
    doLayout(rect, true);
}

int FlowLayout::doLayout(const QRect &rect, bool apply, int *lines) const
{
    const QRect area = rect.marginsRemoved(contentsMargins());
    const int width = qMax(1, area.width());
    int y = area.top();
    int lineCount = 0;
    QList<QLayoutItem *> shown;
    for (QLayoutItem *item : m_items)
        if (!item->isEmpty())
            shown << item;
    for (qsizetype first = 0; first < shown.size();) {
        // The items of this line: as many as fit (at least one, narrowed to the line).
        qsizetype end = first;
        int used = 0;
        while (end < shown.size()) {
            const int w = qMin(shown[end]->sizeHint().width(), width);
            const int need = (end == first ? 0 : m_hSpacing) + w;
            if (end > first && used + need > width)
                break;
            used += need;
            ++end;
        }
        int lineHeight = 0;
        for (qsizetype i = first; i < end; ++i)
            lineHeight = qMax(lineHeight, shown[i]->sizeHint().height());
        if (apply) {
            int x = area.left();
            for (qsizetype i = first; i < end; ++i) {
                QLayoutItem *item = shown[i];
                int w = qMin(item->sizeHint().width(), width);
                // The last item of a line that can expand takes the rest of it.
                if (i == end - 1 && (item->expandingDirections() & Qt::Horizontal))
                    w = area.left() + width - x;
                const int h = qMin(item->sizeHint().height(), lineHeight);
                item->setGeometry(QRect(x, y + (lineHeight - h) / 2, w, h));
                x += w + m_hSpacing;
            }
        }
        y += lineHeight + m_vSpacing;
        ++lineCount;
        first = end;
    }
    if (lines)
        *lines = lineCount;
    const int used = lineCount == 0 ? 0 : y - m_vSpacing - area.top();
    const QMargins m = contentsMargins();
    return used + m.top() + m.bottom();
}

} // namespace lens
