// SPDX-License-Identifier: Apache-2.0
#include "journalprinter.h"

#include "journal.h"
#include "jsonlines.h"

#include <QElapsedTimer>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <climits>
#include <condition_variable>
#include <cstring>
#include <deque>
#include <mutex>

#include <poll.h>
#include <sys/stat.h>
#include <unistd.h>

namespace lens {

/// What the journal's thread and the writer thread share (the writer keeps it alive: it may
/// outlive the printer after a give-up, blocked in a write to a reader that reads nothing).
struct JournalPrinter::State {
    std::mutex lock;
    std::condition_variable wake;                    ///< the writer: work, or stop
    std::condition_variable drained;                 ///< the journal's thread: room, or all written
    std::deque<std::pair<QByteArray, qint64>> queue; ///< batches with their line counts
    qsizetype queuedBytes = 0;
    qsizetype maxQueuedBytes = 0;
    qint64 written = 0;              ///< whole lines written
    bool busy = false;               ///< the writer holds a batch it took from the queue
    bool stop = false;               ///< the printer is gone: write what is queued, then end
    QString error;                   ///< the first failed write's reason
    JournalPrinter *owner = nullptr; ///< told of a failure while it lives (under `lock`)
    int fd = -1;
    bool lineAtomic = false; ///< stderr is the same pipe: writes end at lines, ≤ PIPE_BUF
    /// When the writer last made progress (took a batch, or a write returned), steady clock
    /// nanoseconds: a give-up needs the reader to have taken nothing for kStuckNs.
    std::atomic<qint64> progressNs{0};
    static constexpr qint64 kStuckNs = 1'000'000'000;
    /// At most this much per write(2), so that progress is seen while a reader reads slowly.
    static constexpr size_t kWriteChunk = 64 * 1024;

    static qint64 nowNs()
    {
        return std::chrono::duration_cast<std::chrono::nanoseconds>(
                   std::chrono::steady_clock::now().time_since_epoch())
            .count();
    }
    /// True when the writer is busy and has made no progress for kStuckNs.
    bool stuck() const { return busy && nowNs() - progressNs.load() >= kStuckNs; }

    /// Writes `batch` whole; counts the whole lines that went out. False with `*why` on failure.
    bool writeAll(const QByteArray &batch, qint64 *lines, QString *why)
    {
        const char *p = batch.constData();
        const char *const end = p + batch.size();
        while (p < end) {
            size_t n = std::min(size_t(end - p), kWriteChunk);
            if (lineAtomic && n > PIPE_BUF) {
                // Up to the last line end within PIPE_BUF bytes (a longer line goes alone).
                const void *cut = memrchr(p, '\n', PIPE_BUF);
                if (!cut)
                    cut = memchr(p, '\n', size_t(end - p));
                if (cut)
                    n = size_t(static_cast<const char *>(cut) - p + 1);
            }
            const ssize_t w = ::write(fd, p, n);
            if (w < 0) {
                if (errno == EINTR)
                    continue;
                if (errno == EAGAIN || errno == EWOULDBLOCK) {
                    pollfd out{fd, POLLOUT, 0}; // a non-blocking descriptor: wait for room
                    ::poll(&out, 1, -1);
                    continue;
                }
                *why = QString::fromLocal8Bit(std::strerror(errno));
                return false;
            }
            *lines += std::count(p, p + w, '\n');
            p += w;
            progressNs.store(nowNs());
        }
        return true;
    }

