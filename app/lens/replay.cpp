// SPDX-License-Identifier: Apache-2.0
// --open FILE: a recorded journal, offline (docs/recordings.md).
#include "cli.h"

#include "lens/journalfile.h"
#include "mainwindow.h"
#include "messages.h"
#include "recordreplay.h"
#include "screenshot.h"
#include "trace/jsonlines.h"

#include <QApplication>
#include <QTimer>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <memory>

namespace lens {

namespace {
/// --headless --open: the recorded events as --headless printed them.
int printRecording(const CommandLine &cl)
{
    JournalFileContents c;
    QString error;
    if (!JournalFile::read(cl.openPath, &c, &error)) {
        lens::printError(error);
        return 1;
    }
    QByteArray lines;
    for (const TraceEvent &e : c.events) {
        jsonlines::appendEvent(lines, e);
        lines.append('\n');
        if (lines.size() >= (1 << 20)) {
            std::fwrite(lines.constData(), 1, size_t(lines.size()), stdout);
            lines.clear();
        }
    }
    std::fwrite(lines.constData(), 1, size_t(lines.size()), stdout);
    if (std::fflush(stdout) != 0 || std::ferror(stdout)) {
        lens::printError(QStringLiteral("writing the recording's events to standard output "
                                        "failed: %1")
                             .arg(QString::fromLocal8Bit(std::strerror(errno))));
        return 1;
    }
    if (!c.warning.isEmpty())
        lens::printNote(c.warning);
    return 0;
}

/// --screenshot with --open: nothing is live, so the picture is deterministic: the views fold
/// the whole recording, the last key with a history is selected, and the window is grabbed.
int screenshotRecording(MainWindow &window, const CommandLine &cl)
{
    window.settle();
    window.selectNewestKey();
    QApplication::processEvents();
    window.settle();
    QString err;
    if (!writeScreenshot(window, cl, &err)) {
        lens::printError(QStringLiteral("no screenshot: %1").arg(err));
        return 1;
    }
    std::printf("%s\n", qPrintable(cl.screenshotPath));
    return 0;
}
} // namespace

void installCaptureOpener(const CommandLine &cl)
{
    RecordReplay::setCaptureOpener([opts = cl.session](const QString &path, QString *error) {
        Session::Options o = opts;
        o.server.clear();
        o.scenario.clear();
        o.useKubeconfig = false;
        o.watchCapture = path;
        auto session = std::make_unique<Session>(o);
        if (!session->start(error))
            return static_cast<MainWindow *>(nullptr);
        auto *w = new MainWindow(session->journal(), session->informer()->controller());
        w->setAttribute(Qt::WA_DeleteOnClose);
        w->setSourceDescription(session->sourceDescription());
        w->setInformer(session->informer());
        session.release()->setParent(w); // last child: deleted after the models
        return w;
    });
}

int runRecording(const CommandLine &cl)
{
    if (cl.headless)
        return printRecording(cl);
    if (!applyLook(cl))
        return 2;
    QString error, warning;
    std::unique_ptr<MainWindow> window(RecordReplay::openRecording(cl.openPath, &error, &warning));
    if (!window) {
        lens::printError(error);
        return 1;
    }
    window->setAttribute(Qt::WA_DeleteOnClose, false);
    if (!warning.isEmpty())
        lens::printNote(warning);
    if (!showRequestedView(*window, cl))
        return 2;
    window->resize(cl.windowSize);
    window->show();
    if (!cl.screenshotPath.isEmpty())
        return screenshotRecording(*window, cl);
    if (cl.durationSec > 0)
        QTimer::singleShot(qint64(cl.durationSec * 1000), qApp, &QCoreApplication::quit);
    return QApplication::exec();
}

} // namespace lens
