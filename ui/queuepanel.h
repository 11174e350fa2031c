// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "panel.h"
#include "rowsleaving.h"

class QTableView;

namespace lens {

class LensModels;

/// The queue panel of one informer's body: its DeltaFIFO (or RealFIFO) as a table, one row per
/// queued key (RealFIFO: per queued event) with its Deltas as chips, position 1 = next to pop.
/// The title names the queue mode the journal reported; the subtitle counts keys queued now,
/// deltas queued and popped in all, and HasSynced, "past, at seq N" while travelling.
///
/// Selecting a row selects its key (keySelected) and asks for its explanation
/// (queuedKeyChosen). When Pop takes the selected key out, the view keeps no current row
/// instead of sliding to the next key (that is not the user's choice).
class QueuePanel final : public Panel {
    Q_OBJECT
public:
    explicit QueuePanel(LensModels *body, QWidget *parent = nullptr);

    LensModels *body() const { return m_body; }
    QTableView *view() const { return m_view; }
    /// True while Pop is taking rows out of the model (between rowsAboutToBeRemoved and
    /// rowsRemoved).
    bool rowsLeaving() const { return m_rowsLeaving->active(); }
    /// Makes `key`'s row current when it is queued; otherwise leaves the view as it is.
    void selectKey(const QString &key);

Q_SIGNALS:
    /// The user made a queued key's row current.
    void keySelected(const QString &key);
    /// The same row, to be explained as a queued key (Caption::forDeltas).
    void queuedKeyChosen(const QString &key);
    /// The queued Deltas changed (rows, a key's Deltas, a rebuild): an explanation of a queued
    /// key is due again.
    void queueChanged();

protected:
    void retranslate() override;

private:
    void updateSubtitle();

    LensModels *m_body;
    QTableView *m_view;
    RowsLeaving *m_rowsLeaving;
};

} // namespace lens
