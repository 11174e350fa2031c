// SPDX-License-Identifier: Apache-2.0
#include "fields.h"

#include "jsonscalar.h"

#include <QJsonObject>
#include <QJsonValue>

namespace lens {

// ---- field selectors ----------------------------------------------------------------------------

QString escapeFieldValue(const QString &value)
{
    QString out;
    out.reserve(value.size());
    for (const QChar c : value) {
        if (c == QLatin1Char('\\') || c == QLatin1Char(',') || c == QLatin1Char('='))
            out += QLatin1Char('\\');
        out += c;
    }
    return out;
}

bool unescapeFieldValue(const QString &value, QString *out, QString *error)
{
    // fields.UnescapeValue: '\' must be followed by '\', ',' or '='; an unescaped ',' or '='
    // is an error.
    if (!value.contains(QLatin1Char('\\')) && !value.contains(QLatin1Char(',')) &&
        !value.contains(QLatin1Char('='))) {
        *out = value;
        return true;
    }
    QString r;
    bool inSlash = false;
    for (const QChar c : value) {
        if (inSlash) {
            if (c == QLatin1Char('\\') || c == QLatin1Char(',') || c == QLatin1Char('=')) {
                r += c;
                inSlash = false;
                continue;
            }
            if (error)
                *error = QStringLiteral("invalid field selector: invalid escape sequence: \\") + c;
            return false;
        }
        if (c == QLatin1Char('\\')) {
            inSlash = true;
        } else if (c == QLatin1Char(',') || c == QLatin1Char('=')) {
            // Go formats the rune with %v: its code point (44 for ',', 61 for '=').
            if (error)
                *error = QStringLiteral("invalid field selector: unescaped character in value: ") +
                         QString::number(c.unicode());
            return false;
        } else {
            r += c;
        }
    }
    if (inSlash) {
        if (error)
            *error = QStringLiteral("invalid field selector: invalid escape sequence: \\");
        return false;
    }
    *out = r;
    return true;
}

namespace {

// fields.splitTerms: split on ',' not preceded by an escaping '\'.
QStringList splitTerms(const QString &s)
{
    QStringList terms;
    if (s.isEmpty())
        return terms;
    QString cur;
    bool inSlash = false;
    for (const QChar c : s) {
        if (inSlash) {
            cur += c;
            inSlash = false;
        } else if (c == QLatin1Char('\\')) {
            cur += c;
            inSlash = true;
        } else if (c == QLatin1Char(',')) {
            terms << cur;
            cur.clear();
        } else {
            cur += c;
        }
    }
    terms << cur;
    return terms;
}

// fields.splitTerm: the first position where "!=", "==" or "=" starts (no escape handling,
// as in apimachinery).
bool splitTerm(const QString &term, QString *lhs, QString *op, QString *rhs)
{
    for (qsizetype i = 0; i < term.size(); ++i) {
        for (const char *o : {"!=", "==", "="}) {
            const QString os = QString::fromLatin1(o);
            if (term.mid(i, os.size()) == os) {
                *lhs = term.left(i);
                *op = os;
                *rhs = term.mid(i + os.size());
                return true;
            }
        }
    }
    return false;
}

} // namespace

std::optional<FieldSelector> FieldSelector::parse(const QString &selector, QString *error)
{
    QStringList parts = splitTerms(selector);
    parts.sort();
    FieldSelector s;
    for (const QString &part : std::as_const(parts)) {
        if (part.isEmpty())
            continue;
        QString lhs, op, rhs;
        if (!splitTerm(part, &lhs, &op, &rhs)) {
            if (error)
                *error = QStringLiteral("invalid selector: '%1'; can't understand '%2'")
                             .arg(selector, part);
            return std::nullopt;
        }
        QString value;
        if (!unescapeFieldValue(rhs, &value, error))
            return std::nullopt;
        s.m_terms << Term{lhs, op == QLatin1String("!="), value};
    }
    return s;
}

FieldSelector FieldSelector::oneTermEqual(const QString &field, const QString &value)
{
    FieldSelector s;
    s.m_terms << Term{field, false, value};
    return s;
}

bool FieldSelector::matches(const QMap<QString, QString> &fields) const
{
    for (const Term &t : m_terms) {
        const bool eq = fields.value(t.field) == t.value;
        if (t.notEquals == eq)
            return false;
    }
    return true;
}

bool FieldSelector::matches(const Object &obj) const
{
    for (const Term &t : m_terms) {
        const bool eq = objectFieldValue(obj, t.field) == t.value;
        if (t.notEquals == eq)
            return false;
    }
    return true;
}

QString FieldSelector::toString() const
{
    QStringList parts;
    for (const Term &t : m_terms)
        parts << t.field + (t.notEquals ? QStringLiteral("!=") : QStringLiteral("=")) +
                     escapeFieldValue(t.value);
    return parts.join(QLatin1Char(','));
}

QString objectFieldValue(const Object &obj, const QString &path)
{
    if (obj.isNull())
        return {};
    // The fields selectors name most, from the eagerly read metadata (a non-empty one was a
    // string in the JSON): no parse of the whole object per object and term.
    if (path == QLatin1String("metadata.name") && !obj.name().isEmpty())
        return obj.name();
    if (path == QLatin1String("metadata.namespace") && !obj.namespace_().isEmpty())
        return obj.namespace_();
    if (path == QLatin1String("status.phase") && !obj.phase().isEmpty())
        return obj.phase();
    QJsonValue v = QJsonValue(obj.json());
    for (const QString &part : path.split(QLatin1Char('.'))) {
        if (!v.isObject())
            return {};
        v = v.toObject().value(part);
    }
    switch (v.type()) {
    case QJsonValue::String:
    case QJsonValue::Bool:
    case QJsonValue::Double:
        return jsonScalarText(v);
    default:
        return {};
    }
}

} // namespace lens
