// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "panel.h"

class QToolButton;
class QTreeView;

namespace lens {

class LensModels;

/// The Object panel (inspector) of one informer's body: the selected key's object as a tree,
/// its newest version at the moment shown: in the indexer, else queued, else the last state
/// the journal carried (deleted, or between stages), and says which. Secret data and the
/// last-applied-configuration annotation are masked until "Reveal" (this object only). What
/// the user expanded stays expanded when a new version of the same object arrives.
class InspectorPanel final : public Panel {
    Q_OBJECT
public:
    explicit InspectorPanel(LensModels *body, QWidget *parent = nullptr);

    QTreeView *view() const { return m_view; }
    QToolButton *revealButton() const { return m_reveal; }
    /// Shows the selected key's object as the body's models hold it now.
    void refresh();

protected:
    void retranslate() override;

private:
    LensModels *m_body;
    QTreeView *m_view;
    QToolButton *m_reveal;
};

} // namespace lens
