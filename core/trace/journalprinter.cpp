// SPDX-License-Identifier: Apache-2.0
#include "journalprinter.h"

#include "journal.h"
#include "jsonlines.h"

#include <QElapsedTimer>

#include <cerrno>
#include <cstring>

namespace lens {

JournalPrinter::JournalPrinter(Journal *journal, FILE *out, qsizetype maxQueuedBytes,
                               QObject *parent)
    : QObject(parent), m_out(out), m_maxQueuedBytes(qMax<qsizetype>(maxQueuedBytes, kBatchBytes))
{
    m_pending.reserve(kBatchBytes + 64 * 1024);
    connect(journal, &Journal::eventRecorded, this, &JournalPrinter::print);
    m_writer = std::thread([this] { writerLoop(); });
}

JournalPrinter::~JournalPrinter()
{
    finish();
    {
        std::lock_guard<std::mutex> locker(m_lock);
        m_stop = true;
    }
    m_wake.notify_all();
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
    const qsizetype bytes = batch.size();
    {
        std::unique_lock<std::mutex> locker(m_lock);
        if (m_queuedBytes + bytes > m_maxQueuedBytes) {
            QElapsedTimer waited;
            waited.start();
            // A batch larger than the bound alone (one huge line) goes once the queue is empty.
            m_drained.wait(locker, [&] {
                return m_queuedBytes + bytes <= m_maxQueuedBytes || (!m_busy && m_queue.empty());
            });
            m_stalledNs += waited.nsecsElapsed();
        }
        m_queue.emplace_back(std::move(batch), std::exchange(m_pendingLines, 0));
        m_queuedBytes += bytes;
    }
    m_wake.notify_one();
}

bool JournalPrinter::finish()
{
    flush();
    std::unique_lock<std::mutex> locker(m_lock);
    m_drained.wait(locker, [this] { return m_queue.empty() && !m_busy; });
    return m_error.isEmpty();
}

qint64 JournalPrinter::linesWritten() const
{
    std::lock_guard<std::mutex> locker(m_lock);
    return m_written;
}

QString JournalPrinter::error() const
{
    std::lock_guard<std::mutex> locker(m_lock);
    return m_error;
}

void JournalPrinter::writerLoop()
{
    std::unique_lock<std::mutex> locker(m_lock);
    for (;;) {
        m_wake.wait(locker, [this] { return m_stop || !m_queue.empty(); });
        if (m_queue.empty())
            return; // stopped, everything written
        auto [batch, lines] = std::move(m_queue.front());
        m_queue.pop_front();
        m_busy = true;
        const bool failed = !m_error.isEmpty();
        locker.unlock();
        QString error;
        if (!failed) {
            const size_t n = size_t(batch.size());
            if (std::fwrite(batch.constData(), 1, n, m_out) != n || std::fflush(m_out) != 0)
                error = QString::fromLocal8Bit(std::strerror(errno));
        }
        locker.lock();
        m_queuedBytes -= batch.size();
        if (!failed && error.isEmpty())
            m_written += lines;
        else if (m_error.isEmpty())
            m_error = error;
        m_busy = false;
        m_drained.notify_all();
    }
}

} // namespace lens
