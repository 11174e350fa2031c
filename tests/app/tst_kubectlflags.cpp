// SPDX-License-Identifier: Apache-2.0
// kubectl's flags on informer-lens's command line (app/lens/kubectlflags.h), and the program
// run as kubectl's plugin kubectl-lens: values parsed as kubectl parses them, errors in its
// words, and the requests they change seen in the -v request log.
#include "client/restnetworkaccessmanager.h"
#include "kubectlflags.h"
#include "lensprocess.h"

#include <QFile>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

using namespace lens;

class tst_KubectlFlags : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void requestTimeoutIsKubectls_data();
    void requestTimeoutIsKubectls();
    void shortFlagsTakeValuesAfterEquals();
    void helpIsGroupedAsKubectlGroupsIt();
    void badValuesAreRefusedInKubectlsWords_data();
    void badValuesAreRefusedInKubectlsWords();
    void selectorsAndImpersonationReachEveryRequest();
    void namespaceFollowsTheKubeconfigAsKubectl();
    void theTokenIsNeverPrinted();
    void aPasswordInTheServerUrlIsNeverPrinted();
    void lineBreaksInHeaderValuesAreRefused_data();
    void lineBreaksInHeaderValuesAreRefused();
    void echoedValuesCannotDriveTheTerminal();
    void requestTimeoutCutsAWatchAsClientGo();
    void kubectlLensIsThePlugin();
    void thePluginSaysErrorAsKubectl();
    void serverHelpSaysWhatServerDoes();
    void serverReplacesTheKubeconfigsServerOnly();
    void kubeconfigImpersonationIsSentAsClientGoSendsIt();

private:
    /// Starts informer-lens-sim (SIM_APP) with a kubeconfig written to `dir` and `extraArgs`;
    /// returns the kubeconfig's path (its URL in *url when given).
    QString startCluster(QTemporaryDir &dir, const QStringList &extraArgs = {},
                         QString *url = nullptr);
    /// Runs informer-lens with `args` to the end; returns its stderr (and stdout in *out).
    static QByteArray runToEnd(const QStringList &args, QObject *parent, int *exitCode,
                               QByteArray *out = nullptr,
                               const QString &program = QStringLiteral(LENS_APP),
                               const QProcessEnvironment &extraEnv = {});
};

QByteArray tst_KubectlFlags::runToEnd(const QStringList &args, QObject *parent, int *exitCode,
                                      QByteArray *out, const QString &program,
                                      const QProcessEnvironment &extraEnv)
{
    QProcess p(parent);
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
    for (const QString &k : extraEnv.keys()) {
        if (extraEnv.value(k).isEmpty())
            env.remove(k);
        else
            env.insert(k, extraEnv.value(k));
    }
    p.setProcessEnvironment(env);
    p.start(program, args);
    if (!p.waitForFinished(60000)) {
        p.kill();
        p.waitForFinished();
    }
    *exitCode = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
    if (out)
        *out = p.readAllStandardOutput();
    return p.readAllStandardError();
}

QString tst_KubectlFlags::startCluster(QTemporaryDir &dir, const QStringList &extraArgs,
                                       QString *url)
{
    const QString path = dir.filePath(QStringLiteral("kubeconfig"));
    auto *sim = new QProcess(this);
    sim->start(QStringLiteral(SIM_APP),
               QStringList{QStringLiteral("--pods"), QStringLiteral("8"), QStringLiteral("--churn"),
                           QStringLiteral("0"), QStringLiteral("--kubeconfig-out"), path} +
                   extraArgs);
    // Its first line of stdout is its URL, printed once it listens (and the kubeconfig written).
    if (!QTest::qWaitFor([sim] { return sim->canReadLine(); }, 20000))
        return QString();
    if (url)
        *url = QString::fromUtf8(sim->readLine()).trimmed();
    connect(this, &QObject::destroyed, sim, [sim] { sim->kill(); });
    return path;
}

