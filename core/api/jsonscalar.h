// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QJsonValue>
#include <QString>

namespace lens {

/// How jsonScalarText() writes a string.
enum class JsonStrings {
    Bare,   ///< the characters alone: web-1 (field selectors, diffs, journal details)
    Quoted, ///< between double quotes, not escaped: "web-1" (the inspector's value column)
};

/// One JSON value as text, the one formatter for the whole program (field selector values,
/// the inspector, object diffs, journal details):
/// - numbers as Go's encoding/json writes them, which is what the API server sent: whole
///   numbers exactly (1234567, never 1.23457e+06; an integer Qt parsed into 64 bits stays exact
///   beyond 2^53, one held as a double is exact as far as the double is), fractions in the
///   fewest digits that read back to the same double (0.5, 0.1), exponents only below 1e-6 or
///   from 1e21 on (1e-7, 1e+21);
/// - true / false; null as "null";
/// - strings per `strings`;
/// - arrays and objects as compact JSON;
/// - an undefined value as "".
/// Never fails.
QString jsonScalarText(const QJsonValue &value, JsonStrings strings = JsonStrings::Bare);

} // namespace lens
