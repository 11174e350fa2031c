// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QByteArray>
#include <QObject>
#include <QString>

#include <cstdio>
#include <functional>
#include <memory>
#include <thread>

namespace lens {

class Journal;
struct TraceEvent;

/// Prints every event a journal records as one line of JSON Lines (`informer-lens --headless`'s
/// output) to a file descriptor: each line is what `QJsonDocument(event.toJson()).toJson(Compact)`
/// writes (jsonlines.h), in seq order, none left out.
///
/// The journal's thread only formats lines into a buffer; a writer thread of its own writes
/// them with write(2). The lines recorded in one turn of the event loop are handed over
/// together when the turn ends (or every kBatchBytes within a long turn), so a pipe sees events
/// as soon as the turn that recorded them is over, and a write carries many lines instead of
/// one. When standard error is the same pipe (`2>&1 | ...`), writes stop at line boundaries and
/// stay within PIPE_BUF bytes, so that a line on stderr never lands inside a journal line. A
/// non-blocking descriptor is waited on (poll) rather than treated as failed.
///
/// Bounded: at most maxQueuedBytes (default 64 MiB) wait for the writer. A reader slower than
/// the informer is absorbed by that queue; only when it is full does the journal's thread wait
/// for room (backpressure: no line is ever dropped or reordered), and stalledMs() says for how
/// long in total. A wait ends early when setGiveUpWhen()'s predicate is true (a termination
/// signal) and the reader has taken nothing for a second (the process must be able to stop
/// while its reader reads nothing; a reader that reads, however slowly, still gets every
/// line): from then on lines are counted, not queued, finish() returns false, and the
/// destructor leaves the writer thread blocked in its write to end with the process.
///
/// A failed write (a full disk, a reader that went away: EPIPE) ends the writing: the lines
/// after it are counted as not written, error() says why, and writeFailed() is emitted on the
/// journal's thread.
///
/// Not thread-safe: construct, print(), flush() and finish() on the journal's thread.
class JournalPrinter : public QObject {
    Q_OBJECT
public:
    static constexpr qsizetype kBatchBytes = 1 << 20;

    /// Prints `journal`'s events from now on to `fd` (not owned, e.g. STDOUT_FILENO), which
    /// must stay open until finish() or the destructor. Call fflush() first on a FILE* that
    /// shares `fd`.
    JournalPrinter(Journal *journal, int fd, qsizetype maxQueuedBytes = 64 << 20,
                   QObject *parent = nullptr);
    /// finish(), then the writer thread ends (or is left to end with the process after
    /// giving up).
    ~JournalPrinter() override;

    /// Appends `event`'s line (as the journal's eventRecorded does).
    void print(const TraceEvent &event);
    /// Hands the lines formatted so far to the writer thread (done at the end of every turn).
    void flush();
    /// Hands everything over and waits until it is written. False when a write failed or the
    /// wait gave up (error() says which; linesWritten() counts what went out).
    bool finish();
    /// A wait for the writer (room in the queue, or finish()) gives up once `giveUp` returns
    /// true while the writer has made no progress for a second; it is asked about every 100 ms
    /// while waiting, on the journal's thread.
    void setGiveUpWhen(std::function<bool()> giveUp) { m_giveUp = std::move(giveUp); }

    /// Lines formatted so far, and of them whole lines written out.
    qint64 linesPrinted() const { return m_lines; }
    qint64 linesWritten() const;
    /// Total milliseconds the journal's thread waited for room in a full queue.
    double stalledMs() const { return m_stalledNs / 1e6; }
    /// Why writing stopped ("No space left on device", "Broken pipe"), empty when it did not.
    QString error() const;

Q_SIGNALS:
    /// A write failed: nothing more will be written (emitted once, on the journal's thread).
    void writeFailed(const QString &error);

private:
    struct State;

    QByteArray m_pending;
    qint64 m_pendingLines = 0;
    bool m_flushPosted = false;
    bool m_gaveUp = false;
    qint64 m_lines = 0;
    qint64 m_stalledNs = 0;
    std::function<bool()> m_giveUp;
    std::shared_ptr<State> m_state; ///< shared with the writer thread, which may outlive this
    std::thread m_writer;
};

} // namespace lens