void tst_KubectlFlags::requestTimeoutIsKubectls_data()
{
    QTest::addColumn<QString>("value");
    QTest::addColumn<qint64>("ms");
    QTest::newRow("zero: none") << "0" << qint64(0);
    QTest::newRow("integer: seconds") << "5" << qint64(5000);
    QTest::newRow("seconds") << "1s" << qint64(1000);
    QTest::newRow("fraction") << "1.5s" << qint64(1500);
    QTest::newRow("minutes") << "2m" << qint64(120000);
    QTest::newRow("compound") << "1h30m" << qint64(5400000);
    QTest::newRow("milliseconds") << "300ms" << qint64(300);
    QTest::newRow("under a millisecond rounds up") << "10us" << qint64(1);
    QTest::newRow("zero duration") << "0s" << qint64(0);
    QTest::newRow("no unit after a fraction") << "1.5" << qint64(-1);
    QTest::newRow("unknown unit") << "1d" << qint64(-1);
    QTest::newRow("space") << "5 s" << qint64(-1);
    QTest::newRow("negative") << "-1" << qint64(-1);
    QTest::newRow("empty") << "" << qint64(-1);
    QTest::newRow("words") << "soon" << qint64(-1);
}

void tst_KubectlFlags::requestTimeoutIsKubectls()
{
    QFETCH(QString, value);
    QFETCH(qint64, ms);
    QCOMPARE(parseRequestTimeoutMs(value), ms);
}

void tst_KubectlFlags::shortFlagsTakeValuesAfterEquals()
{
    const QStringList in{QStringLiteral("informer-lens"),
                         QStringLiteral("-n=kube-system"),
                         QStringLiteral("-v=6"),
                         QStringLiteral("--namespace=x"),
                         QStringLiteral("-A"),
                         QStringLiteral("--"),
                         QStringLiteral("-l=app")};
    const QStringList want{QStringLiteral("informer-lens"),
                           QStringLiteral("-n"),
                           QStringLiteral("kube-system"),
                           QStringLiteral("-v"),
                           QStringLiteral("6"),
                           QStringLiteral("--namespace=x"),
                           QStringLiteral("-A"),
                           QStringLiteral("--"),
                           QStringLiteral("-l=app")};
    QCOMPARE(withShortFlagValues(in), want);
}

void tst_KubectlFlags::helpIsGroupedAsKubectlGroupsIt()
{
    int code = 0;
    QByteArray out;
    runToEnd({QStringLiteral("--help")}, this, &code, &out);
    QCOMPARE(code, 0);
    const QString help = QString::fromUtf8(out);
    QVERIFY2(help.startsWith(QLatin1String("Usage: informer-lens [options]")), qPrintable(help));
    const qsizetype cluster = help.indexOf(QLatin1String("\nCluster and credentials (kubectl's "
                                                         "flags):\n  -s, --server <URL>"));
    const qsizetype scope =
        help.indexOf(QLatin1String("\nWhat to watch (kubectl's flags):\n  -n, --namespace <NS>"));
    const qsizetype window = help.indexOf(QLatin1String("\nThe window:\n"));
    QVERIFY2(cluster > 0 && scope > cluster && window > scope, qPrintable(help));
    // A heading goes before its option's own line, never into a wrapped description.
    QVERIFY2(help.contains(QLatin1String("\nWithout a window:\n  --headless")), qPrintable(help));
    QVERIFY2(help.contains(QLatin1String("\nPictures:\n  --screenshot <FILE>")), qPrintable(help));
    for (const char *flag :
         {"-A, --all-namespaces", "-l, --selector <SELECTOR>", "--field-selector <SELECTOR>",
          "--request-timeout <DURATION>", "--token <TOKEN>", "--as <USER>", "--as-uid <UID>",
          "--as-group <GROUP>", "-v <N>", "--context <NAME>", "--kubeconfig <FILE>"})
        QVERIFY2(help.contains(QLatin1String(flag)), flag);
    // -v is kubectl's log level now; --version has no short form.
    runToEnd({QStringLiteral("--version")}, this, &code, &out);
    QCOMPARE(code, 0);
    QVERIFY2(out.startsWith("informer-lens 0.") && out.contains("(Qt "), out.constData());
}

