// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/object.h"
#include "api/status.h"
#include "restconfig.h"
#include "restnetworkaccessmanager.h"

#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QObject>

#include <functional>
#include <utility>

namespace lens {

class Journal;

/// A controller's writes to the API server (client-go's typed clientset: Create, Update,
/// UpdateStatus, Patch, Delete on one resource), each one HTTP request over
/// QNetworkAccessManager with the RestConfig's TLS and credentials. Requests run concurrently
/// (Qt opens up to six connections per host, as Go's HTTP/1.1 transport opens as many as it
/// needs): several workers' writes are in flight at once.
///
/// Every request is journaled twice (component = `actor`, e.g. "provisioner"):
/// TraceKind::ApiRequestSent when it leaves (detail: requestId, verb, path, worker, queueKey,
/// objectKey) and TraceKind::ApiRequestFinished when the answer is in (requestId, verb, path,
/// code, latencyMs — on the journal's Clock, so 0 on a scenario's clock under --at —,
/// resourceVersion of the object the server answered with, and on failure the
/// typed ApiStatus in "status"). The answer's resourceVersion is what links a write to the
/// watch event it caused (the informer sees the same resourceVersion come back).
///
/// Errors: the callback gets Result::ok false and the ApiStatus (HTTP Status body, or a
/// transport error: refused, unreachable, timed out after requestTimeoutMs()); a 2xx whose body
/// is not a JSON object is a Decode error. Nothing is retried here: the caller decides, as
/// client-go's callers do.
///
/// Settled answers (setAnswerGate, exact runs under --at): the requests go one at a time, in
/// the order they were made, and each answer waits for the gate before it is journaled and
/// handed to its callback; only then does the next request leave. The built-in cluster's
/// watch events of a write then reach the informers in the same place among the journal's
/// events on every run, instead of racing the answer on another connection.
///
/// Read-only mode (setReadOnly): every write is refused locally with a 403-like Status whose
/// message says why, without a request (`informer-lens --controller` against a real cluster
/// without --allow-writes).
class KubeClient : public QObject {
    Q_OBJECT
public:
    /// What a write is for, named on its journal events (all optional).
    struct Tag {
        // A constructor, not an aggregate: three-field braces stay valid beside `actor`.
        Tag(QString worker = {}, QString queueKey = {}, QString objectKey = {}, QString actor = {})
            : worker(std::move(worker)), queueKey(std::move(queueKey)),
              objectKey(std::move(objectKey)), actor(std::move(actor))
        {
        }
        QString worker;    ///< "claim-worker-2"
        QString queueKey;  ///< the workqueue item being processed (a claim's UID, a PV's name)
        QString objectKey; ///< the object written, "ns/name" or "name"
        /// The writer the journal names (component), when not the client's own `actor`: two
        /// controllers of one manager writing through one client.
        QString actor;
    };
    struct Result {
        bool ok = false;
        int code = 0;    ///< HTTP status (0 when none came)
        Object object;   ///< the object the server answered with (null for a Status answer)
        ApiStatus error; ///< when !ok
        qint64 latencyMs = 0;
    };
    using Callback = std::function<void(const Result &)>;
    /// Holds an answer (see setAnswerGate): calls `release` exactly once, now or later, on the
    /// client's thread.
    using AnswerGate = std::function<void(const Result &answer, std::function<void()> release)>;

    /// `journal` (may be null) and `config` are not owned beyond this call; `actor` names the
    /// writer in the journal ("provisioner").
    KubeClient(RestConfig config, Journal *journal, const QString &actor,
               QObject *parent = nullptr);
    ~KubeClient() override;

    /// "/api/v1/namespaces/NS/RESOURCE/NAME[/SUB]" for core ("" group), else
    /// "/apis/GROUP/VERSION/...". `ns` "" for cluster-scoped objects, `name` "" for the
    /// collection.
    static QString objectPath(const QString &group, const QString &version, const QString &resource,
                              const QString &ns, const QString &name,
                              const QString &subresource = {});

    /// POST `collectionPath` with `object` (201 Created).
    quint64 create(const QString &collectionPath, const QJsonObject &object, Callback done,
                   const Tag &tag = {});
    /// PUT `path` (the object's path; `.../status` for UpdateStatus). Optimistic concurrency: a
    /// metadata.resourceVersion older than the stored one is answered 409 Conflict.
    quint64 update(const QString &path, const QJsonObject &object, Callback done,
                   const Tag &tag = {});
    /// PATCH `path` with `patch` as `contentType` ("application/merge-patch+json",
    /// "application/strategic-merge-patch+json").
    quint64 patch(const QString &path, const QJsonObject &patch, const QByteArray &contentType,
                  Callback done, const Tag &tag = {});
    /// DELETE `path`.
    quint64 remove(const QString &path, Callback done, const Tag &tag = {});

    /// Refuse every write (see above); `why` is the refusal's message.
    void setReadOnly(bool readOnly, const QString &why = {});
    bool isReadOnly() const { return m_readOnly; }
    /// Requests sent and not answered yet (an answer the gate holds counts until released).
    int inFlight() const { return m_inFlight; }
    /// Requests made but not sent yet: waiting their turn under setAnswerGate().
    int queued() const { return int(m_waiting.size()); }
    /// Settled answers (see the class comment): one request at a time, each answer held by
    /// `gate` until it releases it. An empty gate (the default) sends every request at once
    /// and hands answers over as they come. Set it before the first request.
    void setAnswerGate(AnswerGate gate) { m_gate = std::move(gate); }
    /// The most requests that were in flight at once so far.
    int peakInFlight() const { return m_peakInFlight; }
    /// Writes refused in read-only mode so far (none of them was sent).
    int refusedCount() const { return m_refused; }
    /// Milliseconds before an unanswered request is given up (Transport::Timeout); default
    /// 30000, kubectl's --request-timeout semantics. <= 0 = no limit.
    void setRequestTimeoutMs(int ms) { m_timeoutMs = ms; }
    int requestTimeoutMs() const { return m_timeoutMs; }

Q_SIGNALS:
    /// inFlight() changed.
    void inFlightChanged(int inFlight);

private:
    quint64 send(const QByteArray &verb, const QString &path, const QByteArray &body,
                 const QByteArray &contentType, Callback done, const Tag &tag);
    /// send()'s request on the wire, once a credential is ready.
    void transmit(quint64 id, const QByteArray &verb, const QString &path, const QByteArray &body,
                  const QByteArray &contentType, Callback done, const Tag &tag);
    /// Under a gate: transmits the next waiting request when none is in flight.
    void sendNextWaiting();
    /// The answer's last step: inFlight down, journaled, handed to `done`.
    void deliver(quint64 id, const QByteArray &verb, const QString &path, const Tag &tag,
                 const Result &r, const Callback &done);
    void journalSent(quint64 id, const QByteArray &verb, const QString &path, const Tag &tag);
    void journalFinished(quint64 id, const QByteArray &verb, const QString &path, const Tag &tag,
                         const Result &r);

    RestConfig m_config;
    Journal *m_journal;
    QString m_actor;
    RestNetworkAccessManager m_nam;
    quint64 m_nextId = 1;
    int m_inFlight = 0;
    int m_peakInFlight = 0;
    int m_refused = 0;
    int m_timeoutMs = 30000;
    bool m_readOnly = false;
    QString m_readOnlyWhy;
    AnswerGate m_gate;
    /// Under a gate: requests made, not sent yet (oldest first).
    QList<std::function<void()>> m_waiting;
};

} // namespace lens
