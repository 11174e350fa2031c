// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QJsonObject>
#include <QList>
#include <QString>

#include <functional>

namespace lens::sim {

/// The parameters of the built-in server's fault controls, checked in one place for both ways
/// to pull them: a scenario's `fault:` step (Scenario::parse) and the /sim/v1 control API
/// (ControlApi). The same values pass both and the same values fail both, with the same words
/// (a scenario's `fail` with `code: 999` or `count: -1`, and a stall of 1e9 seconds that once
/// became "-2147483648 ms", were accepted by one and refused by the other).
struct FaultParam {
    enum class Type {
        Whole,   ///< a whole number from min to max
        Seconds, ///< a number of seconds from min to max (fractions allowed)
        Flag,    ///< true or false
        Text,    ///< a non-empty text
    };
    const char *name;
    Type type;
    double min = 0;
    double max = 0;
    /// The value when the parameter is not given (Whole, Seconds: a number; Flag: 0 or 1).
    double fallback = 0;
    /// The /sim/v1 API refuses the control without it (400, "fail needs ?count=N ...");
    /// a scenario takes the fallback.
    bool requiredInApi = false;
};

/// The parameters of the fault control `name` ("fail", "stall", "history-limit", ...), or
/// nullptr for a name that is not one.
const QList<FaultParam> *faultParams(const QString &name);

/// Checks `given` (parameter → value: numbers, booleans and texts as JSON; a value of the
/// wrong JSON type fails) against faultParams(`name`) and puts the parameters into `*out` with
/// the fallbacks of those not given. `apiRequired`: a missing requiredInApi parameter fails.
/// False with `*error` naming the control, the parameter, what it takes and what it got, e.g.
/// "fail: code 999 is not a whole number from 400 to 599", "stall: seconds 1e+09 is not a
/// number of seconds from 0 to 86400", "fail: unknown option \"cde\" (known: count, code,
/// retryAfter)".
[[nodiscard]] bool checkFaultArgs(const QString &name, const QJsonObject &given, QJsonObject *out,
                                  QString *error, bool apiRequired = false);

/// Why the history cannot be compacted up to `revision` (a value checkFaultArgs() let through
/// for "compact": 0 to 2^53, or -1 for the current revision), "" when it can: a revision the
/// store has not reached ("compact: revision 999 is past the current revision 1050"). Asked by
/// the /sim/v1 compact control and by a scenario's compact step when it plays.
[[nodiscard]] QString compactRevisionProblem(qint64 revision, qint64 current);

/// `given` read from query parameters (`value(name)` for those `has(name)`): a number where
/// one parses, true/false for "true", "1", "" and "false", "0", else the text, so that
/// checkFaultArgs() says what is wrong with it.
QJsonObject faultArgsFromQuery(const QString &name, const std::function<bool(const char *)> &has,
                               const std::function<QString(const char *)> &value);

} // namespace lens::sim