void tst_KubectlFlags::badValuesAreRefusedInKubectlsWords_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("said");
    // pflag's words for a flag's bad value, then labels.Parse's / fields.ParseSelector's.
    QTest::newRow("label selector")
        << QStringList{QStringLiteral("-l"), QStringLiteral("app in (")}
        << QStringLiteral("informer-lens: invalid argument \"app in (\" for \"-l, --selector\" "
                          "flag: unable to parse requirement: found '', expected: ',', ')' or "
                          "identifier\n");
    QTest::newRow("label selector, quoted")
        << QStringList{QStringLiteral("--selector=a=\"b\"")}
        << QStringLiteral("invalid argument \"a=\\\"b\\\"\" for \"-l, --selector\" flag: ");
    QTest::newRow("field selector")
        << QStringList{QStringLiteral("--field-selector"), QStringLiteral("status.phase")}
        << QStringLiteral("informer-lens: invalid argument \"status.phase\" for "
                          "\"--field-selector\" flag: invalid selector: 'status.phase'; can't "
                          "understand 'status.phase'\n");
    QTest::newRow("request timeout")
        << QStringList{QStringLiteral("--request-timeout"), QStringLiteral("1d")}
        << QStringLiteral("Invalid timeout value. Timeout must be a single integer in seconds");
    QTest::newRow("log level") << QStringList{QStringLiteral("-v"), QStringLiteral("high")}
                               << QStringLiteral("invalid argument \"high\" for \"-v, --v\" "
                                                 "flag");
    QTest::newRow("group without user")
        << QStringList{QStringLiteral("--as-group"), QStringLiteral("system:masters")}
        << QStringLiteral("requesting uid, groups or user-extra for system:masters without "
                          "impersonating a user");
    QTest::newRow("uid without user")
        << QStringList{QStringLiteral("--as-uid"), QStringLiteral("1234")}
        << QStringLiteral("requesting uid, groups or user-extra for 1234 without "
                          "impersonating a user");
    QTest::newRow("unknown flag") << QStringList{QStringLiteral("--all")}
                                  << QStringLiteral("unknown flag: --all");
    QTest::newRow("unknown shorthand") << QStringList{QStringLiteral("-Ax")}
                                       << QStringLiteral("unknown shorthand flag: 'x' in -Ax");
    QTest::newRow("missing value") << QStringList{QStringLiteral("--namespace")}
                                   << QStringLiteral("flag needs an argument: --namespace");
}

void tst_KubectlFlags::badValuesAreRefusedInKubectlsWords()
{
    QFETCH(QStringList, args);
    QFETCH(QString, said);
    int code = 0;
    const QByteArray err = runToEnd(QStringList{QStringLiteral("--headless")} + args, this, &code);
    QCOMPARE(code, 2);
    QVERIFY2(QString::fromUtf8(err).contains(said), err.constData());
}

void tst_KubectlFlags::selectorsAndImpersonationReachEveryRequest()
{
    // -v 7 logs every request with its headers: the LIST and the WATCH both carry the
    // selectors (WithTweakListOptions), and every request the impersonation headers.
    int code = 0;
    const QByteArray err = runToEnd(
        {QStringLiteral("--headless"), QStringLiteral("--duration"), QStringLiteral("3"),
         QStringLiteral("--churn-interval"), QStringLiteral("0"), QStringLiteral("pods"),
         QStringLiteral("-lapp=web"), QStringLiteral("--field-selector"),
         QStringLiteral("status.phase=Running"), QStringLiteral("--as"), QStringLiteral("jane"),
         QStringLiteral("--as-group"), QStringLiteral("devs"), QStringLiteral("-v=7")},
        this, &code);
    QCOMPARE(code, 0);
    const QString log = QString::fromUtf8(err);
    static const QRegularExpression list(QStringLiteral(
        "round_trippers.go\\] GET http://127.0.0.1:\\d+/api/v1/pods\\?[^ \\n]*labelSelector="
        "app%3Dweb[^ \\n]* 200 OK in \\d+ milliseconds"));
    QVERIFY2(log.contains(list), qPrintable(log));
    QVERIFY2(log.contains(QLatin1String("fieldSelector=status.phase%3DRunning")), qPrintable(log));
    static const QRegularExpression watch(
        QStringLiteral("GET http://127.0.0.1:\\d+/api/v1/pods\\?(\\S*watch=true\\S*)"));
    const QString watchUrl = watch.match(log).captured(1);
    QVERIFY2(watchUrl.contains(QLatin1String("labelSelector=app%3Dweb")) &&
                 watchUrl.contains(QLatin1String("fieldSelector=status.phase%3DRunning")),
             qPrintable(log));
    QVERIFY2(log.contains(QLatin1String("Impersonate-User: jane")), qPrintable(log));
    QVERIFY2(log.contains(QLatin1String("Impersonate-Group: devs")), qPrintable(log));
}

