// SPDX-License-Identifier: Apache-2.0
#include "kubeconfig.h"

#include "restnetworkaccessmanager.h"

#include "api/boundedfile.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QHash>
#include <QRegularExpression>

#include <yaml-cpp/depthguard.h>
#include <yaml-cpp/yaml.h>

#include <stdexcept>

namespace lens {

namespace {

/// One named entry (cluster, user or context) and the file it came from.
struct Entry {
    YAML::Node node;
    QString file;
};

struct Merged {
    QHash<QString, Entry> clusters, users, contexts;
    QString currentContext;
};

struct LoadError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

[[noreturn]] void fail(const QString &message)
{
    throw LoadError(message.toStdString());
}

QString str(const YAML::Node &map, const char *key)
{
    const YAML::Node v = map[key];
    if (!v || v.IsNull())
        return {};
    if (!v.IsScalar())
        fail(QStringLiteral("\"%1\" must be a string (line %2)")
                 .arg(QLatin1String(key))
                 .arg(v.Mark().line + 1));
    return QString::fromStdString(v.Scalar());
}

/// A list of strings (`as-groups: [a, b]`); empty when absent.
QStringList strings(const YAML::Node &map, const char *key, const QString &where)
{
    const YAML::Node v = map[key];
    if (!v || v.IsNull())
        return {};
    if (!v.IsSequence())
        fail(QStringLiteral("%1: \"%2\" must be a list of strings (line %3)")
                 .arg(where, QLatin1String(key))
                 .arg(v.Mark().line + 1));
    QStringList out;
    for (const YAML::Node &item : v) {
        if (!item.IsScalar())
            fail(QStringLiteral("%1: \"%2\" must be a list of strings (line %3)")
                     .arg(where, QLatin1String(key))
                     .arg(item.Mark().line + 1));
        out << QString::fromStdString(item.Scalar());
    }
    return out;
}

bool flag(const YAML::Node &map, const char *key)
{
    const QString v = str(map, key);
    return v == QLatin1String("true");
}

/// helm's checkPerms (pkg/cli/environment.go), for every file that holds a credential: one
/// warning when group or others may read it ("Kubernetes configuration file is group-readable.
/// This is insecure. Location: PATH"), never a refusal (kubectl reads such files silently).
void warnIfReadableByOthers(const QString &what, const QString &path, QStringList *warnings)
{
    if (!warnings || path.isEmpty())
        return;
    const QFileInfo info(path); // permissions of the file a symlink points at, as stat(2)
    if (!info.exists())
        return;
    const QFile::Permissions perms = info.permissions();
    QString readable;
    if (perms & QFile::ReadOther)
        readable = QStringLiteral("world-readable");
    else if (perms & QFile::ReadGroup)
        readable = QStringLiteral("group-readable");
    else
        return;
    const QString warning = QStringLiteral("%1 is %2. This is insecure. Location: %3")
                                .arg(what, readable, QDir::toNativeSeparators(path));
    if (!warnings->contains(warning))
        warnings->append(warning);
}

void mergeFile(const QString &path, Merged *m, QStringList *warnings)
{
    warnIfReadableByOthers(QStringLiteral("Kubernetes configuration file"), path, warnings);
    QByteArray text;
    QString why;
    if (!readBoundedFile(path, fileLimits::kKubeconfig, &text, &why))
        fail(QStringLiteral("cannot read %1").arg(why));
    YAML::Node root;
    try {
        root = YAML::Load(text.toStdString());
    } catch (const YAML::DeepRecursion &e) {
        // yaml-cpp's depth guard says "bad file"; say what is wrong.
        fail(QStringLiteral("%1:%2:%3: not valid YAML: nested deeper than %4 levels, the most "
                            "yaml-cpp reads")
                 .arg(path)
                 .arg(e.mark.line + 1)
                 .arg(e.mark.column + 1)
                 .arg(e.depth() - 1));
    } catch (const YAML::ParserException &e) {
        fail(QStringLiteral("%1:%2:%3: not valid YAML: %4")
                 .arg(path)
                 .arg(e.mark.line + 1)
                 .arg(e.mark.column + 1)
                 .arg(QString::fromStdString(e.msg)));
    }
    if (root.IsNull())
        return; // an empty file is an empty config, as clientcmd reads it
    if (!root.IsMap())
        fail(QStringLiteral("%1 is not a kubeconfig (expected a mapping with clusters, users and "
                            "contexts)")
                 .arg(path));
    const QString kind = str(root, "kind");
    if (!kind.isEmpty() && kind != QLatin1String("Config"))
        fail(QStringLiteral("%1 has kind \"%2\", a kubeconfig has kind Config").arg(path, kind));
    auto named = [&](const char *list, const char *inner, QHash<QString, Entry> *into) {
        const YAML::Node seq = root[list];
        if (!seq || seq.IsNull())
            return;
        if (!seq.IsSequence())
            fail(QStringLiteral("%1:%2: \"%3\" must be a list")
                     .arg(path)
                     .arg(seq.Mark().line + 1)
                     .arg(QLatin1String(list)));
        for (const YAML::Node &item : seq) {
            const QString name = item.IsMap() ? str(item, "name") : QString();
            if (name.isEmpty())
                fail(QStringLiteral("%1:%2: an entry of \"%3\" has no name")
                         .arg(path)
                         .arg(item.Mark().line + 1)
                         .arg(QLatin1String(list)));
            const YAML::Node body = item[inner];
            // clientcmd decodes each into its struct: a string where the map belongs is an
            // error that names the entry (not yaml-cpp's "operator[] call on a scalar").
            if (body && !body.IsNull() && !body.IsMap())
                fail(QStringLiteral("%1:%2: %3 \"%4\": \"%5\" must be a mapping (of fields such "
                                    "as %6), not %7")
                         .arg(path)
                         .arg(body.Mark().line + 1)
                         .arg(QLatin1String(list).chopped(1), name, QLatin1String(inner),
                              QLatin1String(qstrcmp(inner, "cluster") == 0 ? "server"
                                            : qstrcmp(inner, "user") == 0  ? "token"
                                                                           : "cluster and user"),
                              body.IsScalar() ? QStringLiteral("a string")
                                              : QStringLiteral("a list")));
            if (!into->contains(name)) // the first file that has a name wins
                into->insert(
                    name,
                    Entry{body && !body.IsNull() ? body : YAML::Node(YAML::NodeType::Map), path});
        }
    };
    named("clusters", "cluster", &m->clusters);
    named("users", "user", &m->users);
    named("contexts", "context", &m->contexts);
    if (m->currentContext.isEmpty())
        m->currentContext = str(root, "current-context");
}

QString resolvePath(const QString &path, const QString &kubeconfigFile)
{
    if (path.isEmpty() || QDir::isAbsolutePath(path))
        return path;
    return QFileInfo(kubeconfigFile).absoluteDir().filePath(path);
}

/// The bytes of `<field>-data` (base64) or of the file `<field>`. `secretWhat` (not empty for
/// a private key): warn when that file is readable by others.
QByteArray material(const Entry &e, const char *field, const QString &what,
                    const QString &secretWhat = {}, QStringList *warnings = nullptr)
{
    const std::string dataKey = std::string(field) + "-data";
    const QString data = str(e.node, dataKey.c_str());
    if (!data.isEmpty()) {
        const auto decoded = QByteArray::fromBase64Encoding(
            data.toLatin1(), QByteArray::AbortOnBase64DecodingErrors);
        if (!decoded)
            fail(QStringLiteral("%1: %2 (%3) is not valid base64")
                     .arg(e.file, QString::fromStdString(dataKey), what));
        return *decoded;
    }
    const QString file = resolvePath(str(e.node, field), e.file);
    if (file.isEmpty())
        return {};
    QByteArray bytes;
    QString why;
    if (!readBoundedFile(file, fileLimits::kKubeconfig, &bytes, &why))
        fail(QStringLiteral("%1: cannot read %2: %3").arg(e.file, QLatin1String(field), why));
    if (!secretWhat.isEmpty())
        warnIfReadableByOthers(secretWhat, file, warnings);
    return bytes;
}

void resolveCluster(const QString &name, const Entry &e, RestConfig *out)
{
    out->clusterName = name;
    const QString server = str(e.node, "server");
    if (server.isEmpty())
        fail(QStringLiteral("%1: cluster \"%2\" has no server").arg(e.file, name));
    // A server URL has no spaces. One that does swallowed what followed it (a quote left open,
    // which yaml-cpp reads to the end of the file): that may be a token, so it is never echoed.
    if (server.contains(QRegularExpression(QStringLiteral("\\s"))))
        fail(QStringLiteral("%1:%2: cluster \"%3\" has a server value that runs on past the URL "
                            "(\"%4 …\"): is a quote left open?")
                 .arg(e.file)
                 .arg(e.node["server"].Mark().line + 1)
                 .arg(name, RestNetworkAccessManager::maskedUrlText(server)
                                .section(QRegularExpression(QStringLiteral("\\s")), 0, 0)
                                .left(80)));
    out->server = QUrl(server, QUrl::StrictMode);
    if (!out->server.isValid() || out->server.host().isEmpty() ||
        (out->server.scheme() != QLatin1String("https") &&
         out->server.scheme() != QLatin1String("http")))
        fail(QStringLiteral("%1: cluster \"%2\" has server \"%3\", which is not an http or https "
                            "URL")
                 .arg(e.file, name, RestNetworkAccessManager::maskedUrlText(server).left(80)));
    out->insecureSkipTlsVerify = flag(e.node, "insecure-skip-tls-verify");
    if (out->insecureSkipTlsVerify &&
        (e.node["certificate-authority"] || e.node["certificate-authority-data"]))
        fail(QStringLiteral("%1: cluster \"%2\" sets both insecure-skip-tls-verify and a "
                            "certificate authority; kubectl refuses that too")
                 .arg(e.file, name));
    const QByteArray ca = material(e, "certificate-authority", QStringLiteral("the cluster's CA"));
    if (!ca.isEmpty()) {
        out->caCertificates = QSslCertificate::fromData(ca, QSsl::Pem);
        if (out->caCertificates.isEmpty())
            out->caCertificates = QSslCertificate::fromData(ca, QSsl::Der);
        if (out->caCertificates.isEmpty())
            fail(QStringLiteral("%1: cluster \"%2\": the certificate authority is not a PEM "
                                "certificate")
                     .arg(e.file, name));
    }
    out->tlsServerName = str(e.node, "tls-server-name");
    const QString proxy = str(e.node, "proxy-url");
    if (!proxy.isEmpty()) {
        out->proxyUrl = QUrl(proxy, QUrl::StrictMode);
        const QString s = out->proxyUrl.scheme();
        if (!out->proxyUrl.isValid() ||
            (s != QLatin1String("http") && s != QLatin1String("https") &&
             s != QLatin1String("socks5")))
            fail(QStringLiteral("%1: cluster \"%2\": proxy-url \"%3\" must be an http, https or "
                                "socks5 URL")
                     .arg(e.file, name, proxy));
    }
}

void resolveExec(const Entry &e, const QString &user, RestConfig *out)
{
    const YAML::Node x = e.node["exec"];
    auto plugin = std::make_shared<ExecCredentialPlugin>();
    plugin->apiVersion = str(x, "apiVersion");
    plugin->command = str(x, "command");
    plugin->installHint = str(x, "installHint");
    plugin->interactiveMode = str(x, "interactiveMode");
    if (plugin->command.isEmpty())
        fail(QStringLiteral("%1: user \"%2\": exec has no command").arg(e.file, user));
    if (plugin->apiVersion != QLatin1String("client.authentication.k8s.io/v1") &&
        plugin->apiVersion != QLatin1String("client.authentication.k8s.io/v1beta1"))
        fail(QStringLiteral("%1: user \"%2\": exec apiVersion \"%3\" is not supported (use "
                            "client.authentication.k8s.io/v1 or v1beta1)")
                 .arg(e.file, user, plugin->apiVersion));
    if (const YAML::Node a = x["args"]; a && a.IsSequence())
        for (const YAML::Node &arg : a)
            plugin->args << QString::fromStdString(arg.as<std::string>());
    if (const YAML::Node env = x["env"]; env && env.IsSequence())
        for (const YAML::Node &kv : env)
            plugin->env.append({str(kv, "name"), str(kv, "value")});
    out->exec = std::move(plugin);
}

void resolveUser(const QString &name, const Entry &e, RestConfig *out, QStringList *warnings)
{
    out->userName = name;
    if (e.node["auth-provider"])
        fail(QStringLiteral("%1: user \"%2\" uses auth-provider, which kubectl 1.26 removed; "
                            "switch the kubeconfig to the provider's exec plugin (for example "
                            "gke-gcloud-auth-plugin or kubelogin)")
                 .arg(e.file, name));
    out->bearerToken = str(e.node, "token");
    out->bearerTokenFile = resolvePath(str(e.node, "tokenFile"), e.file);
    warnIfReadableByOthers(QStringLiteral("Kubernetes token file"), out->bearerTokenFile, warnings);
    out->username = str(e.node, "username");
    out->password = str(e.node, "password");
    const QByteArray cert = material(e, "client-certificate", QStringLiteral("client certificate"));
    const QByteArray key = material(e, "client-key", QStringLiteral("client key"),
                                    QStringLiteral("Kubernetes client key file"), warnings);
    if (cert.isEmpty() != key.isEmpty())
        fail(QStringLiteral("%1: user \"%2\" has a client %3 but no client %4")
                 .arg(e.file, name,
                      cert.isEmpty() ? QStringLiteral("key") : QStringLiteral("certificate"),
                      cert.isEmpty() ? QStringLiteral("certificate") : QStringLiteral("key")));
    if (!cert.isEmpty()) {
        const QList<QSslCertificate> certs = QSslCertificate::fromData(cert, QSsl::Pem);
        if (certs.isEmpty())
            fail(QStringLiteral("%1: user \"%2\": the client certificate is not a PEM "
                                "certificate")
                     .arg(e.file, name));
        out->clientCertificate = certs.constFirst();
        out->clientKey = privateKeyFromPem(key);
        if (out->clientKey.isNull())
            fail(QStringLiteral("%1: user \"%2\": the client key is not a PEM private key (RSA, "
                                "EC or DSA)")
                     .arg(e.file, name));
    }
    if (e.node["exec"])
        resolveExec(e, name, out);
    // clientcmdapi.AuthInfo Impersonate, ImpersonateUID, ImpersonateGroups and
    // ImpersonateUserExtra (json "as", "as-uid", "as-groups", "as-user-extra"), which
    // DirectClientConfig.ClientConfig copies into rest.Config.Impersonate when "as" is set.
    const QString where = QStringLiteral("%1: user \"%2\"").arg(e.file, name);
    out->impersonateUser = str(e.node, "as");
    out->impersonateUid = str(e.node, "as-uid");
    out->impersonateGroups = strings(e.node, "as-groups", where);
    if (const YAML::Node extra = e.node["as-user-extra"]; extra && !extra.IsNull()) {
        if (!extra.IsMap())
            fail(QStringLiteral("%1: \"as-user-extra\" must map names to lists of strings "
                                "(line %2)")
                     .arg(where)
                     .arg(extra.Mark().line + 1));
        for (auto it = extra.begin(); it != extra.end(); ++it) {
            const std::string key = it->first.Scalar();
            out->impersonateExtra.insert(QString::fromStdString(key),
                                         strings(extra, key.c_str(), where));
        }
    }
}

} // namespace

QStringList KubeconfigLoader::files(const QString &explicitPath)
{
    if (!explicitPath.isEmpty())
        return {explicitPath};
    const QString env = qEnvironmentVariable("KUBECONFIG");
    if (!env.isEmpty()) {
        QStringList out;
        for (const QString &p : env.split(QDir::listSeparator(), Qt::SkipEmptyParts))
            if (!out.contains(p))
                out << p;
        return out;
    }
    return {QDir::home().filePath(QStringLiteral(".kube/config"))};
}

bool KubeconfigLoader::load(const QString &explicitPath, const QString &context, RestConfig *out,
                            QString *error, QStringList *warnings)
{
    QStringList found;
    try {
        const QStringList paths = files(explicitPath);
        Merged m;
        int read = 0;
        for (const QString &p : paths) {
            if (explicitPath.isEmpty() && !QFileInfo::exists(p))
                continue; // clientcmd skips missing files of $KUBECONFIG
            mergeFile(p, &m, &found);
            ++read;
        }
        if (read == 0)
            fail(QStringLiteral("no kubeconfig found (looked at %1)")
                     .arg(paths.join(QStringLiteral(", "))));
        const QString ctxName = context.isEmpty() ? m.currentContext : context;
        if (ctxName.isEmpty())
            fail(QStringLiteral("the kubeconfig (%1) sets no current-context; name one with "
                                "--context")
                     .arg(paths.join(QStringLiteral(", "))));
        if (!m.contexts.contains(ctxName)) {
            QStringList known = m.contexts.keys();
            known.sort();
            fail(QStringLiteral("%1: %2context \"%3\" is not in the kubeconfig (it has: %4)")
                     .arg(paths.join(QStringLiteral(", ")),
                          context.isEmpty() ? QStringLiteral("current-context names ") : QString(),
                          ctxName,
                          known.isEmpty() ? QStringLiteral("none")
                                          : known.join(QStringLiteral(", "))));
        }
        const Entry &ctx = m.contexts.value(ctxName);
        RestConfig rc;
        rc.contextName = ctxName;
        rc.namespace_ = str(ctx.node, "namespace");
        const QString cluster = str(ctx.node, "cluster");
        if (!m.clusters.contains(cluster))
            fail(QStringLiteral("%1: context \"%2\" names cluster \"%3\", which is not in the "
                                "kubeconfig")
                     .arg(ctx.file, ctxName, cluster));
        resolveCluster(cluster, m.clusters.value(cluster), &rc);
        const QString user = str(ctx.node, "user");
        if (!user.isEmpty()) {
            if (!m.users.contains(user))
                fail(QStringLiteral("%1: context \"%2\" names user \"%3\", which is not in the "
                                    "kubeconfig")
                         .arg(ctx.file, ctxName, user));
            resolveUser(user, m.users.value(user), &rc, &found);
        }
        *out = std::move(rc);
        if (warnings)
            *warnings = found;
        return true;
    } catch (const LoadError &e) {
        if (error)
            *error = QString::fromStdString(e.what());
    } catch (const YAML::Exception &e) {
        if (error)
            *error = QStringLiteral("the kubeconfig is not what kubectl expects: %1")
                         .arg(QString::fromStdString(e.msg));
    }
    return false;
}

} // namespace lens
