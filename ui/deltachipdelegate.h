// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QStyledItemDelegate>

namespace lens {

/// Paints a cell's DeltaChips (read from `chipsRole`, a QVariant<lens::DeltaChips>) as a row of
/// coloured chips, oldest first: "Replaced 12", "Updated 14" … in the DeltaType colours; a
/// DeletedFinalStateUnknown tombstone is a white chip with a dashed red outline and a ✝. Chips
/// that do not fit collapse into a trailing "+N". Cells without chips paint as usual.
///
/// Concept shown: a DeltaFIFO entry is a list of deltas, compressed (dedupDeltas) but not merged.
class DeltaChipDelegate final : public QStyledItemDelegate {
    Q_OBJECT
public:
    explicit DeltaChipDelegate(int chipsRole, QObject *parent = nullptr);

    void paint(QPainter *painter, const QStyleOptionViewItem &option,
               const QModelIndex &index) const override;
    QSize sizeHint(const QStyleOptionViewItem &option, const QModelIndex &index) const override;

private:
    int m_role;
};

} // namespace lens