void tst_KubectlFlags::namespaceFollowsTheKubeconfigAsKubectl()
{
    QTemporaryDir dir;
    const QString kubeconfig = startCluster(dir);
    QVERIFY(!kubeconfig.isEmpty());
    struct Case {
        QStringList args;
        const char *path;
    };
    // No -n: the context's namespace, or "default" when it names none (this one names none);
    // -n wins over the context; -A over both.
    const Case cases[] = {
        {{}, "/api/v1/namespaces/default/pods?"},
        {{QStringLiteral("-n"), QStringLiteral("kube-system")},
         "/api/v1/namespaces/kube-system/pods?"},
        {{QStringLiteral("-A")}, "/api/v1/pods?"},
        {{QStringLiteral("-n"), QStringLiteral("kube-system"), QStringLiteral("-A")},
         "/api/v1/pods?"},
    };
    for (const Case &c : cases) {
        int code = 0;
        const QByteArray err = runToEnd(
            QStringList{QStringLiteral("--headless"), QStringLiteral("--duration"),
                        QStringLiteral("2"), QStringLiteral("--kubeconfig"), kubeconfig,
                        QStringLiteral("-v"), QStringLiteral("6"), QStringLiteral("pods")} +
                c.args,
            this, &code);
        QCOMPARE(code, 0);
        QVERIFY2(err.contains(c.path), err.constData());
    }
}

void tst_KubectlFlags::theTokenIsNeverPrinted()
{
    // Requests with a token, logged at the highest level, failing (so errors are printed too):
    // the token appears in no output; the log shows the scheme with the value masked.
    const QByteArray token = "s3cr3t-t0ken-value";
    int code = 0;
    QByteArray out;
    const QByteArray err =
        runToEnd({QStringLiteral("--headless"), QStringLiteral("--duration"), QStringLiteral("2"),
                  QStringLiteral("--server"), QStringLiteral("http://127.0.0.1:1"),
                  QStringLiteral("--token"), QString::fromLatin1(token), QStringLiteral("-v"),
                  QStringLiteral("9")},
                 this, &code, &out);
    QVERIFY2(!err.contains(token) && !out.contains(token), err.constData());
    QVERIFY2(err.contains("Authorization: Bearer <masked>"), err.constData());
    QVERIFY2(err.contains("GET http://127.0.0.1:1/"), err.constData());
    QCOMPARE(RestNetworkAccessManager::loggedHeaderValue("authorization", "Basic dTpw"),
             QByteArray("Basic <masked>"));
    QCOMPARE(RestNetworkAccessManager::loggedHeaderValue("Accept", "application/json"),
             QByteArray("application/json"));
    // A URL's user name, password and secret-looking query values are not logged either
    // (an --attach-metrics URL may carry them); the API's own parameters are.
    const QByteArray url = RestNetworkAccessManager::loggedUrl(
        QUrl(QStringLiteral("http://user:pa55@h:1/metrics?access_token=T0K&labelSelector=a%3Db"
                            "&X-Amz-Signature=S1G&watch=1")));
    QVERIFY2(!url.contains("pa55") && !url.contains("user") && !url.contains("T0K") &&
                 !url.contains("S1G"),
             url.constData());
    QVERIFY2(url.contains("labelSelector=a%3Db") && url.contains("watch=1"), url.constData());
}

