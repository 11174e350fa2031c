// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "lens/memoryuse.h"

#include <QObject>

#include <functional>

class QLabel;
class QTimer;

namespace lens {

class MainWindow;

/// Memory per view in the window's status bar (issue 16: "memory is shown per view"):
/// "Memory: journal 38.2 MiB · indexer 1.1 GiB · history 412 KiB", read every two seconds and
/// in MainWindow::settle(), so a settled window's screenshot shows its moment (MemoryUse::measure,
/// a few microseconds), with a tooltip that says what each figure counts, how many events, objects
/// and rows it covers, and the heap as the allocator counts it (heap::figures()). An object version
/// is counted once: to the indexer while an informer's cache stores it, else to the journal
/// (ObjectMemory). The label's object name is "memoryLabel".
class MemoryStatus : public QObject {
    Q_OBJECT
public:
    /// Adds the label to `window`'s status bar. Without setCaches() the indexer figure is its
    /// view's rows only (a recording played back has no informer).
    explicit MemoryStatus(MainWindow *window);

    /// `caches` returns the informers' caches summed (Indexer::size(), objectBytes(),
    /// ownBytes()); called on each refresh, on the window's thread.
    void setCaches(std::function<PartMemory()> caches);
    /// The last figures read.
    const MemoryUse &figures() const { return m_figures; }
    QString text() const;
    QString toolTip() const;
    /// Reads the figures again (the timer does so every two seconds).
    void refresh();

protected:
    /// Refreshes on the window's QEvent::LanguageChange (the words follow the Language menu).
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    MainWindow *m_window;
    std::function<PartMemory()> m_caches;
    MemoryUse m_figures;
    QLabel *m_label;
    QTimer *m_timer;
};

} // namespace lens
