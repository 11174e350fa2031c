// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QObject>

#include <functional>

class QAction;
class QLabel;
class QMainWindow;
class QTimer;

namespace lens {

struct TransformTally;

/// The managedFields-stripping transform in the window (SetTransform with
/// stripManagedFieldsTransform()). When the informers run with it, a status-bar label says
/// what it saved ("managedFields stripped: 24.3 MiB saved (42.0 %)", the objects and sizes in
/// its tooltip), read from the transform's tally once a second. Either way the File menu
/// (object name "fileMenu") gets a checkable "Strip managedFields (SetTransform)" action: as in
/// client-go, a transform can only be set before an informer starts ("informer has already
/// started"), so choosing it asks, then calls `restart` with the wanted state (the app starts
/// itself again with or without --strip-managed-fields).
class TransformStatus : public QObject {
    Q_OBJECT
public:
    /// `tally` is null when the informers run without the transform; it must outlive this.
    /// `restart(on)` starts the program again with the transform on or off.
    TransformStatus(QMainWindow *window, const TransformTally *tally,
                    std::function<void(bool)> restart);

    /// The status-bar label ("" and hidden without the transform).
    QString text() const;
    /// The File menu's action.
    QAction *action() const { return m_action; }
    /// Reads the tally again (the timer does so every second).
    void refresh();

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void retranslate();
    void askToRestart();

    QMainWindow *m_window;
    const TransformTally *m_tally;
    std::function<void(bool)> m_restart;
    QLabel *m_label = nullptr;
    QAction *m_action;
    QTimer *m_timer = nullptr;
};

} // namespace lens
