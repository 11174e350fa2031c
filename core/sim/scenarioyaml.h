// SPDX-License-Identifier: Apache-2.0
#pragma once

// The scenario loader's YAML readers (scenario.cpp): YAML nodes to Qt values with the errors
// Scenario::parse reports, and the budget that bounds what a parse may build from the YAML
// (aliases included). Internal to core/sim.

#include <QJsonValue>
#include <QString>
#include <QStringList>

#include <yaml-cpp/yaml.h>

namespace lens::sim::scenarioyaml {

/// A parse error at a node's position.
struct Error {
    YAML::Mark mark;
    QString message;
};

/// Thrown once the parse's budget is used up (see resetTextBudget()); Scenario::parse says
/// where.
struct TextBudgetSpent {};

/// Starts a parse with `bytes` to build from the YAML: every key and scalar taken costs two
/// bytes a character (str()), every value toJson() builds 64 bytes more. Per thread.
void resetTextBudget(qint64 bytes);

/// A YAML scalar's text, charged to the budget.
QString str(const std::string &s);
/// A YAML node as JSON: maps → objects, sequences → arrays, plain scalars → bool / number /
/// null when they read as one, quoted scalars → strings.
QJsonValue toJson(const YAML::Node &n);
/// A number ≥ 0 (Error otherwise, naming `what`).
double number(const YAML::Node &n, const char *what);
/// A number of seconds from 0 to Scenario::kMaxSeconds, in milliseconds.
qint64 milliseconds(const YAML::Node &n, const char *what);
/// A scalar's text (Error for a map or a list).
QString text(const YAML::Node &n, const char *what);
/// true or false (Error otherwise).
bool flag(const YAML::Node &n, const char *what);
/// A scalar ("pods", "pods,nodes") or a list of scalars ([pods, nodes]) as a list of texts.
QStringList texts(const YAML::Node &n, const char *what);
/// Throws an Error for a key of `map` not in `allowed` (`where` names the map in it).
void checkKeys(const YAML::Node &map, const QStringList &allowed, const QString &where);

} // namespace lens::sim::scenarioyaml
