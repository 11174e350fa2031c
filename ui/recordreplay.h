// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QObject>

#include <functional>

class QMenu;
class QWidget;

namespace lens {

class MainWindow;
class RecordedJournal;

/// Record and replay in the window (docs/recordings.md): the File menu's
/// "Open journal…" (Ctrl+O), "Save journal…" (Ctrl+S) and "Open kubectl watch capture…".
/// Opening never replaces the window it is asked from: the recording (or capture) opens in a
/// second window of its own, which owns what it shows and is deleted when closed.
class RecordReplay : public QObject {
    Q_OBJECT
public:
    /// Adds the actions at the top of `fileMenu` of `window` (both not owned).
    RecordReplay(MainWindow *window, QMenu *fileMenu);

    /// Writes `window`'s journal (all retained events) to `path` as a journal file
    /// (JournalFileWriter), Secret data masked. False with `*error` on I/O failure.
    static bool saveJournal(MainWindow *window, const QString &path, QString *error = nullptr);

    /// Loads the journal file at `path` and opens an offline window over it (not shown; the
    /// caller shows it). Null with `*error` when the file cannot be used; `*warning` is set
    /// when only part of it could be read (see JournalFile::read()).
    static MainWindow *openRecording(const QString &path, QString *error = nullptr,
                                     QString *warning = nullptr);
    /// "Offline: recording run.jsonl (1234 events, recorded at 2026-11-29 13:49:28)".
    static QString offlineBanner(const RecordedJournal &recording);

    /// How "Open kubectl watch capture…" opens a window replaying a capture file: set by the
    /// app (it needs the informer wiring, which the window library does not link). Unset: the
    /// action is hidden.
    using CaptureOpener = std::function<MainWindow *(const QString &path, QString *error)>;
    static void setCaptureOpener(CaptureOpener opener);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void open();
    void save();
    void openCapture();
    MainWindow *m_window;
    std::function<void()> m_retranslate;
};

} // namespace lens
