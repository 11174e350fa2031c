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

/// Same for a server that needs more: `caCertPem` (non-empty for https) goes into the cluster's
/// certificate-authority-data (base64 of the PEM), `token` (empty = the dummy token) into the
/// user's token. What `kubectl config view --raw` shows for a kubeadm cluster with a token user.
/// `clientCertPem` / `clientKeyPem` (both or neither) become the user's
/// client-certificate-data / client-key-data (base64 of the PEM, as kubeadm's admin.conf);
/// then the dummy token is left out. The file holds secrets: it is written with mode 0600.
QString kubeconfigText(const QUrl &server, const QByteArray &caCertPem, const QString &token,
                       const QByteArray &clientCertPem = {}, const QByteArray &clientKeyPem = {});
bool writeKubeconfig(const QString &path, const QUrl &server, const QByteArray &caCertPem,
                     const QString &token, QString *error = nullptr,
                     const QByteArray &clientCertPem = {}, const QByteArray &clientKeyPem = {});

} // namespace lens::sim
