// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QByteArray>
#include <QObject>
#include <QString>

#include <condition_variable>
#include <cstdio>
#include <deque>
#include <mutex>
#include <thread>

namespace lens {

class Journal;
struct TraceEvent;

/// Prints every event a journal records as one line of JSON Lines (`informer-lens --headless`'s
/// output) to a FILE*: each line is what `QJsonDocument(event.toJson()).toJson(Compact)` writes
/// (jsonlines.h), in seq order, none left out.
///
/// The journal's thread only formats lines into a buffer; a writer thread of its own writes
/// them. The lines recorded in one turn of the event loop are handed over together when the
/// turn ends (or every kBatchBytes within a long turn), so a pipe sees events as soon as the
/// turn that recorded them is over, and a write(2) carries many lines instead of one.
///
/// Bounded: at most maxQueuedBytes (default 64 MiB) wait for the writer. A reader slower than
/// the informer is absorbed by that queue; only when it is full does the journal's thread wait
/// for room (backpressure: no line is ever dropped or reordered), and stalledMs() says for how
/// long in total.
///
/// Not thread-safe: construct, flush() and finish() on the journal's thread.
class JournalPrinter : public QObject {
    Q_OBJECT
public:
    static constexpr qsizetype kBatchBytes = 1 << 20;

    /// Prints `journal`'s events from now on to `out` (not owned, e.g. stdout); `out` must stay
    /// open until finish() or the destructor.
    JournalPrinter(Journal *journal, FILE *out, qsizetype maxQueuedBytes = 64 << 20,
                   QObject *parent = nullptr);
    /// finish(), then the writer thread ends.
    ~JournalPrinter() override;

    /// Appends `event`'s line (as the journal's eventRecorded does).
    void print(const TraceEvent &event);
    /// Hands the lines formatted so far to the writer thread (done at the end of every turn).
    void flush();
    /// Hands everything over and waits until it is written and flushed. False when a write
    /// failed (error() says how; the lines after it are counted as lost, not written).
    bool finish();

    /// Lines formatted so far, and of them lines written out.
    qint64 linesPrinted() const { return m_lines; }
    qint64 linesWritten() const;
    /// Total milliseconds the journal's thread waited for room in a full queue.
    double stalledMs() const { return m_stalledNs / 1e6; }
    /// The first write error ("No space left on device"), empty when none.
    QString error() const;

private:
    void writerLoop();

    FILE *m_out;
    const qsizetype m_maxQueuedBytes;
    QByteArray m_pending;
    qint64 m_pendingLines = 0;
    bool m_flushPosted = false;
    qint64 m_lines = 0;
    qint64 m_stalledNs = 0;

    mutable std::mutex m_lock;
    std::condition_variable m_wake;    ///< the writer: work, or stop
    std::condition_variable m_drained; ///< the journal's thread: room, or all written
    std::deque<std::pair<QByteArray, qint64>> m_queue; ///< batches with their line counts
    qsizetype m_queuedBytes = 0;
    qint64 m_written = 0;
    bool m_busy = false; ///< the writer holds a batch it took from the queue
    bool m_stop = false;
    QString m_error;
    std::thread m_writer;
};

} // namespace lens