// Issue 40 S1: -v 6 and above printed the password of https://user:PASS@host. The URL's user
// information is Basic auth now (as Go's net/http sends it) and leaves every URL: logged,
// journaled, recorded, or quoted in an error.
void tst_KubectlFlags::aPasswordInTheServerUrlIsNeverPrinted()
{
    const QByteArray password = "PA55W0RD-in-url";
    QTemporaryDir dir;
    const QString record = dir.filePath(QStringLiteral("run.jsonl"));
    int code = 0;
    QByteArray out;
    const QByteArray err =
        runToEnd({QStringLiteral("--headless"), QStringLiteral("--duration"), QStringLiteral("2"),
                  QStringLiteral("--server"),
                  QStringLiteral("http://alice:%1@127.0.0.1:1").arg(QString::fromLatin1(password)),
                  QStringLiteral("--record"), record, QStringLiteral("-v"), QStringLiteral("9")},
                 this, &code, &out);
    QFile recorded(record);
    QVERIFY(recorded.open(QIODevice::ReadOnly));
    const QByteArray journal = recorded.readAll();
    QVERIFY2(!err.contains(password) && !out.contains(password) && !journal.contains(password),
             err.constData());
    QVERIFY2(!err.contains("alice") && !out.contains("alice"), err.constData());
    QVERIFY2(err.contains("Authorization: Basic <masked>"), err.constData());
    QVERIFY2(err.contains("GET http://127.0.0.1:1/"), err.constData());
    // Hostile round 3: a secret in the server URL's query reached the recording's header.
    const QString queried = dir.filePath(QStringLiteral("query.jsonl"));
    const QByteArray queryErr =
        runToEnd({QStringLiteral("--headless"), QStringLiteral("--duration"), QStringLiteral("1"),
                  QStringLiteral("--server"),
                  QStringLiteral("http://127.0.0.1:1/?token=%1").arg(QString::fromLatin1(password)),
                  QStringLiteral("--record"), queried},
                 this, &code, &out);
    QFile queryRecorded(queried);
    QVERIFY(queryRecorded.open(QIODevice::ReadOnly));
    const QByteArray queryJournal = queryRecorded.readAll();
    QVERIFY2(queryJournal.contains("token=<masked>"), queryJournal.left(600).constData());
    QVERIFY2(!queryJournal.contains(password) && !queryErr.contains(password) &&
                 !out.contains(password),
             queryErr.constData());
    // A URL that is refused is quoted masked.
    const QByteArray bad =
        runToEnd({QStringLiteral("--headless"), QStringLiteral("--server"),
                  QStringLiteral("ftp://alice:%1@h").arg(QString::fromLatin1(password))},
                 this, &code);
    QCOMPARE(code, 2);
    QVERIFY2(!bad.contains(password) && bad.contains("ftp://<masked>@h"), bad.constData());
    // A password that breaks the URL (the hostile round: a space, a tab or a "#" in it).
    for (const QString &broken : {QStringLiteral("http://alice:%1 PW@127.0.0.1:1"),
                                  QStringLiteral("http://alice:%1\tPW@127.0.0.1:1"),
                                  QStringLiteral("http://alice:S#%1@127.0.0.1:1")}) {
        const QByteArray said = runToEnd({QStringLiteral("--headless"), QStringLiteral("--server"),
                                          broken.arg(QString::fromLatin1(password))},
                                         this, &code);
        QVERIFY2(!said.contains(password) && !said.contains("alice"), said.constData());
    }
}

void tst_KubectlFlags::lineBreaksInHeaderValuesAreRefused_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("says");
    QTest::newRow("--as") << QStringList{QStringLiteral("--as"),
                                         QStringLiteral("jane\r\nX-Injected: 1")}
                          << QStringLiteral("the user to impersonate (--as or the kubeconfig's "
                                            "as) holds a control character (U+000d), a line "
                                            "break that would start a header of its own");
    QTest::newRow("--as-group") << QStringList{QStringLiteral("--as"), QStringLiteral("jane"),
                                               QStringLiteral("--as-group"),
                                               QStringLiteral("devs\nX-Injected: 1")}
                                << QStringLiteral("Impersonate-Group header");
    QTest::newRow("--token") << QStringList{QStringLiteral("--token"),
                                            QStringLiteral("abc\nX-Injected: 1")}
                             << QStringLiteral("the bearer token (--token or the kubeconfig's "
                                               "token) holds a control character (U+000a)");
    // Issue 40: a byte that is not UTF-8 was sent as U+FFFD's three bytes, another token.
    QTest::newRow("--token not UTF-8")
        << QStringList{QStringLiteral("--token"), QString::fromUtf8("abc\xff")}
        << QStringLiteral("holds bytes that are not UTF-8 (read as U+FFFD): they would be sent "
                          "altered, so nothing is sent");
}

// Issue 40: a CR or LF in a header value was sent as a header line of its own. Refused at
// start, as Go's net/http refuses each request (kubectl: invalid header field value).
void tst_KubectlFlags::lineBreaksInHeaderValuesAreRefused()
{
    QFETCH(QStringList, args);
    QFETCH(QString, says);
    int code = 0;
    const QByteArray err =
        runToEnd(QStringList{QStringLiteral("--headless"), QStringLiteral("--server"),
                             QStringLiteral("http://127.0.0.1:1")} +
                     args,
                 this, &code);
    QCOMPARE(code, 1);
    QVERIFY2(err.contains("Cannot connect: "), err.constData());
    QVERIFY2(QString::fromUtf8(err).contains(says), err.constData());
    QVERIFY2(!err.contains("X-Injected"), err.constData());
}

// Issue 40: `--as-group` without `--as` echoed the group as given, escape sequences and
// carriage returns included, onto the user's terminal.
void tst_KubectlFlags::echoedValuesCannotDriveTheTerminal()
{
    int code = 0;
    const QByteArray err = runToEnd({QStringLiteral("--headless"), QStringLiteral("--as-group"),
                                     QStringLiteral("ev\x1b[31mil\r\ninformer-lens: fake")},
                                    this, &code);
    QCOMPARE(code, 2);
    QVERIFY2(err.contains("for ev\\x1b[31mil\\x0d\n  informer-lens: fake without impersonating"),
             err.constData());
    QVERIFY2(!err.contains('\x1b') && !err.contains('\r'), err.constData());
}

