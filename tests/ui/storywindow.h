// SPDX-License-Identifier: Apache-2.0
#pragma once
// The way most window tests start: the synthetic story's journal folded into a MainWindow.

#include "mainwindow.h"
#include "scenario.h"

#include <QTest>

#include <memory>

namespace lens::test {

/// A ManualClock, a Journal, the SyntheticInformer story run to its end, then a MainWindow built
/// over the retained journal (so it folds it, as a window opened late does). Not yet settled:
/// a QAbstractItemModelTester attached now sees the views' models fill.
struct StoryWindow {
    StoryWindow()
    {
        story.runStory();
        window = std::make_unique<MainWindow>(&journal);
    }
    /// Shows the window at `size` (pixels), waits until it is exposed and settles it; false
    /// when it was never exposed.
    [[nodiscard]] bool show(QSize size = QSize(1600, 1000))
    {
        window->resize(size);
        window->show();
        const bool exposed = QTest::qWaitForWindowExposed(window.get());
        window->settle();
        return exposed;
    }

    ManualClock clock;
    Journal journal{&clock};
    SyntheticInformer story{&journal, &clock};
    std::unique_ptr<MainWindow> window;
};

} // namespace lens::test
