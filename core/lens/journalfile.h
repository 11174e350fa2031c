// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "trace/clock.h"
#include "trace/journal.h"

#include <QDateTime>
#include <QFile>
#include <QHash>
#include <QObject>
#include <QPointer>
#include <QStringList>

class QTimer;

#include <deque>
#include <memory>

namespace lens {

/// What the first line of a journal file says (docs/recordings.md).
struct JournalFileHeader {
    static constexpr int kVersion = 1;
    static QString formatName() { return QStringLiteral("informer-lens-journal"); }

    int version = kVersion;
    QString appVersion;     ///< informer-lens --version of the recorder
    QString source;         ///< Session::sourceDescription() of the recorded run
    qsizetype capacity = 0; ///< the recorder's journal cap (events)
    quint64 dropped = 0;    ///< events dropped before the first one in the file
    /// Wall-clock time (UTC, millisecond precision) at which the journal's clock read 0: event
    /// `t` ms happened at clockOrigin + t.
    QDateTime clockOrigin;
    bool masked = true; ///< sensitive values are masked (always true for files written here)
    /// The recorded run's informers (TraceEvent::informer names), in the order they were made.
    /// Written since events name their informer; empty in older files (JournalFile::read()
    /// then takes the one informer's name from `source`).
    QStringList informers;

    QJsonObject toJson() const;
};

/// A journal file: JSON Lines, UTF-8. Line 1 is the header
/// {"format":"informer-lens-journal","version":1,"app":…,"source":…,"capacity":…,"dropped":…,
/// "clockOrigin":"2026-11-29T13:49:28.123Z","masked":true,"informers":["pods","nodes"]};
/// every further line is one event,
/// exactly the line `informer-lens --headless` prints (TraceEvent::toJson) plus one last field
/// "replay" holding what the offline views need and --headless leaves out:
///   "object": id of the event's object; "deltas": [[type, id|null(, tombstoneKey)], …];
///   "objects": {"id": object JSON, …} for the objects this line uses first.
/// Object ids are small integers, each object (one version of one key) is written once.
/// Secret data/stringData values and the last-applied-configuration annotation are written
/// masked (maskSensitive), never in clear; bearer tokens are never journaled at all.
///
/// Writing: open(), then write() each event (in seq order), close(). Usable incrementally
/// (`--record` writes events as they are recorded; flush() pushes them to disk).
class JournalFileWriter {
public:
    JournalFileWriter();
    ~JournalFileWriter();

    /// Creates/truncates `path` and writes the header line. False with `*error` (naming the
    /// file and the OS's reason) when the file cannot be written.
    bool open(const QString &path, const JournalFileHeader &header, QString *error = nullptr);
    /// Appends one event line (buffered).
    void write(const TraceEvent &event);
    /// Pushes buffered lines to the OS. False once a write failed (e.g. disk full).
    bool flush();
    /// Flushes and closes; false with `*error` if any write failed.
    bool close(QString *error = nullptr);
    bool isOpen() const { return m_file.isOpen(); }
    qsizetype eventsWritten() const { return m_written; }

    /// One event's line (no newline), as write() writes it, defining objects not yet written.
    QByteArray eventLine(const TraceEvent &event);

    /// Writes the header and all retained events of `journal` to `path` (header.dropped is
    /// taken from the journal). False with `*error` on I/O failure.
    static bool save(const Journal &journal, const QString &path, JournalFileHeader header,
                     QString *error = nullptr);

private:
    QJsonValue ref(const Object &o, QJsonObject *defs);

    QFile m_file;
    QHash<QByteArray, qint64> m_ids; ///< compact JSON of objects already written → id
    qint64 m_nextId = 0;
    qsizetype m_written = 0;
    bool m_failed = false;
};

/// `--record FILE`: writes a journal file as the journal grows. start() writes the header and
/// the events the journal already retains, then every recorded event is appended; buffered
/// lines are flushed to disk every `flushIntervalMs` (default 500 ms) and at stop() (also
/// called by the destructor), so a crashed run leaves a file readable up to its last flush.
class JournalRecorder : public QObject {
    Q_OBJECT
public:
    /// `journal` is not owned and must outlive the recorder (or be stopped first).
    explicit JournalRecorder(Journal *journal, QObject *parent = nullptr);
    ~JournalRecorder() override;

    /// header.clockOrigin defaults to now minus the journal clock's reading. False with
    /// `*error` when the file cannot be written.
    bool start(const QString &path, JournalFileHeader header, QString *error = nullptr,
               int flushIntervalMs = 500);
    /// Flushes and closes; false with `*error` when a write failed.
    bool stop(QString *error = nullptr);
    qsizetype eventsWritten() const { return m_writer.eventsWritten(); }

private:
    QPointer<Journal> m_journal;
    JournalFileWriter m_writer;
    QTimer *m_flushTimer = nullptr;
};

/// A header for `journal` recorded now: clockOrigin = the journal's wallClockOrigin() (now −
/// journal clock when it has none), capacity and
/// dropped from the journal, app version from QCoreApplication; `informers` names the run's
/// informers.
JournalFileHeader headerFor(const Journal &journal, const QString &source,
                            const QStringList &informers = {});

/// What JournalFile::read() found.
struct JournalFileContents {
    JournalFileHeader header;
    Journal::Events events;
    /// Set when reading stopped early at a malformed or truncated line: "FILE:LINE: what;
    /// kept the N events read before it". events holds those N.
    QString warning;
};

namespace JournalFile {
/// Reads a journal file written by JournalFileWriter. A file from before events named their
/// informer (no "informers" in the header, no "informer" on any event) had one informer: its
/// informer components' events (TraceEvent::isInformerComponent()) get that informer's name,
/// the resource its header's source begins with ("pods (all namespaces) at …" → "pods"), and
/// header.informers names it. Returns false with `*error`
/// ("FILE: cannot open: …", "FILE:1: not an informer-lens journal …", "FILE:1: version 7 is
/// newer than this informer-lens reads (1)") when nothing usable was read. A malformed event
/// line (bad JSON, unknown kind, a reference to an undefined object, a truncated last line)
/// ends reading there: true, with the events before it and contents->warning saying where.
/// When `maxEvents` > 0 only the newest maxEvents are kept (the older ones count as dropped).
bool read(const QString &path, JournalFileContents *contents, QString *error = nullptr,
          qsizetype maxEvents = 0);
} // namespace JournalFile

/// A journal read back from a file, ready for a MainWindow: the events restored with their
/// seq and t, its clock stopped at the last event's t (nothing is recording into it).
class RecordedJournal : public QObject {
    Q_OBJECT
public:
    /// Null with `*error` set when the file cannot be used (see JournalFile::read()).
    static std::unique_ptr<RecordedJournal> load(const QString &path, QString *error = nullptr);

    Journal *journal() { return &m_journal; }
    const Journal *journal() const { return &m_journal; }
    const JournalFileHeader &header() const { return m_header; }
    QString path() const { return m_path; }
    /// JournalFileContents::warning ("" when the whole file was read).
    QString warning() const { return m_warning; }

private:
    RecordedJournal();
    ManualClock m_clock;
    Journal m_journal;
    JournalFileHeader m_header;
    QString m_path;
    QString m_warning;
};

} // namespace lens
