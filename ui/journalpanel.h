// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "panel.h"

class QTableView;

namespace lens {

class LensModels;

/// The Journal panel: the newest events of the body's journal (every informer's in a window of
/// several), one row each, following its tail. The subtitle counts events recorded, shown and
/// dropped beyond the journal's cap, "past, at seq N" while travelling. Choosing a row shows
/// its key's history (keySelected) and asks for its explanation (seqChosen).
class JournalPanel final : public Panel {
    Q_OBJECT
public:
    /// `body` must have LensModels::StreamViews.
    explicit JournalPanel(LensModels *body, QWidget *parent = nullptr);

    QTableView *view() const { return m_view; }

Q_SIGNALS:
    /// A row with a key was chosen; `informer` is the informer that recorded it ("" = none
    /// named).
    void keySelected(const QString &key, const QString &informer);
    void seqChosen(quint64 seq);

protected:
    void retranslate() override;

private:
    void updateSubtitle();
    LensModels *m_body;
    QTableView *m_view;
};

} // namespace lens
