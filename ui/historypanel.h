// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "panel.h"

class QTableView;

namespace lens {

class LensModels;

/// The key history panel of one informer's body: every journal event of the selected key, in
/// order (watch → queue → pop → indexer → handlers), opening at its newest rows and following
/// new ones while the view is at its bottom. Choosing a row asks for its explanation
/// (seqChosen).
class HistoryPanel final : public Panel {
    Q_OBJECT
public:
    explicit HistoryPanel(LensModels *body, QWidget *parent = nullptr);

    QTableView *view() const { return m_view; }

Q_SIGNALS:
    /// The user made the row of journal event `seq` current.
    void seqChosen(quint64 seq);

protected:
    void retranslate() override;

private:
    LensModels *m_body;
    QTableView *m_view;
};

/// Scrolls `view` to its bottom on the next event-loop turn when it is at (or within two rows
/// of) its bottom now: a live log follows its tail unless the user scrolled up.
void followTail(QTableView *view);

} // namespace lens
