// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "object.h"

#include <QList>
#include <QMap>
#include <QString>
#include <QStringList>

#include <optional>

namespace lens {

/// A label selector as k8s.io/apimachinery/pkg/labels parses and evaluates it (labels.Parse,
/// internalSelector, Requirement).
///
/// Syntax (comma-separated requirements, all must hold; whitespace is insignificant):
///
///     key=value   key==value   key!=value          equality / inequality
///     key in (v1,v2)   key notin (v1,v2)           set membership
///     key   !key                                   exists / does not exist
///     key>3   key<3                                Gt / Lt (integer label values)
///
/// Matching (Requirement.Matches): `=`, `==`, `in` and `>`/`<` need the label to be present;
/// `!=` and `notin` also match objects without the label. An empty selector matches everything.
///
/// Keys must be qualified names (validation.h; optional DNS-subdomain prefix and "/", then a name
/// of at most 63 characters: alphanumerics, '-', '_', '.', starting and ending alphanumeric);
/// values must be empty or valid label values (at most 63 characters, same alphabet). Errors use
/// apimachinery's words, e.g. `unable to parse requirement: found '', expected: identifier`,
/// `found ',', expected: in, notin, =, ==, !=, gt, lt` or
/// `unable to parse requirement: values[0][app]: Invalid value: "a b": a valid label must be ...`.
///
/// Requirements are kept sorted by key (as labels.Parse sorts them); toString() gives the
/// canonical form, e.g. "app=web,tier in (a,b),!canary".
class LabelSelector {
public:
    /// selection.Operator.
    enum class Operator {
        Equals,       ///< "="
        DoubleEquals, ///< "=="
        NotEquals,    ///< "!="
        In,           ///< "in"
        NotIn,        ///< "notin"
        Exists,       ///< "key"
        DoesNotExist, ///< "!key"
        GreaterThan,  ///< "gt" / ">"
        LessThan,     ///< "lt" / "<"
    };

    struct Requirement {
        QString key;
        Operator op = Operator::Exists;
        /// Sorted, de-duplicated (a sets.String in apimachinery).
        QStringList values;

        bool matches(const QMap<QString, QString> &labels) const;
        /// "key=value", "key in (a,b)", "!key", ...
        QString toString() const;
    };

    /// labels.Everything(): matches every object.
    LabelSelector() = default;

    /// labels.Parse. Returns nullopt on a syntax or validation error and sets `*error`.
    static std::optional<LabelSelector> parse(const QString &selector, QString *error = nullptr);
    /// labels.SelectorFromSet / SelectorFromValidatedSet: one `key=value` per entry.
    static LabelSelector fromSet(const QMap<QString, QString> &set);
    /// labels.NewRequirement: validates key, operator arity and values.
    static std::optional<Requirement> makeRequirement(const QString &key, Operator op,
                                                      const QStringList &values,
                                                      QString *error = nullptr);

    /// Selector.Empty(): no requirements (matches everything).
    bool isEmpty() const { return m_requirements.isEmpty(); }
    bool matches(const QMap<QString, QString> &labels) const;
    bool matches(const Object &obj) const { return matches(obj.labels()); }
    QString toString() const;
    const QList<Requirement> &requirements() const { return m_requirements; }
    /// Selector.Add: a copy with more requirements (kept sorted by key).
    LabelSelector add(const Requirement &r) const;

private:
    QList<Requirement> m_requirements;
};

} // namespace lens
