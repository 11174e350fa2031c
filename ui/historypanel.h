// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "panel.h"

class QCompleter;
class QLineEdit;
class QStringListModel;
class QTableView;

namespace lens {

class LensModels;

/// The key history panel of one informer's body: every journal event of the selected key, in
/// order (watch → queue → pop → indexer → handlers), opening at its newest rows and following
/// new ones while the view is at its bottom. Choosing a row asks for its explanation
/// (seqChosen).
///
/// Any key the journal has recorded can be opened, also one the indexer no longer holds: a
/// "key…" field in the header completes from every key of the informer's journal (substring,
/// any case) and, on Enter, opens the key the text names (keyChosen; any part of a key, any
/// case: KeyHistoryModel::matchKey), or, when it is part of several, opens the list to
/// choose from and says so in the subtitle. The subtitle says "deleted at t=…" while the
/// key is deleted (KeyHistoryModel::deletion()), "via tombstone" when a relist found it gone.
/// The table is never laid out lower than kMinimumRows rows.
class HistoryPanel final : public Panel {
    Q_OBJECT
public:
    /// The rows the table always has room for.
    static constexpr int kMinimumRows = 5;
    /// The height (px) `view` needs to show `rows` rows under its column titles, with its
    /// horizontal scroll bar and frame.
    static int minimumRowsHeight(const QTableView *view, int rows);

    explicit HistoryPanel(LensModels *body, QWidget *parent = nullptr);

    QTableView *view() const { return m_view; }
    /// The "key…" field.
    QLineEdit *keyField() const { return m_keyField; }
    /// The completer's keys, as last refreshed (when the field gets the focus or is edited).
    QStringList completions() const;

Q_SIGNALS:
    /// The user made the row of journal event `seq` current.
    void seqChosen(quint64 seq);
    /// A key was typed (or completed) in the key field and confirmed with Enter.
    void keyChosen(const QString &key);

protected:
    void retranslate() override;
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void refreshCompletions();
    /// Enter in the key field: the key the text names, else the completions to choose from.
    void chooseTypedKey();
    void updateSubtitle();
    LensModels *m_body;
    QTableView *m_view;
    QLineEdit *m_keyField;
    QStringListModel *m_keys;
    QCompleter *m_completer;
    QString m_note; ///< what Enter made of the text typed ("3 keys contain …"), until an edit
};

/// Scrolls `view` to its bottom on the next event-loop turn when it is at (or within two rows
/// of) its bottom now: a live log follows its tail unless the user scrolled up.
void followTail(QTableView *view);

} // namespace lens
