// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "panel.h"

class QComboBox;
class QLineEdit;
class QMenu;
class QTableView;
class QToolButton;

namespace lens {

class JournalFilterModel;
class LensModels;

/// The Journal panel: the newest events of the body's journal (every informer's in a window of
/// several), one row each, following its tail. The subtitle counts events recorded, shown and
/// dropped beyond the journal's cap, "past, at seq N" while travelling, and "N of M shown"
/// while a filter is on. Choosing a row shows its key's history (keySelected) and asks for its
/// explanation (seqChosen).
///
/// A filter bar above the table narrows the rows (JournalFilterModel): free text on the key or
/// the informer, the event kind, the handler, the type, the informer, and a range of journal
/// time in seconds; the handler, type and informer lists hold what the journal has recorded.
/// The table keeps following the tail of the matching rows. Esc in the bar or the table clears
/// the filter while one is on (then Esc returns from time travel, as everywhere).
///
/// Columns: the Informer column shows once the journal names two or more informers (whose
/// Reflector a listFailed or backoff row is); Component is hidden. The column titles' context
/// menu shows or hides any column (columnMenu(), setColumnShown()).
class JournalPanel final : public Panel {
    Q_OBJECT
public:
    /// `body` must have LensModels::StreamViews.
    explicit JournalPanel(LensModels *body, QWidget *parent = nullptr);

    QTableView *view() const { return m_view; }
    /// The rows the view shows: the body's JournalModel through the filter.
    JournalFilterModel *filter() const { return m_filter; }
    /// The free-text search field (View ▸ Search the journal, Ctrl+Shift+F; Ctrl+F while the
    /// focus is in the panel).
    QLineEdit *searchField() const { return m_search; }
    QComboBox *kindCombo() const { return m_kind; }
    QComboBox *handlerCombo() const { return m_handler; }
    QComboBox *typeCombo() const { return m_type; }
    QComboBox *informerCombo() const { return m_informer; }
    QLineEdit *fromField() const { return m_from; }
    QLineEdit *toField() const { return m_to; }
    /// Unsets every criterion and empties the bar's fields.
    void clearFilter();
    /// The column titles' context menu: one checkable action per column (the last shown one
    /// cannot be hidden). Deleted when closed.
    QMenu *columnMenu();
    /// Shows or hides `column` (JournalModel::Column), as the column menu does; the Informer
    /// column then no longer follows the number of informers.
    void setColumnShown(int column, bool shown);

Q_SIGNALS:
    /// A row with a key was chosen; `informer` is the informer that recorded it ("" = none
    /// named).
    void keySelected(const QString &key, const QString &informer);
    void seqChosen(quint64 seq);

protected:
    void retranslate() override;
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    QWidget *buildFilterBar();
    void applyFilter();
    void fillChoices();
    void updateSubtitle();
    LensModels *m_body;
    JournalFilterModel *m_filter;
    QTableView *m_view;
    QLineEdit *m_search = nullptr;
    QComboBox *m_kind = nullptr;
    QComboBox *m_handler = nullptr;
    QComboBox *m_type = nullptr;
    QComboBox *m_informer = nullptr;
    QLineEdit *m_from = nullptr;
    QLineEdit *m_to = nullptr;
    QToolButton *m_clear = nullptr;
    bool m_informerColumnChosen = false; ///< the user showed or hid the Informer column
};

} // namespace lens
