// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QByteArray>
#include <QString>
#include <QStringList>

namespace lens::sim {

/// PEM material for serving HTTPS: a throw-away certificate authority and a server certificate
/// it signed for 127.0.0.1 / ::1 / localhost (and the addresses asked for).
struct TlsMaterial {
    QByteArray caCertPem;     ///< the CA certificate clients trust (kubeconfig
                              ///< certificate-authority-data)
    QByteArray serverCertPem; ///< leaf: CN lens-sim, SAN IP:127.0.0.1, IP:::1, DNS:localhost
                              ///< and the extra IP addresses, extendedKeyUsage serverAuth
    QByteArray serverKeyPem;  ///< the leaf's private key (PKCS#8 PEM, ECDSA P-256)
    /// With `withClientCertificate`: a client certificate signed by the same CA, subject
    /// O=system:masters, CN=lens-sim-admin, extendedKeyUsage clientAuth (what kubeadm writes
    /// into admin.conf), and its key. Empty otherwise. The key is a secret: never logged.
    QByteArray clientCertPem;
    QByteArray clientKeyPem;
    bool isNull() const { return serverCertPem.isEmpty(); }
};

/// Generates a fresh CA (ECDSA P-256, CN lens-sim-ca, 10 years) and a server certificate signed by
/// it, by running the `openssl` command-line tool (OpenSSL 1.1.1 or 3.x; Debian package
/// `openssl`) in a temporary directory that is removed afterwards. Blocks for the few tens of
/// milliseconds the three openssl runs take; call it before the server starts, never from a
/// test that has to keep an event loop turning. Keys never touch disk outside that directory
/// (mode 0700). Returns false and sets `*error` (including openssl's stderr) when the tool is
/// missing or fails. What kube-apiserver does with --tls-cert-file, minus persistence: a new
/// CA per call.
/// With `withClientCertificate` a fourth and fifth run make TlsMaterial::clientCertPem/KeyPem.
/// `extraIpAddresses` ("192.168.1.5", "fd00::1") are added to the server certificate's SAN, for
/// a server that listens on such an address (Simulator::Options::address).
bool generateTlsMaterial(TlsMaterial *out, QString *error = nullptr,
                         bool withClientCertificate = false,
                         const QStringList &extraIpAddresses = {});

} // namespace lens::sim
