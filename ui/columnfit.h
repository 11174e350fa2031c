// SPDX-License-Identifier: Apache-2.0
#pragma once

class QTableView;

namespace lens {

/// Makes the last visible column of `view` fill the rest of the viewport's width, but never
/// narrower than `minWidth` pixels (then the view scrolls horizontally and the column's text is
/// elided; its tooltip, from the model's Qt::ToolTipRole, holds the full text). Replaces
/// QHeaderView::setStretchLastSection, which leaves the last column at its default size when
/// the other columns already overflow. Re-applied when the viewport is resized or a column is
/// resized. For the journal's and the key history's Detail columns.
void fitLastColumn(QTableView *view, int minWidth);

/// The same for column `column` (logical index): it takes the width the other columns leave,
/// but never less than `minWidth` pixels (e.g. the handlers' notification keys at 1400x900).
void fitColumn(QTableView *view, int column, int minWidth);

} // namespace lens
