// SPDX-License-Identifier: Apache-2.0
#include "columnfit.h"

#include <QEvent>
#include <QHash>
#include <QHeaderView>
#include <QObject>
#include <QPointer>
#include <QScrollBar>
#include <QStyle>
#include <QStyledItemDelegate>
#include <QTableView>

namespace lens {

namespace {
constexpr char kFitterProperty[] = "lensColumnFitter";
constexpr int kBatchTail = 512;   // rows measured of one rowsInserted: its newest
constexpr int kResetRows = 1000;  // rows measured after a reset or a layout change: the newest
constexpr int kResetHead = 100;   // … and the oldest, which the view may show first
constexpr int kMaxContent = 4000; // pixels: no column grows beyond this (the tooltip has it all)

/// One per view: fills one column with the viewport's rest (fitLastColumn/fitColumn) and/or
/// widens every column to its content (fitColumnsToContents).
class ColumnFitter final : public QObject {
public:
    static ColumnFitter *of(QTableView *view)
    {
        if (auto *f =
                static_cast<ColumnFitter *>(view->property(kFitterProperty).value<QObject *>()))
            return f;
        auto *f = new ColumnFitter(view);
        view->setProperty(kFitterProperty, QVariant::fromValue<QObject *>(f));
        return f;
    }
    static const ColumnFitter *find(const QTableView *view)
    {
        return static_cast<const ColumnFitter *>(
            view->property(kFitterProperty).value<QObject *>());
    }

    void setFilled(int column, int minWidth)
    {
        m_filled = true;
        m_column = column;
        m_minWidth = minWidth;
        m_view->horizontalHeader()->setStretchLastSection(false);
        fill();
    }

    void enableContents()
    {
        if (m_contents)
            return;
        m_contents = true;
        QAbstractItemModel *model = m_view->model();
        connect(model, &QAbstractItemModel::rowsInserted, this,
                [this](const QModelIndex &parent, int first, int last) {
                    if (!parent.isValid())
                        measureRows(qMax(first, last - kBatchTail + 1), last);
                });
        connect(model, &QAbstractItemModel::modelReset, this, &ColumnFitter::measureAll);
        connect(model, &QAbstractItemModel::layoutChanged, this, &ColumnFitter::measureAll);
        connect(model, &QAbstractItemModel::dataChanged, this,
                [this](const QModelIndex &tl, const QModelIndex &br) {
                    if (!tl.parent().isValid())
                        measureRows(tl.row(), qMin(br.row(), tl.row() + kBatchTail - 1));
                });
        // Rows scrolled into view (older than what the batches and resets measured).
        connect(m_view->verticalScrollBar(), &QScrollBar::valueChanged, this,
                &ColumnFitter::measureVisible);
        measureAll();
    }

    int content(int column) const { return m_content.value(column); }

    bool eventFilter(QObject *watched, QEvent *event) override
    {
        // m_viewport, not m_view->viewport(): events still reach this filter while the view
        // is being destroyed, when it is no longer a QAbstractScrollArea (UBSan, vptr check).
        if (watched == m_viewport && event->type() == QEvent::Resize)
            fill();
        if (watched == m_view && event->type() == QEvent::FontChange && m_contents) {
            m_content.clear();
            measureAll();
        }
        return QObject::eventFilter(watched, event);
    }

private:
    explicit ColumnFitter(QTableView *view)
        : QObject(view), m_view(view), m_viewport(view->viewport())
    {
        view->viewport()->installEventFilter(this);
        view->installEventFilter(this);
        connect(view->horizontalHeader(), &QHeaderView::sectionResized, this, [this](int logical) {
            if (m_filled && logical != fittedColumn())
                fill();
        });
    }

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

