// SPDX-License-Identifier: Apache-2.0
// informer-lens-sim: serves the simulated Kubernetes API until stopped by a signal.
#include "process/terminationsignals.h"
#include "process/versiontext.h"
#include "sim/apiserver.h"
#include "sim/churn.h"
#include "sim/scenarioplayer.h"
#include "sim/simulator.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QFile>
#include <QTextStream>

#include <cmath>
#include <cstdio>

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("informer-lens-sim"));
    // SIGTERM, SIGINT, SIGHUP: stop serving and exit 0 (a second one ends it at once).
    QString signalError;
    if (auto *termination = lens::TerminationSignals::install(&app, &signalError))
        QObject::connect(termination, &lens::TerminationSignals::terminationRequested, &app,
                         [](int signalNumber) {
                             std::fprintf(
                                 stderr, "informer-lens-sim: %s received; stopping\n",
                                 qPrintable(lens::TerminationSignals::nameOf(signalNumber)));
                             QCoreApplication::quit();
                         });
    else
        std::fprintf(stderr, "informer-lens-sim: %s\n", qPrintable(signalError));
    QCoreApplication::setApplicationVersion(lens::versionText());

    QCommandLineParser p;
    p.setApplicationDescription(QStringLiteral(
        "Simulated Kubernetes API server (core/v1, apps/v1, batch/v1, CRDs and their custom "
        "resources) on 127.0.0.1 (loopback only, unless --bind-address says otherwise). Prints "
        "its URL as the first line of stdout and where it listens on stderr, then serves until "
        "stopped (SIGTERM, SIGINT or SIGHUP: exit 0)."));
    p.addHelpOption();
    p.addVersionOption();
    const QCommandLineOption port(QStringLiteral("port"),
                                  QStringLiteral("TCP port (0 = any free port)."),
                                  QStringLiteral("N"), QStringLiteral("0"));
    const QCommandLineOption bindAddress(
        QStringLiteral("bind-address"),
        QStringLiteral("The IP address on which to listen (default 127.0.0.1: this machine only; "
                       "::1 for IPv6 loopback). 0.0.0.0 or :: listen on every network interface, "
                       "so other machines can read and change the cluster: add --token and "
                       "--tls then."),
        QStringLiteral("ADDRESS"), QStringLiteral("127.0.0.1"));
    const QCommandLineOption kubeconfig(QStringLiteral("kubeconfig-out"),
                                        QStringLiteral("Write a kubeconfig for kubectl to FILE."),
                                        QStringLiteral("FILE"));
    const QCommandLineOption churn(QStringLiteral("churn"),
                                   QStringLiteral("Random pod writes per second (0 = off)."),
                                   QStringLiteral("PER_SECOND"), QStringLiteral("1"));
    const QCommandLineOption seed(QStringLiteral("seed"), QStringLiteral("Random seed."),
                                  QStringLiteral("N"), QStringLiteral("1"));
    const QCommandLineOption pods(QStringLiteral("pods"),
                                  QStringLiteral("Number of pods to seed (default 16)."),
                                  QStringLiteral("N"));
    const QCommandLineOption bookmarks(QStringLiteral("bookmark-interval"),
                                       QStringLiteral("Milliseconds between watch bookmarks."),
                                       QStringLiteral("MS"), QStringLiteral("60000"));
    const QCommandLineOption historyLimit(
        QStringLiteral("history-limit"),
        QStringLiteral("Change events kept for watches and continue tokens (default 1000)."),
        QStringLiteral("EVENTS"), QStringLiteral("1000"));
    const QCommandLineOption historyWindow(
        QStringLiteral("history-window-ms"),
        QStringLiteral("Also drop change events older than MS milliseconds (0 = keep by count "
                       "only)."),
        QStringLiteral("MS"), QStringLiteral("0"));
    const QCommandLineOption oldServer(
        QStringLiteral("ignore-send-initial-events"),
        QStringLiteral("Act like a kube-apiserver older than 1.27: ignore sendInitialEvents and "
                       "resourceVersionMatch on watches (no WatchList)."));
    const QCommandLineOption tls(
        QStringLiteral("tls"),
        QStringLiteral("Serve HTTPS with a CA and certificate generated at start (needs the "
                       "openssl command); the kubeconfig carries the CA."));
    const QCommandLineOption token(
        QStringLiteral("token"),
        QStringLiteral("Require this bearer token on every request (401 otherwise); the "
                       "kubeconfig carries it."),
        QStringLiteral("TOKEN"));
    const QCommandLineOption clientCa(
        QStringLiteral("client-ca"),
        QStringLiteral("Client-certificate authentication (implies --tls): the generated CA also "
                       "signs a client certificate (O=system:masters, CN=lens-sim-admin) that the "
                       "kubeconfig carries; requests need it (or the --token)."));
    const QCommandLineOption caOut(QStringLiteral("ca-out"),
                                   QStringLiteral("With --tls: write the CA certificate (PEM) to "
                                                  "FILE."),
                                   QStringLiteral("FILE"));
    const QCommandLineOption accessLog(
        QStringLiteral("access-log"),
        QStringLiteral("Append one line per request to FILE (kube-apiserver httplog style)."),
        QStringLiteral("FILE"));
    const QCommandLineOption verbose(
        QStringLiteral("verbose"), QStringLiteral("Log every request and churn write to stderr."));
    const QCommandLineOption scenario(
        QStringLiteral("scenario"),
        QStringLiteral("Serve a scenario: a shipped NAME (see --list-scenarios) or a YAML FILE. "
                       "Its cluster section sets the starting state (churn off); its steps play "
                       "on time; captions and steps are printed on stderr; informer steps are "
                       "skipped (they need informer-lens)."),
        QStringLiteral("NAME|FILE"));
    const QCommandLineOption speed(QStringLiteral("speed"),
                                   QStringLiteral("Scenario seconds per real second (default 1; "
                                                  "0 = as fast as possible)."),
                                   QStringLiteral("X"), QStringLiteral("1"));
    const QCommandLineOption listScenarios(
        QStringLiteral("list-scenarios"),
        QStringLiteral("Print the names of the shipped scenarios, one per line, and exit."));
    p.addOptions({port, bindAddress, kubeconfig, churn, seed, pods, bookmarks, historyLimit,
                  historyWindow, oldServer, tls, token, clientCa, caOut, accessLog, verbose,
                  scenario, speed, listScenarios});
    p.process(app);
    if (p.isSet(listScenarios)) {
        for (const QString &name : lens::sim::Scenario::shippedNames())
            std::printf("%s\n", qPrintable(name));
        return 0;
    }

    // Every number is checked: a script that asks for a port must get that port or an error.
    QStringList bad;
    auto number = [&](const QCommandLineOption &opt, qint64 min, qint64 max) -> qint64 {
        bool ok = false;
        const qint64 v = p.value(opt).toLongLong(&ok);
        if (!ok || v < min || v > max) {
            bad << QStringLiteral("--%1 needs a whole number from %2 to %3 (got \"%4\")")
                       .arg(opt.names().constFirst())
                       .arg(min)
                       .arg(max)
                       .arg(p.value(opt));
        }
        return v;
    };
    lens::sim::Simulator::Options o;
    o.port = quint16(number(port, 0, 65535));
    if (!o.address.setAddress(p.value(bindAddress)))
        bad << QStringLiteral("--bind-address needs an IP address such as 127.0.0.1, ::1 or "
                              "0.0.0.0 (got \"%1\")")
                   .arg(p.value(bindAddress));
    o.seed = quint32(number(seed, 0, 4294967295LL));
    o.pods = p.isSet(pods) ? int(number(pods, 0, 1000000)) : -1;
    bool churnOk = false;
    const double perSecond = p.value(churn).toDouble(&churnOk);
    if (!churnOk || !std::isfinite(perSecond) || perSecond < 0 || perSecond > 1000)
        bad << QStringLiteral("--churn needs writes per second from 0 to 1000 (got \"%1\")")
                   .arg(p.value(churn));
    o.churnIntervalMs = perSecond > 0 ? qMax(1, int(1000.0 / perSecond)) : 0;
    o.bookmarkIntervalMs = int(number(bookmarks, 0, 86400000));
    o.historyLimit = int(number(historyLimit, 1, 100000000));
    o.historyWindowMs = int(number(historyWindow, 0, 2147483647));
    bool speedOk = false;
    const double scenarioSpeed = p.value(speed).toDouble(&speedOk);
    if (!speedOk || !std::isfinite(scenarioSpeed) || scenarioSpeed < 0 || scenarioSpeed > 1000)
        bad << QStringLiteral("--speed needs a number from 0 to 1000 (got \"%1\")")
                   .arg(p.value(speed));
    lens::sim::Scenario sc;
    if (p.isSet(scenario)) {
        QString err;
        if (!lens::sim::Scenario::load(p.value(scenario), &sc, &err))
            bad << err;
        else
            lens::sim::ScenarioPlayer::configure(sc, &o);
    }
    if (!bad.isEmpty()) {
        std::fprintf(stderr, "informer-lens-sim: %s\n", qPrintable(bad.join(QLatin1Char('\n'))));
        return 2;
    }
    o.ignoreSendInitialEvents = p.isSet(oldServer);
    o.clientCertificates = p.isSet(clientCa);
    o.tls = p.isSet(tls) || o.clientCertificates;
    o.token = p.value(token);

    lens::sim::Simulator sim;
    QString error;
    if (!sim.start(o, &error)) {
        std::fprintf(stderr, "informer-lens-sim: %s\n", qPrintable(error));
        return 1;
    }
    if (p.isSet(accessLog) && !sim.server()->openAccessLog(p.value(accessLog), &error)) {
        std::fprintf(stderr, "informer-lens-sim: %s\n", qPrintable(error));
        return 1;
    }
    // The kubeconfig is complete before the URL line, so a script may use both at once.
    if (p.isSet(kubeconfig) && !sim.writeKubeconfig(p.value(kubeconfig), &error)) {
        std::fprintf(stderr, "informer-lens-sim: %s\n", qPrintable(error));
        return 1;
    }
    if (p.isSet(caOut)) {
        QFile f(p.value(caOut));
        if (!o.tls || !f.open(QIODevice::WriteOnly) || f.write(sim.caCertificatePem()) < 0) {
            std::fprintf(stderr, "informer-lens-sim: cannot write the CA to %s%s\n",
                         qPrintable(p.value(caOut)), o.tls ? "" : " (needs --tls)");
            return 1;
        }
    }
    // Where it listens, and a warning when that is more than this machine (kube-apiserver logs
    // "Serving securely on ADDRESS:PORT").
    std::fprintf(stderr, "informer-lens-sim: %s\n", qPrintable(sim.server()->listeningSummary()));
    std::printf("%s\n", qPrintable(sim.url().toString()));
    std::fflush(stdout);
    if (p.isSet(verbose)) {
        QObject::connect(sim.server(), &lens::sim::ApiServer::requestHandled, &app,
                         [](const QString &method, const QString &target, int status) {
                             std::fprintf(stderr, "%d %s %s\n", status, qPrintable(method),
                                          qPrintable(target));
                         });
        QObject::connect(
            sim.churn(), &lens::sim::ChurnGenerator::stepped, &app,
            [](const QString &what) { std::fprintf(stderr, "churn: %s\n", qPrintable(what)); });
    }
    if (p.isSet(scenario)) {
        auto *player = new lens::sim::ScenarioPlayer(sc, &sim, &app);
        const auto *clock = player->clock();
        auto stamp = [clock] { return double(clock->nowMs()) / 1000; };
        QObject::connect(player, &lens::sim::ScenarioPlayer::stepDone, &app,
                         [stamp](int, const lens::sim::ScenarioStep &s, const QString &summary,
                                 const QString &error) {
                             if (s.action != lens::sim::ScenarioStep::Action::Caption)
                                 std::fprintf(stderr, "[%.1f s] %s%s%s\n", stamp(),
                                              qPrintable(summary), error.isEmpty() ? "" : ": ",
                                              qPrintable(error));
                         });
        QObject::connect(
            player, &lens::sim::ScenarioPlayer::caption, &app, [stamp](const QString &text) {
                std::fprintf(stderr, "[%.1f s] caption: %s\n", stamp(), qPrintable(text));
            });
        QObject::connect(player, &lens::sim::ScenarioPlayer::finished, &app, [&sc] {
            std::fprintf(stderr, "scenario %s finished; still serving\n", qPrintable(sc.name));
        });
        std::fprintf(stderr, "scenario %s: %s\n", qPrintable(sc.name), qPrintable(sc.title));
        player->setSpeed(scenarioSpeed);
        player->start();
    }
    return app.exec();
}