void tst_KubectlFlags::requestTimeoutCutsAWatchAsClientGo()
{
    // client-go's rest.Config.Timeout is the HTTP client's: a watch lasting longer is cut, and
    // the Reflector watches again. The journal names the timeout as the cause.
    int code = 0;
    QByteArray out;
    runToEnd({QStringLiteral("--headless"), QStringLiteral("--duration"), QStringLiteral("4"),
              QStringLiteral("--churn-interval"), QStringLiteral("0"), QStringLiteral("pods"),
              QStringLiteral("--request-timeout"), QStringLiteral("1s")},
             this, &code, &out);
    QCOMPARE(code, 0);
    QVERIFY2(out.contains("did not finish within the request timeout of 1 s"),
             out.right(3000).constData());
    QVERIFY2(out.count("\"kind\":\"watchStarted\"") >= 2, out.right(3000).constData());
}

void tst_KubectlFlags::kubectlLensIsThePlugin()
{
    // kubectl runs `kubectl-lens` for `kubectl lens`: the same program, which then reads the
    // kubeconfig ($KUBECONFIG) like kubectl instead of starting the built-in cluster.
    QTemporaryDir dir;
    const QString plugin = dir.filePath(QStringLiteral("kubectl-lens"));
    QVERIFY(QFile::link(QStringLiteral(LENS_APP), plugin));
    int code = 0;
    QByteArray out;
    runToEnd({QStringLiteral("--help")}, this, &code, &out, plugin);
    QCOMPARE(code, 0);
    QVERIFY2(out.startsWith("Usage: kubectl lens [options]"), out.constData());
    QVERIFY(out.contains("kubectl lens: Informer Lens as kubectl's plugin"));

    const QString kubeconfig = startCluster(dir);
    QVERIFY(!kubeconfig.isEmpty());
    QProcess p;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
    env.insert(QStringLiteral("KUBECONFIG"), kubeconfig);
    p.setProcessEnvironment(env);
    p.start(plugin, {QStringLiteral("pods"), QStringLiteral("-A"), QStringLiteral("--headless"),
                     QStringLiteral("--duration"), QStringLiteral("2"), QStringLiteral("-v"),
                     QStringLiteral("6")});
    QVERIFY(p.waitForFinished(60000));
    QCOMPARE(p.exitCode(), 0);
    const QByteArray err = p.readAllStandardError();
    // The kubeconfig's server (the cluster started above), all namespaces.
    QVERIFY2(err.contains("/api/v1/pods?"), err.constData());
    QVERIFY2(!err.contains("built-in cluster at"), err.constData());
}

