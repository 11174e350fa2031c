// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QHash>
#include <QString>

namespace lens::sim {

class HttpResponder;
class Store;
struct Faults;
struct HttpCall;
struct ResourceType;

/// LIST of one resource, as kube-apiserver answers it (docs/simulator.md "LIST"): items in etcd
/// key order at a revision, `limit` + `continue` pages from the snapshot at the token's
/// revision (remainingItemCount when unfiltered), resourceVersion "0" from the watch cache
/// (limit ignored unless the watch cache is off), resourceVersion=N NotOlderThan (504 Too large
/// beyond the current revision), resourceVersionMatch=Exact (410 Expired before the history),
/// label and field selectors (core/api), ValidateListOptions' 422s, and the captured answers to
/// invalid resourceVersions and continue tokens. The "Too large resource version" fault
/// (Faults::tooLargeCount) is answered here too.
class ListHandler {
public:
    /// `store`, `responder` and `faults` must outlive the handler.
    ListHandler(Store *store, HttpResponder *responder, Faults *faults);

    /// Answers GET on the collection of `type` in `ns` ("" = all namespaces). `watchCache`:
    /// resourceVersion "0" is served whole from the watch cache (kube-apiserver's default);
    /// false: from storage, paged by `limit` (--watch-cache=false).
    void handle(HttpCall &call, const ResourceType &type, const QString &ns, bool watchCache);

    /// Lists of `fromBytes` bytes or more (default 16 MiB) are written piece by piece as the
    /// socket drains, `pieceBytes` (default 4 MiB) of whole items at a time
    /// (HttpResponder::respondStreamed), byte for byte the body a smaller list gets whole. For
    /// tests (tst_simserver streams every list in 1 KiB pieces); the server's own default is
    /// what users get. Not thread-safe: set before the server answers.
    static void setStreaming(qsizetype fromBytes, qsizetype pieceBytes);

private:
    Store *m_store;
    HttpResponder *m_responder;
    Faults *m_faults;
    /// remainingItemCount without walking the rest of a collection on every page:
    /// "resource|rv|prefix|start" -> items left.
    QHash<QString, qint64> m_remainingCache;
};

/// The "Too large resource version" fault for a LIST or WATCH at `resourceVersion`: when one is
/// pending (Faults::takeTooLarge), answers 504 (asked = the request's resourceVersion, or
/// current+1 when it named none or an older one) and returns true.
bool answerTooLargeFault(HttpCall &call, HttpResponder &responder, Faults &faults,
                         const Store &store, const QString &resourceVersion);

} // namespace lens::sim
