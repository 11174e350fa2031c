// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QCache>
#include <QFont>
#include <QStyledItemDelegate>

#include <memory>

class QTextLayout;

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
///
/// A cell's text is laid out (shaped, and elided to fit) once per text, font, width and
/// alignment and kept in a cache of the last 4096 such layouts: a table following a live
/// journal shows the same keys, event kinds and types row after row, and shaping them again on
/// every repaint was most of its painting time.
class PlainTextDelegate final : public QStyledItemDelegate {
    Q_OBJECT
public:
    using QStyledItemDelegate::QStyledItemDelegate;

    void paint(QPainter *painter, const QStyleOptionViewItem &option,
               const QModelIndex &index) const override;

    /// What a laid-out text is cached under.
    struct CellKey {
        QString text;
        QFont font;
        int width = 0; ///< the text rectangle's width, in pixels
        int alignment = 0;
        int direction = 0;
        int elideMode = 0;
        bool operator==(const CellKey &) const = default;
    };

private:
    /// One cell text laid out to one line, elided when it does not fit.
    struct LaidOutText {
        LaidOutText();
        ~LaidOutText();
        std::unique_ptr<QTextLayout> layout; ///< drawn at the text rectangle's left
        QSize size;                          ///< the unelided text's size, aligned by the style
    };
    /// `text` laid out as QCommonStyle would in a `width`-pixel text rectangle of `opt`, from
    /// the cache or made and put in it.
    const LaidOutText &laidOut(const QString &text, const QStyleOptionViewItem &opt,
                               int width) const;

    mutable QCache<CellKey, LaidOutText> m_laidOut{4096};
};

size_t qHash(const PlainTextDelegate::CellKey &key, size_t seed = 0);

} // namespace lens
