// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "informer/listerwatcher.h"

#include <QPointer>

class QNetworkReply;

namespace lens {

/// Turns a finished reply's error state into an ApiStatus (HTTP Status body, Retry-After,
/// or a transport error). `body` is what was read of the answer.
ApiStatus statusFromReply(QNetworkReply *reply, const QByteArray &body);

/// A LIST over one QNetworkReply; see ListCall.
class HttpListCall final : public ListCall {
    Q_OBJECT
public:
    explicit HttpListCall(QNetworkReply *reply);
    ~HttpListCall() override;
    void abort() override;

private:
    void onFinished();
    QPointer<QNetworkReply> m_reply;
    bool m_done = false;
};

/// A WATCH over one QNetworkReply; see WatchCall. Newline-delimited events are decoded and
/// emitted in arrival order (client-go's StreamWatcher.receive), but in slices of at most
/// sliceBudgetMs() of work per event-loop turn: when the server pours events in faster than the
/// thread decodes them, the rest waits in the reply's buffer for the next turn instead of
/// stalling the thread (and the window on it) for as long as the backlog lasts.
///
/// Bounded when behind: Qt's network thread reads a stream as fast as it arrives, whatever this
/// thread decodes, so undecoded bytes would pile up without end. When more than `backlogLimit`
/// bytes wait undecoded, the call keeps the first `backlogLimit` of them (at least one whole
/// event), closes the connection, decodes what it kept and then ends with
/// Transport::ConnectionLost and a message saying how far behind it was — as kube-apiserver
/// closes a watcher that falls behind ("Forcing watcher close due to unresponsiveness"). The
/// reflector re-watches from its last resourceVersion, so the events let go come again and
/// none is lost or repeated; every round makes progress.
class HttpWatchCall final : public WatchCall {
    Q_OBJECT
public:
    /// `backlogLimit`: bytes of undecoded stream tolerated (<= 0: defaultBacklogLimit()).
    explicit HttpWatchCall(QNetworkReply *reply, qint64 backlogLimit = 0);
    ~HttpWatchCall() override;
    void stop() override;
    /// Milliseconds of decoding per event-loop turn before yielding.
    static constexpr int sliceBudgetMs() { return 8; }
    /// Undecoded bytes tolerated by default (16 MiB, some 7 000 pod events).
    static constexpr qint64 defaultBacklogLimit() { return 16 * 1024 * 1024; }

private:
    void onReadyRead();
    void onFinished();
    /// Decodes whole lines for up to sliceBudgetMs(). Returns true when no whole line is left
    /// (or the call stopped); false when it yielded with lines still buffered (a queued
    /// continuation is then scheduled).
    bool drainLines();
    bool decodeLine(const QByteArray &line);
    /// Undecoded bytes: in the reply and in m_lines past m_pos.
    qint64 backlogBytes() const;
    /// Keeps what fits in the limit and closes the connection (see the class comment).
    void fallBehind();
    QPointer<QNetworkReply> m_reply;
    QByteArray m_errorBody;
    /// Index of the next '\n' in m_lines at or after m_pos, taking the reply's buffered bytes
    /// when none is left; -1 when no whole line is available.
    qsizetype lineEnd();
    QByteArray m_lines; ///< bytes taken from the reply; [m_pos, end) not yet decoded
    qsizetype m_pos = 0;
    qint64 m_backlogLimit;
    double m_behindMiB = -1; ///< >= 0 once fallen behind: the backlog then, in MiB
    bool m_stopped = false;
    bool m_ok = true;
    bool m_continuationQueued = false;
    bool m_finishedPending = false;
};

/// Decodes one watch line ({"type":..,"object":{..}}). Returns false with `*error` set when the
/// line is not a watch event.
bool decodeWatchEvent(const QByteArray &line, WatchEvent *out, QString *error);

} // namespace lens
