// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QCommandLineOption>
#include <QList>
#include <QString>
#include <QStringList>

class QCommandLineParser;

namespace lens {

struct CommandLine;

/// kubectl's habits on informer-lens's command line (window and --headless alike): the flags
/// kubectl users type from memory, with kubectl's (pflag's, cli-runtime's genericclioptions)
/// meaning and, where kubectl has one, its error wording.
///
///   -s, --server URL, --kubeconfig FILE, --context NAME, --token TOKEN, --as USER,
///   --as-uid UID, --as-group GROUP, --insecure-skip-tls-verify, --request-timeout DURATION,
///   -v, --v N, -n, --namespace NS, -A, --all-namespaces, -l, --selector SEL,
///   --field-selector SEL
///
/// The token is never echoed: no message built here contains it.
struct KubectlFlags {
    /// `kubectlPlugin`: the help texts of `kubectl lens` (runsAsKubectlPlugin()), which always
    /// reads the kubeconfig and never starts the built-in cluster.
    explicit KubectlFlags(bool kubectlPlugin = false);

    QCommandLineOption server, kubeconfig, context, token, as, asUid, asGroup, insecure,
        requestTimeout, verbosity, ns, allNamespaces, selector, fieldSelector;

    /// The cluster and credentials options, then the what-to-watch ones (for --help's groups).
    QList<QCommandLineOption> clusterOptions() const;
    QList<QCommandLineOption> scopeOptions() const;

    /// Reads them into `c` (its session fields and verbosity); sets c->error, in kubectl's
    /// words where it has them, for a bad value. A bad -l or --field-selector is refused
    /// before any request, in pflag's words for a flag's bad value, naming the flag and the
    /// value, then labels.Parse's or fields.ParseSelector's reason: `invalid argument
    /// "app in (" for "-l, --selector" flag: unable to parse requirement: found '', expected:
    /// ',', ')' or identifier` (kubectl itself sends the selector unparsed and reports the
    /// server's 400 as cli-runtime's `Unable to find "pods" that match label selector ...`).
    /// Call after the parser parsed.
    void read(const QCommandLineParser &p, CommandLine *c) const;
};

/// kubectl's --request-timeout value in milliseconds: a whole number is seconds ("5"), anything
/// else a Go duration ("1.5s", "2m", "1h30m", "300ms"; units ns, us, µs, ms, s, m, h); "0" =
/// none. -1 when it is neither (kubectl: "Invalid timeout value. ...").
qint64 parseRequestTimeoutMs(const QString &value);

/// pflag's "-X=VALUE" for a one-letter flag ("-n=kube-system", "-v=6"), which
/// QCommandLineParser would read as the value "=VALUE", becomes "-X" "VALUE". Everything after
/// "--" is left alone.
QStringList withShortFlagValues(QStringList arguments);

/// The parser's error in pflag's words where kubectl has them: "unknown flag: --bogus",
/// "unknown shorthand flag: 'x' in -x", "flag needs an argument: --namespace"; otherwise
/// QCommandLineParser's errorText().
QString kubectlParseError(const QCommandLineParser &p, const QStringList &arguments);

/// `value` quoted as Go's %q quotes it: in double quotes, with \\, \" and control
/// characters escaped (pflag's "invalid argument %q for %q flag").
QString goQuoted(const QString &value);

/// Whether the program runs as kubectl's plugin: argv[0] is (a path to) `kubectl-lens`, which
/// `kubectl lens ...` executes. Then it watches the kubeconfig's cluster by default.
bool runsAsKubectlPlugin(const QStringList &arguments);

/// A heading before the first of a group of options in --help ("Cluster and credentials
/// (kubectl's flags):" before "-s, --server"), the way `kubectl options` groups them.
struct HelpGroup {
    QString heading;
    QCommandLineOption first;
};
/// `helpText` (QCommandLineParser::helpText()) with each group's heading inserted before the
/// line of its first option, and the usage line's program named `programName`.
QString groupedHelpText(QString helpText, const QList<HelpGroup> &groups,
                        const QString &programName);

} // namespace lens
