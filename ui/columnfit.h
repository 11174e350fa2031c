// SPDX-License-Identifier: Apache-2.0
#pragma once

class QTableView;

namespace lens {

/// Makes the last visible column of `view` fill the rest of the viewport's width, but never
/// narrower than `minWidth` pixels nor than its content when fitColumnsToContents() is on
/// (then the view scrolls horizontally; text still too wide is elided and its tooltip, from
/// the model's Qt::ToolTipRole, holds the full text). Replaces
/// QHeaderView::setStretchLastSection, which leaves the last column at its default size when
/// the other columns already overflow. Re-applied when the viewport is resized or a column is
/// resized. For the journal's and the key history's Detail columns.
void fitLastColumn(QTableView *view, int minWidth);

/// The same for column `column` (logical index): it takes the width the other columns leave,
/// but never less than `minWidth` pixels (e.g. the handlers' notification keys at 1400x900).
void fitColumn(QTableView *view, int column, int minWidth);

/// Widens each column of `view` to its widest cell, so times past 100 s, long keys, names,
/// labels and diffs are read whole rather than elided: measured now, then for the rows each
/// rowsInserted brings (the newest 512 of a batch), for all rows after a model reset or a
/// layout change (the newest 1000 and the oldest 100), for rows scrolled into view, for changed
/// cells (dataChanged), and again after a font change. A cell's width is its display text's advance
/// in the view's font plus the margins PlainTextDelegate draws it with, or the size hint of the
/// column's own delegate (the delta chips). Columns only grow, and only when wider content arrives:
/// a column the user narrowed stays narrow until then. The filled column (fitLastColumn/fitColumn)
/// takes the rest of the viewport beyond its content. Call it after setWidths().
void fitColumnsToContents(QTableView *view);

/// The widest cell of column `column` measured by fitColumnsToContents() so far, in pixels
/// (0 when the view's columns are not fitted to their content).
int contentWidth(const QTableView *view, int column);

/// The pixels PlainTextDelegate leaves on each side of a cell's text in `view` (the style's
/// focus-frame margin plus one): a cell shows `text` whole when its width is at least the
/// text's advance plus twice this.
int cellTextMargin(const QTableView *view);

} // namespace lens
