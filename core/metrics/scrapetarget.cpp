// SPDX-License-Identifier: Apache-2.0
#include "scrapetarget.h"

#include "api/validation.h"

namespace lens::metrics {

std::optional<ScrapeTarget> ScrapeTarget::parse(const QString &spec, QString *error)
{
    auto fail = [&](const QString &why) {
        if (error)
            *error = QStringLiteral("%1: \"%2\". Give pod/NAMESPACE/NAME:PORT, "
                                    "svc/NAMESPACE/NAME:PORT (each optionally followed by "
                                    "/PATH, default /metrics) or an http:// or https:// URL.")
                         .arg(why, spec);
        return std::nullopt;
    };
    ScrapeTarget t;
    if (spec.trimmed().isEmpty())
        return fail(QStringLiteral("No metrics target"));
    if (spec.startsWith(QLatin1String("http://"), Qt::CaseInsensitive) ||
        spec.startsWith(QLatin1String("https://"), Qt::CaseInsensitive)) {
        t.url = QUrl(spec, QUrl::StrictMode);
        if (!t.url.isValid() || t.url.host().isEmpty())
            return fail(QStringLiteral("Not a valid URL"));
        if (t.url.path().isEmpty())
            t.url.setPath(QStringLiteral("/metrics"));
        return t;
    }
    const qsizetype slash = spec.indexOf(QLatin1Char('/'));
    const QString kind = spec.left(slash);
    if (slash < 0 || !(kind == QLatin1String("pod") || kind == QLatin1String("pods") ||
                       kind == QLatin1String("svc") || kind == QLatin1String("service") ||
                       kind == QLatin1String("services")))
        return fail(QStringLiteral("Unknown metrics target"));
    t.kind = kind.startsWith(QLatin1Char('p')) ? Kind::Pod : Kind::Service;
    const QStringList parts = spec.mid(slash + 1).split(QLatin1Char('/'));
    if (parts.size() < 2)
        return fail(QStringLiteral("The namespace or the name is missing"));
    t.namespace_ = parts[0];
    if (!dns1123LabelErrors(t.namespace_).isEmpty())
        return fail(QStringLiteral("\"%1\" is not a namespace name").arg(t.namespace_));
    QStringList np = parts[1].split(QLatin1Char(':'));
    if (np.size() == 3) {
        if (np[0] != QLatin1String("https") && np[0] != QLatin1String("http"))
            return fail(QStringLiteral("The scheme before the name must be http or https"));
        t.scheme = np[0] == QLatin1String("https") ? np[0] : QString();
        np.removeFirst();
    }
    if (np.size() != 2)
        return fail(QStringLiteral("The port is missing (NAME:PORT)"));
    t.name = np[0];
    bool ok = false;
    t.port = np[1].toInt(&ok);
    if (t.name.isEmpty() || !ok || t.port < 1 || t.port > 65535)
        return fail(
            QStringLiteral("\"%1\" is not NAME:PORT with a port from 1 to 65535").arg(parts[1]));
    if (parts.size() > 2) {
        // The path stays behind the proxy: ".." would climb out of it to the API server's
        // own paths, with the kubeconfig's credentials (the apiserver cleans the path first).
        for (const QString &segment : parts.mid(2))
            if (segment == QLatin1String("..") || segment == QLatin1String(".") ||
                segment.contains(QLatin1Char('%')))
                return fail(QStringLiteral("The path behind the proxy may not hold \".\", "
                                           "\"..\" or %-escapes"));
        t.path = QStringLiteral("/") + parts.mid(2).join(QLatin1Char('/'));
    }
    return t;
}

QString ScrapeTarget::proxyPath() const
{
    if (kind == Kind::Url)
        return {};
    return QStringLiteral("/api/v1/namespaces/%1/%2/%3%4:%5/proxy%6")
        .arg(namespace_, kind == Kind::Pod ? QStringLiteral("pods") : QStringLiteral("services"),
             scheme.isEmpty() ? QString() : scheme + QLatin1Char(':'), name)
        .arg(port)
        .arg(path);
}

QString ScrapeTarget::toString() const
{
    if (kind == Kind::Url)
        return url.adjusted(QUrl::RemoveUserInfo | QUrl::RemoveQuery | QUrl::RemoveFragment)
            .toString();
    QString s = QStringLiteral("%1/%2/%3%4:%5")
                    .arg(kind == Kind::Pod ? QStringLiteral("pod") : QStringLiteral("svc"),
                         namespace_, scheme.isEmpty() ? QString() : scheme + QLatin1Char(':'), name)
                    .arg(port);
    if (path != QLatin1String("/metrics"))
        s += path;
    return s;
}

} // namespace lens::metrics
