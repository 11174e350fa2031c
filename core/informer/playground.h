// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "indexer.h"
#include "queue.h"

#include <QHash>
#include <QString>
#include <QStringList>

#include <memory>

namespace lens {

/// The playground's interpreter: a line language that drives one queue (DeltaFIFO or RealFIFO)
/// and a knownObjects store by hand, the way client-go's delta_fifo_test.go and
/// the_real_fifo_test.go do. `informer-lens-play` and the window's Playground panel both run
/// scripts through this class; it has no Widgets dependency.
///
/// Language (one command per line; `#` starts a comment; blank lines are ignored):
///
///     new deltafifo [emitReplaced] [known=K@V,K@V...]   |  new realfifo [known=K@V,...]
///     add K@V  |  update K@V  |  delete K@V  |  replace [K@V ...]  |  resync  |  close
///     pop  |  hassynced  |  listkeys  |  get K  |  addifnotpresent K
///     known add K@V  |  known delete K
///
/// K is a key, "name" or "ns/name" (SplitMetaNamespaceKey's rules); V is the object's payload,
/// which is also its metadata.resourceVersion (Object::make). `replace` takes its objects
/// separated by spaces or commas; with none it is Replace([]). Commands before the first `new`
/// act on `new deltafifo`.
///
/// Output, one line per command that has any (runLine returns "" for the others):
///
///     pop        -> "pop K [Type K@V, Type Tomb(K, K@V), ...] initial=true|false"
///                   (Tomb(K, null) when the tombstone has no object; "pop closed" when the
///                   queue is closed and empty)
///     hassynced  -> "hassynced true|false"
///     listkeys   -> "listkeys [K, K, ...]"
///     get K      -> "get K [deltas as for pop]" or "get K none"
///     failures   -> "error: <message>" (client-go's words where client-go has an error)
///
/// Semantics worth knowing:
///  * knownObjects is always an Indexer the script controls with `known add/delete` (and
///    `known=`). An empty store behaves exactly like client-go's KnownObjects == nil for
///    DeltaFIFO, so both variants of the cases file are covered. RealFIFO requires one, as in
///    client-go.
///  * pop does not change knownObjects (as in client-go's queue tests, where no informer
///    applies the popped Deltas); use `known ...` to play the informer's part.
///  * `addifnotpresent K` passes the Deltas most recently popped for K to
///    DeltaFIFO.AddIfNotPresent; when none was popped it passes an empty Deltas, which
///    client-go rejects with ErrZeroLengthDeltasObject (DF-19). RealFIFO has no
///    AddIfNotPresent in the versions that made it the default (it never re-queues).
///  * In RealFIFO mode each pop returns one delta; `get K` lists every queued event of K in
///    delivery order and `listkeys` names the key of every queued event (duplicates included).
///  * pop on an empty queue that is not closed would block forever in client-go; here it is an
///    error ("Pop would block: the queue is empty and not closed").
class Playground {
public:
    enum class Mode { DeltaFIFO, RealFIFO };

    /// Starts as after `new deltafifo`.
    Playground();
    ~Playground();

    /// Runs one line; returns its output line, or an empty string when the command prints
    /// nothing (comments, blank lines, mutations that succeeded).
    QString runLine(const QString &line);
    /// Runs a whole script (lines separated by '\n'); returns every output line in order.
    QStringList run(const QString &script);

    // State, for a panel that shows the queue after every line.
    Mode mode() const { return m_mode; }
    /// The current queue (never null).
    Queue *queue() const { return m_queue.get(); }
    /// The queue's rows in Pop order (see QueueEntry).
    QList<QueueEntry> entries() const { return m_queue->entries(); }
    /// The knownObjects store.
    const Indexer &knownObjects() const { return m_known; }
    bool emitDeltaTypeReplaced() const { return m_emitReplaced; }
    /// Lines run so far (including comments and blank lines).
    int lineCount() const { return m_lines; }

    /// "[Added ns/a@1, Deleted Tomb(ns/a, ns/a@1)]": the notation of pop and get.
    static QString formatDeltas(const Deltas &deltas);
    /// Parses "K@V" into an Object (ns, name, resourceVersion = V); on failure returns a null
    /// Object and sets *error.
    static Object parseObject(const QString &spec, QString *error);

private:
    QString exec(const QStringList &words);
    QString cmdNew(const QStringList &words);
    QString cmdKnown(const QStringList &words);
    QString cmdPop();
    QString cmdGet(const QString &key);
    QString cmdAddIfNotPresent(const QString &key);
    void rebuildQueue();

    Mode m_mode = Mode::DeltaFIFO;
    bool m_emitReplaced = false;
    Indexer m_known;
    std::unique_ptr<Queue> m_queue;
    QHash<QString, Deltas> m_lastPopped;
    int m_lines = 0;
};

} // namespace lens
