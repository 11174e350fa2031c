// SPDX-License-Identifier: Apache-2.0
#include "kubectlflags.h"

#include "client/restnetworkaccessmanager.h"

#include "api/fields.h"
#include "api/labels.h"
#include "cli.h"

#include <QCommandLineParser>
#include <QFileInfo>
#include <QRegularExpression>

#include <cmath>

namespace lens {

KubectlFlags::KubectlFlags(bool kubectlPlugin)
    : server({QStringLiteral("s"), QStringLiteral("server")},
             // What -s does (Session::loadKubeconfig, Session::start): with a kubeconfig it
             // replaces the server of the kubeconfig's cluster only, as clientcmd's
             // ConfigOverrides.ClusterInfo.Server does for kubectl; the built-in cluster starts
             // only without -s and without a kubeconfig, which the plugin always reads.
             kubectlPlugin
                 ? QStringLiteral("The address and port of the Kubernetes API server, as "
                                  "kubectl's -s: it replaces the server of the kubeconfig's "
                                  "cluster; the kubeconfig's credentials and certificate "
                                  "authority are still used.")
                 : QStringLiteral("The address and port of the Kubernetes API server, as "
                                  "kubectl's -s. With --kubeconfig or --context it replaces the "
                                  "server of the kubeconfig's cluster (its credentials and "
                                  "certificate authority are still used). Without -s and "
                                  "without a kubeconfig, the built-in simulated cluster."),
             QStringLiteral("URL")),
      kubeconfig(QStringLiteral("kubeconfig"),
                 QStringLiteral("Watch the cluster of a kubeconfig (server, TLS, token, client "
                                "certificate or exec plugin), like kubectl --kubeconfig."),
                 QStringLiteral("FILE")),
      context(QStringLiteral("context"),
              QStringLiteral("The kubeconfig context to use (default: its current-context). "
                             "Alone, reads $KUBECONFIG or ~/.kube/config."),
              QStringLiteral("NAME")),
      token(QStringLiteral("token"),
            QStringLiteral("Bearer token for authentication to the API server (never echoed "
                           "or logged)."),
            QStringLiteral("TOKEN")),
      as(QStringLiteral("as"),
         QStringLiteral("Username to impersonate for the requests (Impersonate-User)."),
         QStringLiteral("USER")),
      asUid(QStringLiteral("as-uid"),
            QStringLiteral("UID to impersonate for the requests (Impersonate-Uid; needs --as "
                           "or the kubeconfig user's as)."),
            QStringLiteral("UID")),
      asGroup(QStringLiteral("as-group"),
              QStringLiteral("Group to impersonate for the requests (Impersonate-Group; one "
                             "group: Qt's HTTP client cannot repeat the header)."),
              QStringLiteral("GROUP")),
      insecure(QStringLiteral("insecure-skip-tls-verify"),
               QStringLiteral("Do not check the server's certificate (insecure, like kubectl's "
                              "flag).")),
      requestTimeout(QStringLiteral("request-timeout"),
                     QStringLiteral("The longest a single server request may take, e.g. 5 "
                                    "(seconds), 1s, 2m, 3h; 0 = no limit (default). As in "
                                    "client-go, a watch that lasts longer is cut and watched "
                                    "again."),
                     QStringLiteral("DURATION"), QStringLiteral("0")),
      verbosity({QStringLiteral("v")},
                QStringLiteral("Log level on stderr, as kubectl -v: 6 logs each request "
                               "(method, URL, status, milliseconds), 7 also its headers, 8 also "
                               "the response headers; credentials are masked."),
                QStringLiteral("N"), QStringLiteral("0")),
      ns({QStringLiteral("n"), QStringLiteral("namespace")},
         kubectlPlugin
             ? QStringLiteral("Only this namespace. Default, as kubectl: the kubeconfig "
                              "context's namespace (or default).")
             : QStringLiteral("Only this namespace. Default: all namespaces on the built-in "
                              "cluster and with --server alone; with a kubeconfig, as kubectl, "
                              "its context's namespace (or default)."),
         QStringLiteral("NS")),
      allNamespaces({QStringLiteral("A"), QStringLiteral("all-namespaces")},
                    QStringLiteral("Every namespace, even when the kubeconfig's context or -n "
                                   "names one.")),
      selector({QStringLiteral("l"), QStringLiteral("selector")},
               QStringLiteral("Label selector the informers list and watch with (e.g. "
                              "-l app=web,tier!=db), as the factory's WithTweakListOptions."),
               QStringLiteral("SELECTOR")),
      fieldSelector(QStringLiteral("field-selector"),
                    QStringLiteral("Field selector the informers list and watch with (e.g. "
                                   "--field-selector status.phase=Running)."),
                    QStringLiteral("SELECTOR"))
{
}

QList<QCommandLineOption> KubectlFlags::clusterOptions() const
{
    return {server, kubeconfig, context,  token,          as,
            asUid,  asGroup,    insecure, requestTimeout, verbosity};
}

QList<QCommandLineOption> KubectlFlags::scopeOptions() const
{
    return {ns, allNamespaces, selector, fieldSelector};
}

void KubectlFlags::read(const QCommandLineParser &p, CommandLine *c) const
{
    Session::Options &s = c->session;
    if (p.isSet(server)) {
        const QString text = p.value(server);
        s.server = text.contains(QLatin1String("://")) ? QUrl(text, QUrl::StrictMode)
                                                       : QUrl::fromUserInput(text);
        const QString scheme = s.server.scheme();
        if (!s.server.isValid() || s.server.host().isEmpty() ||
            (scheme != QLatin1String("http") && scheme != QLatin1String("https")) ||
            s.server.port(0) < 0)
            c->error = QStringLiteral("--server needs an http or https URL such as "
                                      "https://127.0.0.1:6443 (got \"%1\")")
                           .arg(RestNetworkAccessManager::maskedUrlText(text));
    }
    // As kubectl's plugin the kubeconfig is the source, as it is for kubectl itself.
    s.useKubeconfig = p.isSet(kubeconfig) || p.isSet(context) || c->kubectlPlugin;
    s.kubeconfig = p.value(kubeconfig);
    s.kubeContext = p.value(context);
    s.insecureSkipTlsVerify = p.isSet(insecure);
    if (p.isSet(kubeconfig) && s.kubeconfig.isEmpty())
        c->error = QStringLiteral("--kubeconfig needs a file");
    s.namespace_ = p.value(ns);
    s.allNamespaces = p.isSet(allNamespaces);
    if (s.allNamespaces)
        s.namespace_.clear(); // kubectl: -A wins over -n
    // pflag's FlagSet.set: `invalid argument %q for %q flag: %v`, the flag named as pflag names
    // one with a shorthand ("-l, --selector") or without ("--field-selector").
    const auto invalid = [](const QString &value, const QString &flag, const QString &why) {
        return QStringLiteral("invalid argument %1 for \"%2\" flag: %3")
            .arg(goQuoted(value), flag, why);
    };
    QString why;
    if (p.isSet(selector)) {
        s.labelSelector = p.value(selector).trimmed();
        if (!LabelSelector::parse(s.labelSelector, &why))
            c->error = invalid(p.value(selector), QStringLiteral("-l, --selector"), why);
    }
    if (p.isSet(fieldSelector)) {
        s.fieldSelector = p.value(fieldSelector).trimmed();
        if (!FieldSelector::parse(s.fieldSelector, &why))
            c->error = invalid(p.value(fieldSelector), QStringLiteral("--field-selector"), why);
    }
    if (p.isSet(token)) {
        s.bearerToken = p.value(token);
        if (s.bearerToken.isEmpty())
            c->error = QStringLiteral("--token needs a token");
    }
    s.impersonateUser = p.value(as);
    s.impersonateUid = p.value(asUid);
    s.impersonateGroups = p.values(asGroup);
    // clientcmd's validateAuthInfo; with a kubeconfig its user's `as` may name the user, so the
    // merged result is checked there (Session::start, RestConfig::impersonationError()).
    QStringList asked = s.impersonateGroups;
    if (!s.impersonateUid.isEmpty())
        asked << s.impersonateUid;
    if (!asked.isEmpty() && s.impersonateUser.isEmpty() && !s.useKubeconfig)
        c->error = QStringLiteral("requesting uid, groups or user-extra for %1 without "
                                  "impersonating a user (give --as USER with --as-group or "
                                  "--as-uid)")
                       .arg(asked.join(QLatin1Char(',')));
    else if (s.impersonateGroups.size() > 1)
        c->error = QStringLiteral("--as-group given %1 times: Informer Lens sends one "
                                  "Impersonate-Group header (Qt 6.4's HTTP client cannot repeat "
                                  "a header)")
                       .arg(s.impersonateGroups.size());
    s.requestTimeoutMs = parseRequestTimeoutMs(p.value(requestTimeout));
    if (s.requestTimeoutMs < 0)
        c->error = QStringLiteral("Invalid timeout value. Timeout must be a single integer in "
                                  "seconds, or an integer followed by a corresponding time unit "
                                  "(e.g. 1s | 2m | 3h)");
    bool ok = false;
    const QString v = p.value(verbosity);
    c->verbosity = v.toInt(&ok);
    if (!ok || c->verbosity < 0)
        c->error = QStringLiteral("invalid argument \"%1\" for \"-v, --v\" flag: "
                                  "strconv.ParseInt: parsing \"%1\": invalid syntax")
                       .arg(v);
}

qint64 parseRequestTimeoutMs(const QString &value)
{
    const QString text = value.trimmed();
    bool ok = false;
    // kubectl: "If the value is an integer, it is seconds" (a bare 0 = no timeout).
    if (const qint64 seconds = text.toLongLong(&ok); ok)
        return seconds >= 0 && seconds <= 100LL * 365 * 86400 ? seconds * 1000 : -1;
    // Go's time.ParseDuration: a sequence of decimal numbers, each with a unit.
    static const QRegularExpression term(
        QStringLiteral("(\\d+(?:\\.\\d*)?|\\.\\d+)(ns|us|µs|ms|s|m|h)"));
    if (text.isEmpty())
        return -1;
    double ms = 0;
    qsizetype at = 0;
    while (at < text.size()) {
        const QRegularExpressionMatch m = term.match(text, at, QRegularExpression::NormalMatch,
                                                     QRegularExpression::AnchorAtOffsetMatchOption);
        if (!m.hasMatch())
            return -1;
        const double n = m.captured(1).toDouble();
        const QString unit = m.captured(2);
        const double perUnit = unit == QLatin1String("h")    ? 3600e3
                               : unit == QLatin1String("m")  ? 60e3
                               : unit == QLatin1String("s")  ? 1e3
                               : unit == QLatin1String("ms") ? 1
                               : unit == QLatin1String("ns") ? 1e-6
                                                             : 1e-3; // us, µs
        ms += n * perUnit;
        at = m.capturedEnd();
    }
    if (!std::isfinite(ms) || ms > 100.0 * 365 * 86400e3)
        return -1;
    // A positive duration under a millisecond still times out: round it up.
    return ms > 0 ? qMax<qint64>(1, qint64(std::ceil(ms))) : 0;
}

QStringList withShortFlagValues(QStringList arguments)
{
    static const QRegularExpression shortWithValue(QStringLiteral("^-([A-Za-z])=(.*)$"));
    for (qsizetype i = 1; i < arguments.size(); ++i) {
        if (arguments[i] == QLatin1String("--"))
            break;
        if (const QRegularExpressionMatch m = shortWithValue.match(arguments[i]); m.hasMatch()) {
            arguments[i] = QLatin1Char('-') + m.captured(1);
            arguments.insert(i + 1, m.captured(2));
            ++i;
        }
    }
    return arguments;
}

QString kubectlParseError(const QCommandLineParser &p, const QStringList &arguments)
{
    const QStringList unknown = p.unknownOptionNames();
    if (!unknown.isEmpty()) {
        const QString name = unknown.first();
        if (name.size() == 1) {
            // The argument it came from, e.g. "-x" or "-Ax".
            QString from = QLatin1Char('-') + name;
            for (const QString &a : arguments)
                if (a.startsWith(QLatin1Char('-')) && !a.startsWith(QLatin1String("--")) &&
                    a.contains(name)) {
                    from = a;
                    break;
                }
            return QStringLiteral("unknown shorthand flag: '%1' in %2").arg(name, from);
        }
        return QStringLiteral("unknown flag: --%1").arg(name);
    }
    // Qt: "Missing value after '--namespace'."
    static const QRegularExpression missing(QStringLiteral("^Missing value after '(.+)'\\.?$"));
    if (const QRegularExpressionMatch m = missing.match(p.errorText()); m.hasMatch())
        return QStringLiteral("flag needs an argument: %1").arg(m.captured(1));
    return p.errorText();
}

QString goQuoted(const QString &value)
{
    QString out = QStringLiteral("\"");
    for (const QChar ch : value) {
        switch (ch.unicode()) {
        case '"':
            out += QStringLiteral("\\\"");
            break;
        case '\\':
            out += QStringLiteral("\\\\");
            break;
        case '\n':
            out += QStringLiteral("\\n");
            break;
        case '\t':
            out += QStringLiteral("\\t");
            break;
        case '\r':
            out += QStringLiteral("\\r");
            break;
        default:
            if (ch.unicode() < 0x20 || ch.unicode() == 0x7f)
                out += QStringLiteral("\\x%1").arg(ch.unicode(), 2, 16, QLatin1Char('0'));
            else
                out += ch;
        }
    }
    return out + QLatin1Char('"');
}

bool runsAsKubectlPlugin(const QStringList &arguments)
{
    return !arguments.isEmpty() &&
           QFileInfo(arguments.first()).fileName() == QLatin1String("kubectl-lens");
}

QString groupedHelpText(QString helpText, const QList<HelpGroup> &groups,
                        const QString &programName)
{
    QStringList lines = helpText.split(QLatin1Char('\n'));
    if (!lines.isEmpty() && lines.first().startsWith(QLatin1String("Usage: "))) {
        const qsizetype end = lines.first().indexOf(QLatin1Char(' '), 7);
        lines.first() = QStringLiteral("Usage: ") + programName +
                        (end > 0 ? lines.first().mid(end) : QString());
    }
    for (const HelpGroup &g : groups) {
        const QStringList names = g.first.names();
        // The option's line: "  -s, --server <URL>  ..." or "  --kubeconfig <FILE>  ...".
        QString spelled;
        for (const QString &n : names)
            spelled += (spelled.isEmpty() ? QString() : QStringLiteral(", ")) +
                       (n.size() == 1 ? QStringLiteral("-") : QStringLiteral("--")) + n;
        for (qsizetype i = 0; i < lines.size(); ++i) {
            const QString trimmed = lines[i].trimmed();
            // An option's own line is indented by two spaces; its wrapped text by more.
            if (lines[i].startsWith(QLatin1String("  -")) && trimmed.startsWith(spelled) &&
                (trimmed.size() == spelled.size() ||
                 trimmed.at(spelled.size()) == QLatin1Char(' '))) {
                lines.insert(i, QString());
                lines.insert(i + 1, g.heading);
                break;
            }
        }
    }
    return lines.join(QLatin1Char('\n'));
}

} // namespace lens