void tst_KubectlFlags::thePluginSaysErrorAsKubectl()
{
    // Run as `kubectl lens`, no line says "informer-lens:": errors start "error: " as kubectl's
    // own, on every path (parse, selector, kubeconfig, no display).
    QTemporaryDir dir;
    const QString plugin = dir.filePath(QStringLiteral("kubectl-lens"));
    QVERIFY(QFile::link(QStringLiteral(LENS_APP), plugin));
    QProcessEnvironment noKubeconfig;
    noKubeconfig.insert(QStringLiteral("KUBECONFIG"), dir.filePath(QStringLiteral("none")));
    // A line of its own (Qt may print a warning of its own first, e.g. XDG_RUNTIME_DIR).
    const auto saysLine = [](const QByteArray &err, const QByteArray &line) {
        return err.startsWith(line) || err.contains('\n' + line);
    };
    struct Case {
        QStringList args;
        int code;
        QByteArray said;
    };
    const Case cases[] = {
        {{QStringLiteral("--bogus")}, 2, "error: unknown flag: --bogus\n"},
        {{QStringLiteral("-l"), QStringLiteral("app in ("), QStringLiteral("--headless")},
         2,
         "error: invalid argument \"app in (\" for \"-l, --selector\" flag: unable to parse "
         "requirement: found '', expected: ',', ')' or identifier\n"},
        {{QStringLiteral("--field-selector"), QStringLiteral("x"), QStringLiteral("--headless")},
         2,
         "error: invalid argument \"x\" for \"--field-selector\" flag: invalid selector: 'x'; "
         "can't understand 'x'\n"},
        {{QStringLiteral("pods"), QStringLiteral("--headless")},
         1,
         "error: The kubeconfig cannot be used: no kubeconfig found (looked at "},
    };
    for (const Case &c : cases) {
        int code = 0;
        const QByteArray err = runToEnd(c.args, this, &code, nullptr, plugin, noKubeconfig);
        QVERIFY2(code == c.code && saysLine(err, c.said) && !err.contains("informer-lens:"),
                 err.constData());
    }
    // The check made before Qt starts, without a display.
    QProcessEnvironment noDisplay = noKubeconfig;
    for (const char *k : {"DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM"})
        noDisplay.insert(QString::fromLatin1(k), QString());
    int code = 0;
    QByteArray err = runToEnd({QStringLiteral("pods")}, this, &code, nullptr, plugin, noDisplay);
    QVERIFY2(code == 1 && saysLine(err, "error: no display") && !err.contains("informer-lens:"),
             err.constData());
    err = runToEnd({QStringLiteral("--bogus")}, this, &code, nullptr, plugin, noDisplay);
    QVERIFY2(code == 2 && saysLine(err, "error: unknown flag: --bogus\n"), err.constData());
    // kubectl's hint after a flag error, on a line of its own.
    QVERIFY2(saysLine(err, "See 'kubectl lens --help' for usage.\n"), err.constData());
    // As itself, the same errors say informer-lens.
    err = runToEnd({QStringLiteral("--bogus")}, this, &code);
    QVERIFY2(code == 2 && saysLine(err, "informer-lens: unknown flag: --bogus\n"), err.constData());
    QVERIFY2(saysLine(err, "See 'informer-lens --help' for usage.\n"), err.constData());
    // The plugin's --help names the kubeconfig as the source, not the built-in cluster.
    QByteArray help;
    runToEnd({QStringLiteral("--help")}, this, &code, &help, plugin, noKubeconfig);
    QVERIFY2(code == 0 && help.contains("watches the cluster of your kubeconfig") &&
                 !help.contains("By default it starts a built-in"),
             help.left(600).constData());
}

namespace {
/// The text of option `spelled` ("-s, --server <URL>") in --help, its wrapped lines joined.
QString optionHelp(const QByteArray &help, const QString &spelled)
{
    const QStringList lines = QString::fromUtf8(help).split(QLatin1Char('\n'));
    QString text;
    bool in = false;
    for (const QString &line : lines) {
        if (line.startsWith(QLatin1String("  -"))) {
            if (in)
                break;
            in = line.trimmed().startsWith(spelled);
            if (in)
                text = line.trimmed().mid(spelled.size());
        } else if (in) {
            if (!line.startsWith(QLatin1String("   ")))
                break;
            text += QLatin1Char(' ') + line.trimmed();
        }
    }
    return text.simplified();
}
} // namespace

void tst_KubectlFlags::serverHelpSaysWhatServerDoes()
{
    // -s is kubectl's --server, the API server's address: as kubectl's plugin (which always
    // reads the kubeconfig) it replaces the kubeconfig cluster's server and never means the
    // built-in cluster; as itself, the built-in cluster is what runs without -s and without a
    // kubeconfig.
    QTemporaryDir dir;
    const QString plugin = dir.filePath(QStringLiteral("kubectl-lens"));
    QVERIFY(QFile::link(QStringLiteral(LENS_APP), plugin));
    QProcessEnvironment noKubeconfig;
    noKubeconfig.insert(QStringLiteral("KUBECONFIG"), dir.filePath(QStringLiteral("none")));
    int code = 0;
    QByteArray help;
    runToEnd({QStringLiteral("--help")}, this, &code, &help, plugin, noKubeconfig);
    QCOMPARE(code, 0);
    QString server = optionHelp(help, QStringLiteral("-s, --server <URL>"));
    QVERIFY2(server.startsWith(QLatin1String("The address and port of the Kubernetes API "
                                             "server")),
             qPrintable(server));
    QVERIFY2(server.contains(QLatin1String("replaces the server of the kubeconfig's cluster")),
             qPrintable(server));
    QVERIFY2(!server.contains(QLatin1String("built-in")), qPrintable(server));
    const QString ns = optionHelp(help, QStringLiteral("-n, --namespace <NS>"));
    QVERIFY2(ns.contains(QLatin1String("context's namespace")) &&
                 !ns.contains(QLatin1String("built-in")),
             qPrintable(ns));

    runToEnd({QStringLiteral("--help")}, this, &code, &help);
    QCOMPARE(code, 0);
    server = optionHelp(help, QStringLiteral("-s, --server <URL>"));
    QVERIFY2(server.contains(QLatin1String("replaces the server of the kubeconfig's cluster")) &&
                 server.contains(QLatin1String("Without -s and without a kubeconfig, the "
                                               "built-in simulated cluster")),
             qPrintable(server));
}

