// SPDX-License-Identifier: Apache-2.0
#include "recordreplay.h"

#include "lens/journalfile.h"
#include "lens/lessontrack.h"
#include "mainwindow.h"
#include "simulatorpanel.h"

#include <QAction>
#include <QEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QLocale>
#include <QMenu>
#include <QMessageBox>

namespace lens {

namespace {
RecordReplay::CaptureOpener &captureOpener()
{
    static RecordReplay::CaptureOpener opener;
    return opener;
}

const QString kJournalFilter()
{
    return RecordReplay::tr("Informer Lens journal (*.jsonl);;All files (*)");
}
} // namespace

RecordReplay::RecordReplay(MainWindow *window, QMenu *fileMenu) : QObject(window), m_window(window)
{
    QAction *first = fileMenu->actions().value(0);
    auto *open = new QAction(this);
    open->setObjectName(QStringLiteral("openJournalAction"));
    open->setShortcut(QKeySequence::Open);
    connect(open, &QAction::triggered, this, &RecordReplay::open);
    auto *save = new QAction(this);
    save->setObjectName(QStringLiteral("saveJournalAction"));
    save->setShortcut(QKeySequence::Save);
    connect(save, &QAction::triggered, this, &RecordReplay::save);
    auto *capture = new QAction(this);
    capture->setObjectName(QStringLiteral("openCaptureAction"));
    capture->setVisible(bool(captureOpener()));
    connect(capture, &QAction::triggered, this, &RecordReplay::openCapture);
    fileMenu->insertActions(first, {open, save, capture});
    fileMenu->insertSeparator(first);
    window->addActions({open, save});
    auto retranslate = [open, save, capture] {
        open->setText(tr("&Open journal\u2026"));
        open->setToolTip(tr("Open a saved journal in a second window: every view works from "
                            "the recording, with no informer and no server"));
        save->setText(tr("&Save journal\u2026"));
        save->setToolTip(tr("Save the journal (every retained event, Secret data masked) to "
                            "a file that Open journal can replay later"));
        capture->setText(tr("Open &kubectl watch capture\u2026"));
        capture->setToolTip(tr("Replay the output of kubectl get -w -o json "
                               "--output-watch-events through a real informer, in a second "
                               "window"));
    };
    m_retranslate = retranslate;
    retranslate();
    window->installEventFilter(this);
}

bool RecordReplay::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_window && event->type() == QEvent::LanguageChange)
        m_retranslate();
    return QObject::eventFilter(watched, event);
}

void RecordReplay::setCaptureOpener(CaptureOpener opener)
{
    captureOpener() = std::move(opener);
}

bool RecordReplay::saveJournal(MainWindow *window, const QString &path, QString *error)
{
    if (!window->journal()) {
        if (error)
            *error = tr("There is no journal to save.");
        return false;
    }
    return JournalFileWriter::save(*window->journal(), path,
                                   headerFor(*window->journal(), window->sourceDescription()),
                                   error);
}

QString RecordReplay::offlineBanner(const RecordedJournal &recording)
{
    const QDateTime at = recording.header().clockOrigin.toLocalTime();
    const QString when =
        at.isValid() ? at.toString(QStringLiteral("yyyy-MM-dd HH:mm:ss")) : tr("unknown");
    const QString file = QFileInfo(recording.path()).fileName();
    const qsizetype n = qsizetype(recording.journal()->events().size());
    return n == 1 ? tr("Offline: recording %1 (1 event, recorded at %2)").arg(file, when)
                  : tr("Offline: recording %1 (%2 events, recorded at %3)")
                        .arg(file, QString::number(n), when);
}

MainWindow *RecordReplay::openRecording(const QString &path, QString *error, QString *warning)
{
    std::unique_ptr<RecordedJournal> rec = RecordedJournal::load(path, error);
    if (!rec)
        return nullptr;
    if (warning)
        *warning = rec->warning();
    // A recording of several informers is shown as the window shows a live run of them: one
    // body of views per informer.
    auto *w = new MainWindow(rec->journal());
    QList<MainWindow::InformerEntry> entries;
    for (const QString &name : rec->header().informers)
        entries.append({name, nullptr, nullptr});
    if (entries.size() > 1)
        w->setInformers(entries);
    w->setAttribute(Qt::WA_DeleteOnClose);
    RecordedJournal *r = rec.release();
    r->setParent(w); // last child: deleted after the models folding it
    w->setOfflineRecording(r->header().source, [r] { return offlineBanner(*r); });
    // A recording of a simulated cluster keeps the Simulator tab's state: shown, no server.
    if (SimulatorState::at(*r->journal()).isValid())
        w->setSimulator(SimulatorAccess{});
    // A recorded lesson keeps its Lesson tab: Back, Next and the caption history travel
    // through the recording (nothing is left to play).
    if (!LessonTrack::fold(r->journal()).steps.isEmpty())
        w->setLessonControls({});
    return w;
}

void RecordReplay::open()
{
    const QString path =
        QFileDialog::getOpenFileName(m_window, tr("Open journal"), QString(), kJournalFilter());
    if (path.isEmpty())
        return;
    QString error, warning;
    MainWindow *w = openRecording(path, &error, &warning);
    if (!w) {
        QMessageBox::warning(m_window, tr("Open journal"), error);
        return;
    }
    w->resize(m_window->size());
    w->show();
    if (!warning.isEmpty())
        QMessageBox::warning(w, tr("Open journal"), warning);
}

void RecordReplay::save()
{
    const QString path = QFileDialog::getSaveFileName(m_window, tr("Save journal"),
                                                      QStringLiteral("informer-lens-journal.jsonl"),
                                                      kJournalFilter());
    if (path.isEmpty())
        return;
    QString error;
    if (!saveJournal(m_window, path, &error))
        QMessageBox::warning(m_window, tr("Save journal"), error);
}

void RecordReplay::openCapture()
{
    const QString path = QFileDialog::getOpenFileName(
        m_window, tr("Open kubectl watch capture"), QString(),
        tr("kubectl watch capture (*.json *.jsonl *.txt);;All files (*)"));
    if (path.isEmpty() || !captureOpener())
        return;
    QString error;
    MainWindow *w = captureOpener()(path, &error);
    if (!w) {
        QMessageBox::warning(m_window, tr("Open kubectl watch capture"), error);
        return;
    }
    w->resize(m_window->size());
    w->show();
}

} // namespace lens
