// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QTableView>

#include <initializer_list>

class QAction;

namespace lens {

/// A read-only live table the way every view of the window shows one: rows selected whole
/// (one, or several with Shift/Ctrl), no grid, alternating colours, fixed row height, text
/// cells drawn by PlainTextDelegate, the last column stretched, and copyable rows
/// (installRowCopy). `accessibleName` is read by screen readers.
QTableView *makeTable(QAbstractItemModel *model, const QString &accessibleName, QWidget *parent);

/// The height of one row of `view`, in pixels: a table's fixed row height (makeTable), a tree's
/// first row (or a line of its font and the delegate's margins while it has no rows).
int rowHeight(const QAbstractItemView *view);

/// The height (px) `view` needs to show `rows` rows under its column titles, with its
/// horizontal scroll bar (unless it has none) and frame.
int rowsHeight(const QAbstractItemView *view, int rows);

/// Keeps `view` at least `rows` rows high (rowsHeight), again whenever its column titles'
/// geometry changes (their language and font): the window's splitters never squeeze a table
/// or tree to nothing at 1280x800; what does not fit scrolls.
void keepMinimumRows(QAbstractItemView *view, int rows);

/// Sets the first columns' widths, in pixels, from the left; a column whose title needs more
/// gets what its title needs (QHeaderView::sectionSizeHint), again whenever the model's header
/// data change (a language switch), so no title is clipped in any language; a column fitted
/// to its content (fitColumnsToContents) keeps its content's width.
void setWidths(QTableView *v, std::initializer_list<int> widths);

/// The selected rows of `view` (a table or a tree; the current row when none is selected) as
/// tab-separated text: a header line with the visible columns' titles, then one line per row
/// in the order the view shows them, each cell's display text (tabs and line breaks in a
/// cell become spaces), every line ending in '\n'. Empty when the view has no model or no row
/// is selected or current.
QString selectedRowsAsTsv(const QAbstractItemView *view);

/// Gives `view` a "Copy" action (Ctrl+C while the view has the focus, and its context menu)
/// that puts selectedRowsAsTsv() on the clipboard; the one way every table and tree of the
/// window copies rows. Returns the action (its text is translated; re-applied on a language
/// change). Idempotent.
QAction *installRowCopy(QAbstractItemView *view);

} // namespace lens
