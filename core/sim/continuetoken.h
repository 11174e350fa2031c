// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QByteArray>
#include <QString>

namespace lens::sim {

/// A LIST continue token in the exact shape kube-apiserver (etcd3 storage) uses:
/// base64url without padding of {"v":"meta.k8s.io/v1","rv":89,"start":"sample-1\u0000"}.
/// `start` is the key to resume at, relative to the list's prefix: "name\0" for a namespaced
/// list, "namespace/name\0" for an all-namespaces list (fixtures 01 and 20). rv -1 marks an
/// "inconsistent continue" token (what a 410 for an expired token hands back, fixture 07).
///
/// Mirrors: k8s.io/apiserver/pkg/storage/continue.go (EncodeContinue / DecodeContinue).
struct ContinueToken {
    qint64 resourceVersion = 0;
    QString start;

    QByteArray encode() const;
    /// Decodes a token. On failure returns false and sets `*error` to the reason after
    /// "continue key is not valid: " (the server prefixes "invalid continue token: ").
    static bool decode(const QByteArray &token, ContinueToken *out, QString *error);
};

} // namespace lens::sim