void tst_KubectlFlags::serverReplacesTheKubeconfigsServerOnly()
{
    // What the help says, done: the plugin's kubeconfig names a server where nothing listens
    // and carries the token the cluster requires; -s names the cluster. The informer syncs
    // (exit 0) on -s's server with the kubeconfig's token (without it: 401, never synced).
    QTemporaryDir dir;
    const QString plugin = dir.filePath(QStringLiteral("kubectl-lens"));
    QVERIFY(QFile::link(QStringLiteral(LENS_APP), plugin));
    QString url;
    const QString kubeconfig =
        startCluster(dir, {QStringLiteral("--token"), QStringLiteral("s3cret")}, &url);
    QVERIFY(!kubeconfig.isEmpty() && url.startsWith(QLatin1String("http://")));
    QFile f(kubeconfig);
    QVERIFY(f.open(QIODevice::ReadOnly));
    QByteArray text = f.readAll();
    f.close();
    QVERIFY2(text.contains(url.toUtf8()) && text.contains("s3cret"), text.constData());
    text.replace(url.toUtf8(), "http://127.0.0.1:9");
    const QString moved = dir.filePath(QStringLiteral("moved-kubeconfig"));
    QFile m(moved);
    QVERIFY(m.open(QIODevice::WriteOnly));
    m.write(text);
    m.close();
    QProcessEnvironment env;
    env.insert(QStringLiteral("KUBECONFIG"), moved);
    int code = 0;
    const QByteArray err =
        runToEnd({QStringLiteral("pods"), QStringLiteral("-A"), QStringLiteral("--headless"),
                  QStringLiteral("--duration"), QStringLiteral("2"), QStringLiteral("-s"), url,
                  QStringLiteral("-v"), QStringLiteral("6")},
                 this, &code, nullptr, plugin, env);
    QVERIFY2(code == 0, err.constData());
    QVERIFY2(err.contains(QStringLiteral("GET %1/api/v1/pods?").arg(url).toUtf8()) &&
                 err.contains(" 200 OK in ") && !err.contains("127.0.0.1:9/"),
             err.constData());
}

void tst_KubectlFlags::kubeconfigImpersonationIsSentAsClientGoSendsIt()
{
    // The kubeconfig user's as, as-uid, as-groups and as-user-extra are sent as the
    // Impersonate-* headers (-v 7 logs each request's headers as sent); --as and --as-group
    // replace their fields, the others stay (clientcmd's override merge).
    QTemporaryDir dir;
    const QString kubeconfig = startCluster(dir);
    QVERIFY(!kubeconfig.isEmpty());
    {
        QFile f(kubeconfig); // the user's entry is the file's end
        QVERIFY(f.open(QIODevice::Append));
        f.write("    as: jane\n    as-uid: \"1234\"\n    as-groups:\n    - devs\n"
                "    as-user-extra:\n      reason:\n      - on call\n");
    }
    const QStringList run{QStringLiteral("--kubeconfig"), kubeconfig,
                          QStringLiteral("-A"),           QStringLiteral("--headless"),
                          QStringLiteral("--duration"),   QStringLiteral("2"),
                          QStringLiteral("-v=7")};
    int code = 0;
    QString log = QString::fromUtf8(runToEnd(run, this, &code));
    QCOMPARE(code, 0);
    for (const char *header : {"Impersonate-User: jane", "Impersonate-Uid: 1234",
                               "Impersonate-Group: devs", "Impersonate-Extra-reason: on call"})
        QVERIFY2(log.contains(QLatin1String(header)), qPrintable(log));
    log = QString::fromUtf8(
        runToEnd(run + QStringList{QStringLiteral("--as"), QStringLiteral("root"),
                                   QStringLiteral("--as-group"), QStringLiteral("ops")},
                 this, &code));
    QCOMPARE(code, 0);
    for (const char *header : {"Impersonate-User: root", "Impersonate-Uid: 1234",
                               "Impersonate-Group: ops", "Impersonate-Extra-reason: on call"})
        QVERIFY2(log.contains(QLatin1String(header)), qPrintable(log));
    QVERIFY2(!log.contains(QLatin1String("jane")) && !log.contains(QLatin1String("devs")),
             qPrintable(log));
}

QTEST_GUILESS_MAIN(tst_KubectlFlags)
#include "tst_kubectlflags.moc"
