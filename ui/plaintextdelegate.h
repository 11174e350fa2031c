// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QStyledItemDelegate>

namespace lens {

/// QStyledItemDelegate for the live tables' plain one-line text cells, at a fraction of its
/// cost: the style still draws the cell (alternating/selected background, focus), but the
/// text is elided and drawn once with QPainter instead of going through QStyle's text layout,
/// which shapes each cell's text three or four times per paint (size, layout, draw, elide).
/// Under thousands of events per second the tables repaint several times a second and their
/// text shaping was the UI thread's largest cost.
///
/// Looks the same as QStyledItemDelegate for such cells: the same text rectangle and margins,
/// alignment (Qt::TextAlignmentRole), font, foreground/background roles, elide mode and
/// palette (HighlightedText when selected). Cells with a decoration, a check box or a
/// multi-line text are painted by QStyledItemDelegate itself.
class PlainTextDelegate final : public QStyledItemDelegate {
    Q_OBJECT
public:
    using QStyledItemDelegate::QStyledItemDelegate;

    void paint(QPainter *painter, const QStyleOptionViewItem &option,
               const QModelIndex &index) const override;
};

} // namespace lens
