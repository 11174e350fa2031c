// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "informer/playground.h"

#include <QAbstractTableModel>
#include <QList>
#include <QString>
#include <QStringList>

#include <memory>

namespace lens {

/// Steps a playground script (core/informer/playground.h) one line at a time for the window's
/// Playground panel: the same interpreter as `informer-lens-play`, so the outputs are exactly the
/// lines that tool prints (and the .expected files list). Widgets-free.
///
/// A line is "run" when step() passed it to Playground::runLine(); comments and blank lines are
/// run too (they print nothing). Errors in the script are output lines ("error: …"), never
/// exceptions: stepping continues after them, as informer-lens-play does.
class PlaygroundRunner final : public QObject {
    Q_OBJECT
public:
    explicit PlaygroundRunner(QObject *parent = nullptr);
    ~PlaygroundRunner() override;

    /// Loads `script` (lines separated by '\n'; a trailing '\r' is dropped) under a display
    /// `name` (e.g. "01-dedup-deletes.play") and resets to before its first line.
    void setScript(const QString &name, const QString &script);
    QString name() const { return m_name; }
    QStringList lines() const { return m_lines; }

    /// Index of the next line to run (0-based); lines().size() when at the end.
    int nextLine() const { return m_next; }
    bool atEnd() const { return m_next >= m_lines.size(); }

    /// Runs the next line; returns its output ("" when it printed nothing or at the end).
    QString step();
    /// Runs every remaining line.
    void runToEnd();
    /// Back to before the first line, with a fresh `new deltafifo` queue.
    void reset();

    /// Every non-empty output so far, in order (the text informer-lens-play would print).
    QStringList outputs() const;
    /// Output of line `i` ("" when it printed nothing or has not run).
    QString outputOfLine(int i) const { return m_outputOf.value(i); }
    /// Line index that printed outputs()[n], for highlighting.
    int lineOfOutput(int n) const { return m_outputLines.value(n, -1); }

    const Playground &playground() const { return *m_play; }

Q_SIGNALS:
    /// After step(), runToEnd() (once), reset() and setScript().
    void changed();

private:
    QString runOne();

    std::unique_ptr<Playground> m_play;
    QString m_name;
    QStringList m_lines;
    int m_next = 0;
    QList<QString> m_outputOf; // per line
    QList<int> m_outputLines;  // line of each non-empty output
};

/// The playground's queue as a table: one row per QueueEntry of Playground::entries(), in Pop
/// order (DeltaFIFO: one row per key with all its Deltas; RealFIFO: one row per queued event,
/// so a key may repeat). Columns: key, Deltas (chips via DeltaChipsRole, oldest first), newest
/// resourceVersion. Reset on every refresh (the playground's queues are a handful of rows).
class PlaygroundQueueModel final : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { KeyColumn, DeltasColumn, ResourceVersionColumn, ColumnCount };
    enum Role {
        DeltaChipsRole = Qt::UserRole + 1, ///< QVariant<lens::DeltaChips>
        KeyRole,                           ///< QString key
        DeltasTextRole,                    ///< QString, playground notation "[Added a@1, …]"
    };

    explicit PlaygroundQueueModel(QObject *parent = nullptr);

    /// Replaces the rows with `entries` (one model reset).
    void setEntries(const QList<QueueEntry> &entries);

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation o, int role = Qt::DisplayRole) const override;
    QHash<int, QByteArray> roleNames() const override;

private:
    QList<QueueEntry> m_entries;
};

} // namespace lens
