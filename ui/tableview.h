// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QTableView>

#include <initializer_list>

namespace lens {

/// A read-only live table the way every view of the window shows one: rows selected whole, one
/// at a time, no grid, alternating colours, fixed row height, text cells drawn by
/// PlainTextDelegate, the last column stretched. `accessibleName` is read by screen readers.
QTableView *makeTable(QAbstractItemModel *model, const QString &accessibleName, QWidget *parent);

/// Sets the first columns' widths, in pixels, from the left; a column whose title needs more
/// gets what its title needs (QHeaderView::sectionSizeHint), again whenever the model's header
/// data change (a language switch), so no title is clipped in any language.
void setWidths(QTableView *v, std::initializer_list<int> widths);

} // namespace lens
