// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QString>
#include <QUrl>

namespace lens::sim {

/// Writes a kubeconfig for the simulated server: cluster "lens-sim" (server `server`), user
/// "lens-sim" with a dummy bearer token (the server accepts any), context "lens-sim" with
/// namespace "default", and current-context "lens-sim". kubectl accepts it as is:
/// `kubectl --kubeconfig FILE get pods -A`.
/// Creates missing parent directories; the file is written with mode 0600 like kubectl's own.
/// Returns false and sets `*error` when the file cannot be written.
bool writeKubeconfig(const QString &path, const QUrl &server, QString *error = nullptr);

/// The kubeconfig text writeKubeconfig() writes.
QString kubeconfigText(const QUrl &server);

} // namespace lens::sim
