// SPDX-License-Identifier: Apache-2.0
#include "tls.h"

#include <QFile>
#include <QProcess>
#include <QRandomGenerator>
#include <QStandardPaths>
#include <QTemporaryDir>

namespace lens::sim {

namespace {

bool run(const QString &openssl, const QString &dir, const QStringList &args, QString *error)
{
    QProcess p;
    p.setWorkingDirectory(dir);
    p.start(openssl, args);
    if (!p.waitForFinished(30000) || p.exitStatus() != QProcess::NormalExit || p.exitCode() != 0) {
        if (error)
            *error = QStringLiteral("openssl %1 failed: %2 %3")
                         .arg(args.value(0), p.errorString(),
                              QString::fromLocal8Bit(p.readAllStandardError()).trimmed());
        return false;
    }
    return true;
}

QByteArray readFile(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

} // namespace

bool generateTlsMaterial(TlsMaterial *out, QString *error, bool withClientCertificate,
                         const QStringList &extraIpAddresses)
{
    const QString openssl = QStandardPaths::findExecutable(QStringLiteral("openssl"));
    if (openssl.isEmpty()) {
        if (error)
            *error = QStringLiteral("the openssl command is needed for --tls (Debian: apt install "
                                    "openssl)");
        return false;
    }
    QTemporaryDir dir;
    if (!dir.isValid()) {
        if (error)
            *error =
                QStringLiteral("cannot create a temporary directory: %1").arg(dir.errorString());
        return false;
    }
    const QString d = dir.path();
    {
        QFile ext(dir.filePath(QStringLiteral("server.ext")));
        if (!ext.open(QIODevice::WriteOnly)) {
            if (error)
                *error = ext.errorString();
            return false;
        }
        QByteArray san = "subjectAltName=IP:127.0.0.1,IP:::1,DNS:localhost";
        for (const QString &ip : extraIpAddresses)
            san += ",IP:" + ip.toLatin1();
        ext.write(san + "\n"
                        "extendedKeyUsage=serverAuth\n"
                        "basicConstraints=critical,CA:FALSE\n"
                        "keyUsage=critical,digitalSignature\n");
        QFile clientExt(dir.filePath(QStringLiteral("client.ext")));
        if (!clientExt.open(QIODevice::WriteOnly)) {
            if (error)
                *error = clientExt.errorString();
            return false;
        }
        clientExt.write("extendedKeyUsage=clientAuth\n"
                        "basicConstraints=critical,CA:FALSE\n"
                        "keyUsage=critical,digitalSignature\n");
    }
    const QStringList ec{QStringLiteral("-newkey"), QStringLiteral("ec"),
                         QStringLiteral("-pkeyopt"), QStringLiteral("ec_paramgen_curve:prime256v1"),
                         QStringLiteral("-nodes")};
    const QString serial = QStringLiteral("0x%1").arg(QRandomGenerator::system()->generate64() >> 1,
                                                      16, 16, QLatin1Char('0'));
    if (!run(openssl, d,
             QStringList{QStringLiteral("req"), QStringLiteral("-x509")} + ec +
                 QStringList{
                     QStringLiteral("-keyout"), QStringLiteral("ca.key"), QStringLiteral("-out"),
                     QStringLiteral("ca.crt"), QStringLiteral("-days"), QStringLiteral("3650"),
                     QStringLiteral("-subj"), QStringLiteral("/CN=lens-sim-ca"),
                     QStringLiteral("-addext"), QStringLiteral("basicConstraints=critical,CA:TRUE"),
                     QStringLiteral("-addext"),
                     QStringLiteral("keyUsage=critical,keyCertSign,cRLSign")},
             error) ||
        !run(openssl, d,
             QStringList{QStringLiteral("req"), QStringLiteral("-new")} + ec +
                 QStringList{QStringLiteral("-keyout"), QStringLiteral("server.key"),
                             QStringLiteral("-out"), QStringLiteral("server.csr"),
                             QStringLiteral("-subj"), QStringLiteral("/CN=lens-sim")},
             error) ||
        !run(openssl, d,
             {QStringLiteral("x509"), QStringLiteral("-req"), QStringLiteral("-in"),
              QStringLiteral("server.csr"), QStringLiteral("-CA"), QStringLiteral("ca.crt"),
              QStringLiteral("-CAkey"), QStringLiteral("ca.key"), QStringLiteral("-set_serial"),
              serial, QStringLiteral("-days"), QStringLiteral("3650"), QStringLiteral("-extfile"),
              QStringLiteral("server.ext"), QStringLiteral("-out"), QStringLiteral("server.crt")},
             error))
        return false;
    if (withClientCertificate &&
        (!run(openssl, d,
              QStringList{QStringLiteral("req"), QStringLiteral("-new")} + ec +
                  QStringList{QStringLiteral("-keyout"), QStringLiteral("client.key"),
                              QStringLiteral("-out"), QStringLiteral("client.csr"),
                              QStringLiteral("-subj"),
                              QStringLiteral("/O=system:masters/CN=lens-sim-admin")},
              error) ||
         !run(openssl, d,
              {QStringLiteral("x509"), QStringLiteral("-req"), QStringLiteral("-in"),
               QStringLiteral("client.csr"), QStringLiteral("-CA"), QStringLiteral("ca.crt"),
               QStringLiteral("-CAkey"), QStringLiteral("ca.key"), QStringLiteral("-set_serial"),
               serial + QStringLiteral("1"), QStringLiteral("-days"), QStringLiteral("3650"),
               QStringLiteral("-extfile"), QStringLiteral("client.ext"), QStringLiteral("-out"),
               QStringLiteral("client.crt")},
              error)))
        return false;
    TlsMaterial m;
    if (withClientCertificate) {
        m.clientCertPem = readFile(dir.filePath(QStringLiteral("client.crt")));
        m.clientKeyPem = readFile(dir.filePath(QStringLiteral("client.key")));
        if (m.clientCertPem.isEmpty() || m.clientKeyPem.isEmpty()) {
            if (error)
                *error = QStringLiteral("openssl produced no client certificate");
            return false;
        }
    }
    m.caCertPem = readFile(dir.filePath(QStringLiteral("ca.crt")));
    m.serverCertPem = readFile(dir.filePath(QStringLiteral("server.crt")));
    m.serverKeyPem = readFile(dir.filePath(QStringLiteral("server.key")));
    if (m.caCertPem.isEmpty() || m.serverCertPem.isEmpty() || m.serverKeyPem.isEmpty()) {
        if (error)
            *error = QStringLiteral("openssl produced no certificate");
        return false;
    }
    *out = m;
    return true;
}

} // namespace lens::sim
