// SPDX-License-Identifier: Apache-2.0
#include "terminationsignals.h"

#include <QSocketNotifier>

#include <atomic>
#include <cerrno>
#include <csignal>
#include <cstring>
#include <sys/socket.h>
#include <unistd.h>

namespace lens {

namespace {

constexpr int kSignals[] = {SIGTERM, SIGINT, SIGHUP};
int g_writeFd = -1;
TerminationSignals *g_instance = nullptr;
/// Signals received so far (lock-free: written in the handler, read on any thread).
std::atomic<int> g_received{0};
static_assert(std::atomic<int>::is_always_lock_free);

/// Async-signal-safe: one write(2) of the number, errno kept for the interrupted code. The
/// second signal ends the process at once by itself (its default action, raised again), even
/// while the event loop is blocked and never read the first (a journal reader that stopped
/// reading: JournalPrinter waits for room).
extern "C" void onTerminationSignal(int signalNumber)
{
    const int saved = errno;
    if (g_received.fetch_add(1) >= 1) {
        std::signal(signalNumber, SIG_DFL);
        std::raise(signalNumber);
    }
    const unsigned char byte = static_cast<unsigned char>(signalNumber);
    [[maybe_unused]] const ssize_t n = ::write(g_writeFd, &byte, 1);
    errno = saved;
}

void restoreDefaults()
{
    for (int s : kSignals)
        std::signal(s, SIG_DFL);
}

} // namespace

TerminationSignals *TerminationSignals::install(QObject *parent, QString *error)
{
    if (g_instance)
        return g_instance;
    int fds[2];
    if (::socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, fds) != 0) {
        if (error)
            *error = QStringLiteral("cannot watch for SIGTERM/SIGINT/SIGHUP: socketpair: %1")
                         .arg(QString::fromLocal8Bit(std::strerror(errno)));
        return nullptr;
    }
    g_writeFd = fds[0];
    struct sigaction sa = {};
    sa.sa_handler = onTerminationSignal;
    sigemptyset(&sa.sa_mask);
    sa.sa_flags = SA_RESTART;
    for (int s : kSignals) {
        if (::sigaction(s, &sa, nullptr) != 0) {
            if (error)
                *error = QStringLiteral("cannot watch for %1: sigaction: %2")
                             .arg(nameOf(s), QString::fromLocal8Bit(std::strerror(errno)));
            restoreDefaults();
            ::close(fds[0]);
            ::close(fds[1]);
            g_writeFd = -1;
            return nullptr;
        }
    }
    g_instance = new TerminationSignals(fds[1], parent);
    return g_instance;
}

TerminationSignals::TerminationSignals(int readFd, QObject *parent)
    : QObject(parent), m_readFd(readFd),
      m_notifier(new QSocketNotifier(readFd, QSocketNotifier::Read, this))
{
    connect(m_notifier, &QSocketNotifier::activated, this, &TerminationSignals::readSignal);
}

TerminationSignals::~TerminationSignals()
{
    restoreDefaults();
    ::close(m_readFd);
    ::close(g_writeFd);
    g_writeFd = -1;
    g_instance = nullptr;
}

bool TerminationSignals::requested()
{
    return g_received.load() > 0;
}

QString TerminationSignals::nameOf(int signalNumber)
{
    switch (signalNumber) {
    case SIGTERM:
        return QStringLiteral("SIGTERM");
    case SIGINT:
        return QStringLiteral("SIGINT");
    case SIGHUP:
        return QStringLiteral("SIGHUP");
    default:
        return QStringLiteral("signal %1").arg(signalNumber);
    }
}

void TerminationSignals::readSignal()
{
    unsigned char byte = 0;
    if (::read(m_readFd, &byte, 1) != 1)
        return;
    // The next one is the user insisting: let it end the process.
    restoreDefaults();
    emit terminationRequested(int(byte));
}

} // namespace lens
