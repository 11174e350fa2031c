// SPDX-License-Identifier: Apache-2.0
// What the LIST and the WATCH handler both check before they read the Store: one copy of
// apimachinery's list-options validation and of the selector and resourceVersion parsing.
#include "listoptions.h"

#include "fieldlabels.h"
#include "httpresponder.h"
#include "resourcetype.h"

namespace lens::sim {

QList<FieldError> validateListOptions(const ListOptionsQuery &q)
{
    QList<FieldError> errs;
    const QString &match = q.resourceVersionMatch;
    if (q.watch) {
        // validateWatchOptions
        if (q.sendInitialEventsSet && match != QLatin1String("NotOlderThan"))
            errs << forbidden("sendInitialEvents requires setting resourceVersionMatch to "
                              "NotOlderThan");
        if (!match.isEmpty()) {
            if (!q.sendInitialEventsSet)
                errs << forbidden("resourceVersionMatch is forbidden for watch unless "
                                  "sendInitialEvents is provided");
            if (match != QLatin1String("NotOlderThan"))
                errs << notSupported(match, {QStringLiteral("NotOlderThan")});
            if (!q.continueToken.isEmpty())
                errs << forbidden("resourceVersionMatch is forbidden when continue is provided");
        }
        return errs;
    }
    if (!match.isEmpty()) {
        if (q.resourceVersion.isEmpty())
            errs << forbidden("resourceVersionMatch is forbidden unless resourceVersion is "
                              "provided");
        if (!q.continueToken.isEmpty())
            errs << forbidden("resourceVersionMatch is forbidden when continue is provided");
        if (match != QLatin1String("Exact") && match != QLatin1String("NotOlderThan"))
            errs << notSupported(
                match, {QStringLiteral("Exact"), QStringLiteral("NotOlderThan"), QString()});
        if (match == QLatin1String("Exact") && q.resourceVersion == QLatin1String("0"))
            errs << forbidden("resourceVersionMatch \"exact\" is forbidden for resourceVersion "
                              "\"0\"");
    }
    if (q.sendInitialEventsSet)
        errs << FieldError{QStringLiteral("sendInitialEvents"),
                           QStringLiteral("FieldValueForbidden"),
                           QStringLiteral("Forbidden: sendInitialEvents is forbidden for list")};
    return errs;
}

bool parseSelectors(const HttpCall &call, const ResourceType &type, LabelSelector *labels,
                    FieldSelector *fields, QString *error)
{
    const std::optional<LabelSelector> l = LabelSelector::parse(call.value("labelSelector"), error);
    if (!l)
        return false;
    std::optional<FieldSelector> f = FieldSelector::parse(call.value("fieldSelector"), error);
    if (f)
        f = fieldlabels::convert(type, *f, error);
    if (!f)
        return false;
    *labels = *l;
    *fields = *f;
    return true;
}

std::optional<qint64> parseResourceVersion(const QString &resourceVersion)
{
    if (resourceVersion.isEmpty())
        return 0;
    bool ok = false;
    const qint64 rv = resourceVersion.toLongLong(&ok);
    if (!ok || rv < 0)
        return std::nullopt;
    return rv;
}

QString invalidResourceVersionText(const QString &resourceVersion)
{
    return QStringLiteral("resourceVersion: Invalid value: \"%1\": strconv.ParseUint: parsing "
                          "\"%1\": invalid syntax")
        .arg(resourceVersion);
}

} // namespace lens::sim
