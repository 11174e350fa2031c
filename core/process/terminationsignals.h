// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QObject>

class QSocketNotifier;

namespace lens {

/// SIGTERM, SIGINT and SIGHUP as a Qt signal on the event loop, so that a program can end the
/// way it ends on its own (close its recording, print its summary, exit 0) when a user presses
/// Ctrl-C, a terminal closes, or a service manager stops it.
///
/// Follows Qt's documented pattern "Calling Qt Functions From Unix Signal Handlers": the handler
/// (installed with sigaction, SA_RESTART) only writes the signal's number to one end of a
/// socketpair; a QSocketNotifier on the other end emits terminationRequested() from the event
/// loop. A second of them (a program that does not stop) ends the process at once, as a shell
/// user expects: the handler itself gives the signal its default action back and raises it
/// again, so this holds even while the event loop is blocked.
///
/// One per process: install() returns the existing instance when called again. If the
/// socketpair or sigaction fails, install() returns nullptr and the signals keep their default
/// action (the process is killed by them, as before); the reason is in `*error`.
class TerminationSignals : public QObject {
    Q_OBJECT
public:
    /// Installs the handlers for SIGTERM, SIGINT and SIGHUP; `parent` owns the instance
    /// (typically the QCoreApplication). Call it once the application object exists.
    static TerminationSignals *install(QObject *parent, QString *error = nullptr);
    ~TerminationSignals() override;

    /// True once one of the three signals arrived, on any thread, even before the event loop
    /// read it (a wait that blocks the event loop checks it: JournalPrinter).
    static bool requested();
    /// The conventional name of a signal number: "SIGTERM", "SIGINT", "SIGHUP", else "signal N".
    static QString nameOf(int signalNumber);

signals:
    /// One of the three signals arrived (emitted on the event loop, never inside the handler).
    /// `signalNumber` is SIGTERM, SIGINT or SIGHUP.
    void terminationRequested(int signalNumber);

private:
    explicit TerminationSignals(int readFd, QObject *parent);
    void readSignal();

    int m_readFd;
    QSocketNotifier *m_notifier;
};

} // namespace lens
