// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "object.h"

#include <QList>
#include <QMap>
#include <QString>

#include <optional>

namespace lens {

/// A field selector as k8s.io/apimachinery/pkg/fields parses and evaluates it
/// (fields.ParseSelector, hasTerm, notHasTerm, andTerm).
///
/// Syntax: comma-separated terms `path=value`, `path==value` or `path!=value`; all must hold.
/// `path` is a dotted path into the object's JSON ("metadata.name", "metadata.namespace",
/// "spec.nodeName", "status.phase", ...). In values, `\,`, `\=` and `\\` escape the special
/// characters (fields.EscapeValue); terms are split on unescaped commas.
///
/// Matching: the field's value is the string at that path (numbers and booleans in their JSON
/// spelling); a missing field is "" — so `spec.nodeName=` selects unscheduled pods and
/// `spec.nodeName!=` scheduled ones, as on the server.
///
/// Errors in apimachinery's words: `invalid selector: 'x'; can't understand 'x'`,
/// `invalid field selector: invalid escape sequence: \x`,
/// `invalid field selector: unescaped character in value: 44` (Go prints the rune's code point).
class FieldSelector {
public:
    struct Term {
        QString field;
        bool notEquals = false; ///< "!=" (hasTerm otherwise, for "=" and "==")
        QString value;          ///< unescaped
    };

    /// fields.Everything().
    FieldSelector() = default;
    /// fields.ParseSelector. Returns nullopt on error and sets `*error`.
    static std::optional<FieldSelector> parse(const QString &selector, QString *error = nullptr);
    /// fields.OneTermEqualSelector.
    static FieldSelector oneTermEqual(const QString &field, const QString &value);

    bool isEmpty() const { return m_terms.isEmpty(); }
    /// Matches the object's fields (see objectFieldValue).
    bool matches(const Object &obj) const;
    /// Matches a fields.Set (a missing key reads as "").
    bool matches(const QMap<QString, QString> &fields) const;
    /// Canonical form, terms sorted, values escaped: "metadata.name=a,status.phase!=Running".
    QString toString() const;
    const QList<Term> &terms() const { return m_terms; }

private:
    QList<Term> m_terms;
};

/// The value a field selector compares for `path` ("metadata.name"): the JSON value at that
/// dotted path as jsonScalarText() writes it (1234567, 0.5, true); "" when absent, null, an
/// object or an array.
QString objectFieldValue(const Object &obj, const QString &path);

/// fields.EscapeValue / UnescapeValue. UnescapeValue returns false and sets `*error` on an
/// invalid escape sequence or an unescaped ',' or '='.
QString escapeFieldValue(const QString &value);
bool unescapeFieldValue(const QString &value, QString *out, QString *error = nullptr);

} // namespace lens
