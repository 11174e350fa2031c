// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/fields.h"
#include "api/labels.h"
#include "statuses.h"

#include <QList>
#include <QString>

#include <optional>

namespace lens::sim {

struct HttpCall;
struct ResourceType;

/// The query parameters of a LIST or a WATCH (metav1.ListOptions) that apimachinery validates
/// before storage sees them.
struct ListOptionsQuery {
    bool watch = false;
    QString resourceVersion;           ///< "" when not given
    QString resourceVersionMatch;      ///< "" when not given
    QString continueToken;             ///< "" when not given
    bool sendInitialEventsSet = false; ///< the parameter is present (any value)
};

/// apimachinery's ValidateListOptions (internalversion/validation, WatchList enabled): for a
/// LIST, resourceVersionMatch needs a resourceVersion and no continue, is Exact or NotOlderThan,
/// is not Exact for "0", and sendInitialEvents is forbidden; for a WATCH (validateWatchOptions),
/// sendInitialEvents requires resourceVersionMatch NotOlderThan, which is forbidden without it,
/// and resourceVersionMatch is forbidden with continue. Empty when the options are valid; the
/// handlers answer the errors with invalidListOptions() (422 Invalid).
QList<FieldError> validateListOptions(const ListOptionsQuery &q);

/// The LIST's or WATCH's label and field selectors, as the apiserver decodes them: labels.Parse,
/// fields.ParseSelector, then each field label through `type`'s conversion (the kind's
/// supported field labels). False with `*error` set to the parser's or the conversion's words,
/// which the handlers answer as 400 BadRequest.
bool parseSelectors(const HttpCall &call, const ResourceType &type, LabelSelector *labels,
                    FieldSelector *fields, QString *error);

/// `resourceVersion` as the storage parses it (strconv.ParseUint): its value, 0 for "", or
/// nullopt when it is not a non-negative integer. invalidResourceVersionText() words why.
std::optional<qint64> parseResourceVersion(const QString &resourceVersion);
/// `resourceVersion: Invalid value: "x": strconv.ParseUint: parsing "x": invalid syntax`.
QString invalidResourceVersionText(const QString &resourceVersion);

} // namespace lens::sim
