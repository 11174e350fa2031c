// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QByteArrayView>

namespace lens::sim {

/// True when `given` and `expected` are the same bytes, in a time that depends on neither their
/// contents nor where they differ: how the built-in server checks a bearer token (and any other
/// credential it compares), so that answer times do not reveal how many leading bytes a
/// guessed token got right.
///
/// Mirrors Go's crypto/subtle.ConstantTimeCompare, which kube-apiserver's token file
/// authenticator (k8s.io/apiserver/pkg/authentication/token/tokenfile) uses. QtCore has no such
/// helper. Unlike ConstantTimeCompare, which returns at once when the lengths differ, both
/// sides are first hashed (SHA-256) and the two 32-byte digests compared with a loop that ORs
/// the byte differences, so the length of the expected token does not show either.
bool constantTimeEquals(QByteArrayView given, QByteArrayView expected);

} // namespace lens::sim