    void fill()
    {
        if (!m_filled)
            return;
        const int last = fittedColumn();
        if (last < 0)
            return;
        QHeaderView *h = m_view->horizontalHeader();
        int others = 0;
        for (int c = 0; c < h->count(); ++c)
            if (c != last && !h->isSectionHidden(c))
                others += h->sectionSize(c);
        const int width =
            qMax(qMax(m_minWidth, content(last)), m_view->viewport()->width() - others);
        if (h->sectionSize(last) != width)
            h->resizeSection(last, width);
    }

    void measureAll()
    {
        const int rows = m_view->model()->rowCount();
        measureRows(qMax(0, rows - kResetRows), rows - 1);
        measureRows(0, qMin(rows, kResetHead) - 1);
        measureVisible();
    }

    void measureVisible()
    {
        const int top = m_view->rowAt(0);
        if (top < 0)
            return;
        int bottom = m_view->rowAt(m_view->viewport()->height() - 1);
        if (bottom < 0)
            bottom = m_view->model()->rowCount() - 1;
        measureRows(top, bottom);
    }

    /// Widens the columns to the cells of rows first..last (inclusive).
    void measureRows(int first, int last)
    {
        if (!m_contents || first > last || first < 0)
            return;
        const QAbstractItemModel *model = m_view->model();
        QHeaderView *h = m_view->horizontalHeader();
        const QFontMetrics fm = m_view->fontMetrics();
        const int margins = 2 * cellTextMargin(m_view) + 1;
        // No text of n characters is wider than n of the font's widest: most cells are skipped
        // without shaping once a column is as wide as its content.
        const int widest = qMax(1, fm.maxWidth());
        QStyleOptionViewItem opt;
        opt.initFrom(m_view);
        opt.font = m_view->font();
        opt.fontMetrics = fm;
        opt.widget = m_view;
        const QLocale locale = m_view->locale();
        bool changed = false;
        for (int c = 0; c < h->count(); ++c) {
            if (h->isSectionHidden(c))
                continue;
            int &have = m_content[c];
            const int before = have;
            for (int r = first; r <= last; ++r) {
                const QModelIndex idx = model->index(r, c);
                QAbstractItemDelegate *d = m_view->itemDelegateForIndex(idx);
                auto *styled = qobject_cast<QStyledItemDelegate *>(d);
                if (d != m_view->itemDelegate() || !styled) { // the column's own drawing
                    have = qMax(have, d->sizeHint(opt, idx).width());
                    continue;
                }
                const QVariant v = idx.data(Qt::DisplayRole);
                if (!v.isValid())
                    continue;
                const QString text = styled->displayText(v, locale);
                if (text.isEmpty() || qsizetype(widest) * text.size() + margins <= have)
                    continue;
                have = qMax(have, fm.horizontalAdvance(text) + margins);
            }
            have = qMin(have, kMaxContent);
            if (have > before && h->sectionSize(c) < have) {
                changed = true;
                if (!(m_filled && c == fittedColumn()))
                    h->resizeSection(c, have);
            }
        }
        if (changed)
            fill();
    }

    QTableView *m_view;
    const QWidget *m_viewport; ///< m_view's viewport, whose Resize this filters
    bool m_filled = false;
    int m_column = -1; // the filled column; -1: the last visible one
    int m_minWidth = 0;
    bool m_contents = false;
    QHash<int, int> m_content; // logical column → widest cell measured, in pixels
};
} // namespace

void fitLastColumn(QTableView *view, int minWidth)
{
    ColumnFitter::of(view)->setFilled(-1, minWidth);
}

void fitColumn(QTableView *view, int column, int minWidth)
{
    ColumnFitter::of(view)->setFilled(column, minWidth);
}

void fitColumnsToContents(QTableView *view)
{
    ColumnFitter::of(view)->enableContents();
}

int contentWidth(const QTableView *view, int column)
{
    const ColumnFitter *f = ColumnFitter::find(view);
    return f ? f->content(column) : 0;
}

int cellTextMargin(const QTableView *view)
{
    return view->style()->pixelMetric(QStyle::PM_FocusFrameHMargin, nullptr, view) + 1;
}

} // namespace lens
