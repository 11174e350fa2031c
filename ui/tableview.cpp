// SPDX-License-Identifier: Apache-2.0
#include "tableview.h"

#include "columnfit.h"
#include "plaintextdelegate.h"

#include <QAction>
#include <QClipboard>
#include <QCoreApplication>
#include <QEvent>
#include <QGuiApplication>
#include <QHeaderView>
#include <QScrollBar>
#include <QStyledItemDelegate>
#include <QTreeView>

#include <algorithm>
#include <vector>

namespace lens {

namespace {
QString copyText()
{
    return QCoreApplication::translate("lens::TableView", "&Copy");
}

/// Re-applies the Copy action's text on a language change of its view.
class CopyRetranslator final : public QObject {
public:
    CopyRetranslator(QAction *action, QWidget *view) : QObject(action), m_action(action)
    {
        view->installEventFilter(this);
    }
    bool eventFilter(QObject *watched, QEvent *event) override
    {
        if (event->type() == QEvent::LanguageChange)
            m_action->setText(copyText());
        return QObject::eventFilter(watched, event);
    }

private:
    QAction *m_action;
};

const QHeaderView *columnsHeader(const QAbstractItemView *view)
{
    if (auto *t = qobject_cast<const QTableView *>(view))
        return t->horizontalHeader();
    if (auto *t = qobject_cast<const QTreeView *>(view))
        return t->header();
    return nullptr;
}

/// A tree's rows: the delegate's text line and its margins (QStyledItemDelegate).
int treeRowHeight(const QTreeView *view)
{
    const int first = view->model() && view->model()->rowCount() > 0 ? view->sizeHintForRow(0) : 0;
    return qMax(first, view->fontMetrics().height() + 4);
}

/// `index`'s rows from the root down: the order a table or a tree shows its rows in.
QList<int> pathOf(QModelIndex index)
{
    QList<int> path;
    for (; index.isValid(); index = index.parent())
        path.prepend(index.row());
    return path;
}

QString cellText(const QAbstractItemView *view, const QModelIndex &index)
{
    const QVariant v = index.data(Qt::DisplayRole);
    QString text;
    if (auto *d = qobject_cast<QStyledItemDelegate *>(view->itemDelegateForIndex(index)))
        text = d->displayText(v, view->locale()); // as the cell shows it
    else
        text = v.toString();
    for (QChar &c : text)
        if (c == QLatin1Char('\t') || c == QLatin1Char('\n') || c == QLatin1Char('\r'))
            c = QLatin1Char(' ');
    return text;
}
} // namespace

QTableView *makeTable(QAbstractItemModel *model, const QString &accessibleName, QWidget *parent)
{
    auto *v = new QTableView(parent);
    v->setModel(model);
    v->setItemDelegate(new PlainTextDelegate(v)); // text cells at a fraction of the cost
    v->setAccessibleName(accessibleName);
    v->setSelectionBehavior(QAbstractItemView::SelectRows);
    // Several rows (Shift/Ctrl+click) to copy them; the current row is still the one shown.
    v->setSelectionMode(QAbstractItemView::ExtendedSelection);
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
    installRowCopy(v);
    return v;
}

void setWidths(QTableView *v, std::initializer_list<int> widths)
{
    auto fit = [v, wanted = std::vector<int>(widths)] {
        const QHeaderView *h = v->horizontalHeader();
        for (int c = 0; c < int(wanted.size()); ++c)
            v->setColumnWidth(
                c, std::max({wanted[size_t(c)], h->sectionSizeHint(c), contentWidth(v, c)}));
    };
    fit();
    // Titles change with the language (the window re-announces them): keep them whole.
    QObject::connect(v->model(), &QAbstractItemModel::headerDataChanged, v, fit);
}

int rowHeight(const QAbstractItemView *view)
{
    if (auto *t = qobject_cast<const QTableView *>(view))
        return t->verticalHeader()->defaultSectionSize();
    if (auto *t = qobject_cast<const QTreeView *>(view))
        return treeRowHeight(t);
    return view->fontMetrics().height() + 4;
}

int rowsHeight(const QAbstractItemView *view, int rows)
{
    const QHeaderView *header = columnsHeader(view);
    const int titles = header && !header->isHidden() ? header->sizeHint().height() : 0;
    const int bar = view->horizontalScrollBarPolicy() == Qt::ScrollBarAlwaysOff
                        ? 0
                        : view->horizontalScrollBar()->sizeHint().height();
    return titles + rows * rowHeight(view) + bar + 2 * view->frameWidth();
}

void keepMinimumRows(QAbstractItemView *view, int rows)
{
    auto keep = [view, rows] { view->setMinimumHeight(rowsHeight(view, rows)); };
    if (const QHeaderView *header = columnsHeader(view))
        QObject::connect(header, &QHeaderView::geometriesChanged, view, keep);
    keep();
}

QString selectedRowsAsTsv(const QAbstractItemView *view)
{
    const QAbstractItemModel *model = view->model();
    const QHeaderView *header = columnsHeader(view);
    if (!model || !header || !view->selectionModel())
        return {};
    QModelIndexList rows = view->selectionModel()->selectedRows();
    if (rows.isEmpty() && view->currentIndex().isValid())
        rows << view->currentIndex().siblingAtColumn(0);
    if (rows.isEmpty())
        return {};
    std::vector<std::pair<QList<int>, QModelIndex>> ordered;
    ordered.reserve(size_t(rows.size()));
    for (const QModelIndex &r : std::as_const(rows))
        ordered.emplace_back(pathOf(r), r);
    std::sort(ordered.begin(), ordered.end(),
              [](const auto &a, const auto &b) { return a.first < b.first; });
    QList<int> columns; // visible ones, as the view orders them
    for (int v = 0; v < header->count(); ++v)
        if (const int c = header->logicalIndex(v); !header->isSectionHidden(c))
            columns << c;
    QStringList cells;
    for (int c : std::as_const(columns))
        cells << model->headerData(c, Qt::Horizontal, Qt::DisplayRole).toString();
    QString out = cells.join(QLatin1Char('\t')) + QLatin1Char('\n');
    for (const auto &[path, row] : ordered) {
        cells.clear();
        for (int c : std::as_const(columns))
            cells << cellText(view, row.siblingAtColumn(c));
        out += cells.join(QLatin1Char('\t')) + QLatin1Char('\n');
    }
    return out;
}

QAction *installRowCopy(QAbstractItemView *view)
{
    const QString name = QStringLiteral("copyRowsAction");
    for (QAction *a : view->actions())
        if (a->objectName() == name)
            return a;
    auto *a = new QAction(copyText(), view);
    a->setObjectName(name);
    a->setShortcut(QKeySequence::Copy);
    a->setShortcutContext(Qt::WidgetShortcut);
    QObject::connect(a, &QAction::triggered, view, [view] {
        const QString text = selectedRowsAsTsv(view);
        if (!text.isEmpty())
            QGuiApplication::clipboard()->setText(text);
    });
    view->addAction(a);
    view->setContextMenuPolicy(Qt::ActionsContextMenu);
    new CopyRetranslator(a, view);
    return a;
}

} // namespace lens
