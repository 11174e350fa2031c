// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/object.h"
#include "api/status.h"
#include "informer/keys.h"

#include <QList>
#include <QObject>
#include <QString>

#include <memory>
#include <utility>

namespace lens {

class ObjectPacker;

/// metav1.ListOptions as the reflector sends them (list and watch share one shape).
struct ListOptions {
    QString resourceVersion;      ///< "" = consistent read, "0" = any (watch cache), "N"
    QString resourceVersionMatch; ///< "", "NotOlderThan" or "Exact"
    QString continueToken;        ///< metadata.continue of the previous page
    QString labelSelector;
    QString fieldSelector;
    int limit = 0;          ///< page size; 0 = no paging
    int timeoutSeconds = 0; ///< watch: the server closes the stream after this many seconds
    bool allowWatchBookmarks = false;
    bool sendInitialEvents = false;
    /// Not sent. Applied to each listed item where it is decoded (HttpListerWatcher: on the
    /// decoder thread, as the body arrives), so that an original the informer's transform
    /// replaces is let go at once. The DeltaFIFO still applies the informer's transform as it
    /// queues the item (client-go's transforms must be idempotent); an error here keeps the item
    /// as it was, for the FIFO to report. Other ListerWatchers may ignore it. Null: none.
    TransformFunc itemTransform;
    /// Not sent. Where objects are decoded (listed items after itemTransform, and the objects of
    /// watch events), their bytes are packed with it (HttpListerWatcher: on the decoder thread;
    /// ObjectPacker, api/objectpacker.h). Other ListerWatchers may ignore it. Null: none.
    std::shared_ptr<ObjectPacker> packer;
};

/// One page of a LIST answer: items plus the list metadata.
struct ListPage {
    QList<Object> items;
    QString resourceVersion;        ///< metadata.resourceVersion of the list
    QString continueToken;          ///< metadata.continue; empty on the last page
    qint64 remainingItemCount = -1; ///< metadata.remainingItemCount; -1 when absent
};

/// One watch event (watch.Event): ADDED/MODIFIED/DELETED carry the object, BOOKMARK an object
/// with only metadata.resourceVersion (and maybe annotations), ERROR a Status in `status`.
struct WatchEvent {
    enum class Type { Added, Modified, Deleted, Bookmark, Error, Unknown };
    Type type = Type::Unknown;
    QString typeName; ///< as on the wire: "ADDED", "MODIFIED", ...
    Object object;
    ApiStatus status; ///< for ERROR
};

/// An asynchronous LIST request. Emits finished() exactly once (also after abort()); then
/// `ok()` tells whether `page()` or `error()` holds the answer.
class ListCall : public QObject {
    Q_OBJECT
public:
    using QObject::QObject;
    bool ok() const { return m_ok; }
    const ListPage &page() const { return m_page; }
    /// The answer's page, moved out (page() is empty after): the pager takes the items so that
    /// the call, deleted later, does not keep every listed object alive through Replace.
    ListPage takePage() { return std::exchange(m_page, {}); }
    const ApiStatus &error() const { return m_error; }
    virtual void abort() = 0;

Q_SIGNALS:
    void finished();

protected:
    bool m_ok = false;
    ListPage m_page;
    ApiStatus m_error;
};

/// An asynchronous WATCH stream. Emits eventReceived() per decoded event, then ended() exactly
/// once: with a default ApiStatus (code 0, Transport::None) when the server closed the stream
/// cleanly (timeoutSeconds), otherwise with the error. `responded()` is true once the HTTP
/// answer began (client-go distinguishes a failed Watch call from a broken stream). stop()
/// ends the stream from the client side; no signal follows it.
class WatchCall : public QObject {
    Q_OBJECT
public:
    using QObject::QObject;
    bool responded() const { return m_responded; }
    /// True once the client let the stream go because it fell behind it (HttpWatchCall's
    /// backlog limit; not in client-go): the events it had not decoded were dropped with the
    /// connection, and ended() follows. A watch resumes from its last resourceVersion; a
    /// WatchList stream before its initial-events-end bookmark cannot (Reflector).
    bool fellBehind() const { return m_fellBehind; }
    /// Bytes of the stream this client has received and will deliver as events without another
    /// byte from the server (HttpWatchCall::deliverableBytes(): an unfinished line alone counts
    /// 0); 0 for calls that deliver as they are told (in-memory ListerWatchers). Not in client-go:
    /// a scenario waits for it to reach 0 before its clock moves on (Session::informersBusy()).
    virtual qint64 undeliveredBytes() const { return 0; }
    virtual void stop() = 0;

Q_SIGNALS:
    void eventReceived(const lens::WatchEvent &event);
    void ended(const lens::ApiStatus &error);

protected:
    bool m_responded = false;
    bool m_fellBehind = false;
};

/// client-go's ListerWatcher (tools/cache/listwatch.go): how the reflector reaches one
/// resource. The HTTP implementation lives in core/client; tests may implement it in memory.
/// Calls are owned by the caller (delete them, or deleteLater, after finished/ended).
class ListerWatcher {
public:
    virtual ~ListerWatcher() = default;
    virtual ListCall *list(const ListOptions &options) = 0;
    virtual WatchCall *watch(const ListOptions &options) = 0;
    /// What is listed and watched, e.g. "pods (all namespaces) at http://127.0.0.1:40123".
    virtual QString description() const = 0;
};

} // namespace lens

Q_DECLARE_METATYPE(lens::WatchEvent)