    void writerLoop()
    {
        std::unique_lock<std::mutex> locker(lock);
        for (;;) {
            wake.wait(locker, [this] { return stop || !queue.empty(); });
            if (queue.empty())
                return; // stopped, everything written
            auto [batch, count] = std::move(queue.front());
            queue.pop_front();
            busy = true;
            progressNs.store(nowNs());
            const bool failed = !error.isEmpty();
            locker.unlock();
            QString why;
            qint64 lines = 0;
            const bool ok = failed || writeAll(batch, &lines, &why);
            locker.lock();
            queuedBytes -= batch.size();
            written += lines;
            if (!ok && error.isEmpty()) {
                error = why;
                if (owner)
                    QMetaObject::invokeMethod(
                        owner, [o = owner, why] { Q_EMIT o->writeFailed(why); },
                        Qt::QueuedConnection);
            }
            busy = false;
            drained.notify_all();
        }
    }
};

namespace {

/// True when `fd` is a pipe or socket that standard error writes to as well.
bool sharedWithStderr(int fd)
{
    struct stat out = {}, err = {};
    if (::fstat(fd, &out) != 0 || ::fstat(STDERR_FILENO, &err) != 0)
        return false;
    return (S_ISFIFO(out.st_mode) || S_ISSOCK(out.st_mode)) && out.st_dev == err.st_dev &&
           out.st_ino == err.st_ino;
}

} // namespace

JournalPrinter::JournalPrinter(Journal *journal, int fd, qsizetype maxQueuedBytes, QObject *parent)
    : QObject(parent), m_state(std::make_shared<State>())
{
    m_state->fd = fd;
    m_state->maxQueuedBytes = qMax<qsizetype>(maxQueuedBytes, kBatchBytes);
    m_state->lineAtomic = fd != STDERR_FILENO && sharedWithStderr(fd);
    m_state->owner = this;
    m_pending.reserve(kBatchBytes + 64 * 1024);
    connect(journal, &Journal::eventRecorded, this, &JournalPrinter::print);
    m_writer = std::thread([state = m_state] { state->writerLoop(); });
}

JournalPrinter::~JournalPrinter()
{
    finish();
    bool idle = false;
    {
        std::lock_guard<std::mutex> locker(m_state->lock);
        m_state->stop = true;
        m_state->owner = nullptr;
        idle = m_state->queue.empty() && !m_state->busy;
    }
    m_state->wake.notify_all();
    if (m_gaveUp && !idle)
        m_writer.detach(); // blocked in a write: it ends with the process
    else
        m_writer.join();
}

void JournalPrinter::print(const TraceEvent &event)
{
    jsonlines::appendEvent(m_pending, event);
    m_pending.append('\n');
    ++m_pendingLines;
    ++m_lines;
    if (m_pending.size() >= kBatchBytes) {
        flush();
    } else if (!m_flushPosted) {
        // Whatever else this turn records goes in the same batch.
        m_flushPosted = true;
        QMetaObject::invokeMethod(this, &JournalPrinter::flush, Qt::QueuedConnection);
    }
}

void JournalPrinter::flush()
{
    m_flushPosted = false;
    if (m_pending.isEmpty())
        return;
    QByteArray batch;
    batch.reserve(kBatchBytes + 64 * 1024);
    batch.swap(m_pending);
    const qint64 lines = std::exchange(m_pendingLines, 0);
    if (m_gaveUp)
        return; // counted in linesPrinted(), never written
    const qsizetype bytes = batch.size();
    State &s = *m_state;
    {
        std::unique_lock<std::mutex> locker(s.lock);
        if (!s.error.isEmpty())
            return; // nothing more goes out
        // A batch larger than the bound alone (one huge line) goes once the queue is empty.
        auto room = [&] {
            return s.queuedBytes + bytes <= s.maxQueuedBytes || (!s.busy && s.queue.empty()) ||
                   !s.error.isEmpty();
        };
        if (!room()) {
            QElapsedTimer waited;
            waited.start();
            while (!room()) {
                if (m_giveUp && m_giveUp() && s.stuck()) {
                    m_gaveUp = true;
                    break;
                }
                s.drained.wait_for(locker, std::chrono::milliseconds(100));
            }
            m_stalledNs += waited.nsecsElapsed();
            if (m_gaveUp || !s.error.isEmpty())
                return;
        }
        s.queue.emplace_back(std::move(batch), lines);
        s.queuedBytes += bytes;
    }
    s.wake.notify_one();
}

bool JournalPrinter::finish()
{
    flush();
    if (m_gaveUp)
        return false;
    State &s = *m_state;
    std::unique_lock<std::mutex> locker(s.lock);
    while (!(s.queue.empty() && !s.busy) && s.error.isEmpty()) {
        if (m_giveUp && m_giveUp() && s.stuck()) {
            m_gaveUp = true;
            return false;
        }
        s.drained.wait_for(locker, std::chrono::milliseconds(100));
    }
    return s.error.isEmpty();
}

qint64 JournalPrinter::linesWritten() const
{
    std::lock_guard<std::mutex> locker(m_state->lock);
    return m_state->written;
}

QString JournalPrinter::error() const
{
    std::lock_guard<std::mutex> locker(m_state->lock);
    if (!m_state->error.isEmpty())
        return m_state->error;
    return m_gaveUp ? QStringLiteral("stopped while the reader took no more") : QString();
}

} // namespace lens
