// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QLayout>
#include <QList>

namespace lens {

/// A layout that sets its items left to right, as many to a line as fit, and begins a new
/// line below for the next one that does not (the Informers bar: its title, one button per
/// informer and the WaitForCacheSync gate, wrapped when the window is too narrow for one line
/// instead of cut). Items in a line are centred vertically. The last item of a line takes the
/// rest of it when its horizontal size policy can expand; an item wider than a whole line
/// gets the line's width (it must be able to give way, e.g. a label that elides). Heights follow
/// the width (heightForWidth()), so a window that narrows gets a taller bar, never a wider window:
/// the layout's minimum width is its widest item's minimum.
class FlowLayout final : public QLayout {
public:
    /// `hSpacing` between items of a line, `vSpacing` between lines (px).
    explicit FlowLayout(QWidget *parent = nullptr, int hSpacing = 6, int vSpacing = 2);
    ~FlowLayout() override;

    /// Inserts `w` before item `index` (at the end when `index` is out of range).
    void insertWidget(int index, QWidget *w);

    void addItem(QLayoutItem *item) override;
    int count() const override;
    QLayoutItem *itemAt(int index) const override;
    QLayoutItem *takeAt(int index) override;
    Qt::Orientations expandingDirections() const override;
    bool hasHeightForWidth() const override { return true; }
    int heightForWidth(int width) const override;
    QSize minimumSize() const override;
    QSize sizeHint() const override;
    void setGeometry(const QRect &rect) override;

    /// The number of lines the items take at `width` px.
    int lineCountFor(int width) const;

private:
    /// Lays the items out in `rect` (only measures when `apply` is false); returns the height
    /// used and sets `*lines` to the number of lines.
    int doLayout(const QRect &rect, bool apply, int *lines = nullptr) const;

    QList<QLayoutItem *> m_items;
    int m_hSpacing;
    int m_vSpacing;
};

} // namespace lens
