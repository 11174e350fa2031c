// SPDX-License-Identifier: Apache-2.0
#include "selectors.h"

#include <QJsonObject>
#include <QJsonValue>
#include <QRegularExpression>

#include <algorithm>

namespace lens {

namespace {

// ---- validation (k8s.io/apimachinery/pkg/util/validation) --------------------------------------

const QString kNameFmt = QStringLiteral("([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]");
const QString kValueFmt = QStringLiteral("(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?");
const QString kDns1123SubdomainFmt =
    QStringLiteral("[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*");

bool fullMatch(const QString &pattern, const QString &s)
{
    const QRegularExpression re(QRegularExpression::anchoredPattern(pattern));
    return re.match(s).hasMatch();
}

// IsQualifiedName: the messages apimachinery returns, joined.
QStringList qualifiedNameErrors(const QString &value)
{
    QStringList errs;
    const QStringList parts = value.split(QLatin1Char('/'));
    QString name;
    switch (parts.size()) {
    case 1:
        name = parts.at(0);
        break;
    case 2: {
        const QString prefix = parts.at(0);
        name = parts.at(1);
        if (prefix.isEmpty())
            errs << QStringLiteral("prefix part must be non-empty");
        else if (prefix.size() > 253)
            errs << QStringLiteral("prefix part must be no more than 253 characters");
        else if (!fullMatch(kDns1123SubdomainFmt, prefix))
            errs << QStringLiteral("prefix part a lowercase RFC 1123 subdomain must consist of "
                                   "lower case alphanumeric characters, '-' or '.', and must "
                                   "start and end with an alphanumeric character (e.g. "
                                   "'example.com', regex used for validation is '") +
                        kDns1123SubdomainFmt + QLatin1Char('\'') + QLatin1Char(')');
        break;
    }
    default:
        return {QStringLiteral("a qualified name must consist of alphanumeric characters, '-', "
                               "'_' or '.', and must start and end with an alphanumeric "
                               "character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex "
                               "used for validation is '") +
                kNameFmt +
                QStringLiteral("') with an optional DNS subdomain prefix and '/' (e.g. "
                               "'example.com/MyName')")};
    }
    if (name.isEmpty())
        errs << QStringLiteral("name part must be non-empty");
    else if (name.size() > 63)
        errs << QStringLiteral("name part must be no more than 63 characters");
    else if (!fullMatch(kNameFmt, name))
        errs << QStringLiteral("name part must consist of alphanumeric characters, '-', '_' or "
                               "'.', and must start and end with an alphanumeric character "
                               "(e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for "
                               "validation is '") +
                    kNameFmt + QLatin1Char('\'') + QLatin1Char(')');
    return errs;
}

QStringList labelValueErrors(const QString &value)
{
    QStringList errs;
    if (value.size() > 63)
        errs << QStringLiteral("must be no more than 63 characters");
    if (!fullMatch(kValueFmt, value))
        errs << QStringLiteral("a valid label must be an empty string or consist of alphanumeric "
                               "characters, '-', '_' or '.', and must start and end with an "
                               "alphanumeric character (e.g. 'MyValue',  or 'my_value',  or "
                               "'12345', regex used for validation is '") +
                    kValueFmt + QLatin1Char('\'') + QLatin1Char(')');
    return errs;
}

QString invalidValue(const QString &path, const QString &value, const QStringList &details)
{
    // field.Invalid(path, value, detail).Error(), one per detail, aggregated as "[a, b]".
    QStringList out;
    for (const QString &d : details)
        out << path + QStringLiteral(": Invalid value: \"") + value + QStringLiteral("\": ") + d;
    if (out.size() == 1)
        return out.first();
    return QLatin1Char('[') + out.join(QStringLiteral(", ")) + QLatin1Char(']');
}

// ---- lexer (labels.Lexer) -------------------------------------------------------------------

enum class Tok {
    Error,
    EndOfString,
    ClosedPar,
    Comma,
    DoesNotExist,
    DoubleEquals,
    Equals,
    GreaterThan,
    Identifier,
    In,
    LessThan,
    NotEquals,
    NotIn,
    OpenPar,
};

struct Item {
    Tok tok;
    QString lit;
};

bool isWhitespace(QChar c)
{
    return c == QLatin1Char(' ') || c == QLatin1Char('\t') || c == QLatin1Char('\r') ||
           c == QLatin1Char('\n');
}

bool isSpecialSymbol(QChar c)
{
    return c == QLatin1Char('=') || c == QLatin1Char('!') || c == QLatin1Char('(') ||
           c == QLatin1Char(')') || c == QLatin1Char(',') || c == QLatin1Char('>') ||
           c == QLatin1Char('<');
}

QList<Item> lex(const QString &s)
{
    QList<Item> out;
    qsizetype i = 0;
    while (true) {
        while (i < s.size() && isWhitespace(s.at(i)))
            ++i;
        if (i >= s.size()) {
            out << Item{Tok::EndOfString, QString()};
            return out;
        }
        const QChar c = s.at(i);
        if (isSpecialSymbol(c)) {
            // Longest special symbol: "!=" and "==" before their one-character prefixes.
            const QString two = s.mid(i, 2);
            if (two == QLatin1String("!=")) {
                out << Item{Tok::NotEquals, two};
                i += 2;
            } else if (two == QLatin1String("==")) {
                out << Item{Tok::DoubleEquals, two};
                i += 2;
            } else {
                Tok t = Tok::Error;
                switch (c.unicode()) {
                case '=':
                    t = Tok::Equals;
                    break;
                case '!':
                    t = Tok::DoesNotExist;
                    break;
                case '(':
                    t = Tok::OpenPar;
                    break;
                case ')':
                    t = Tok::ClosedPar;
                    break;
                case ',':
                    t = Tok::Comma;
                    break;
                case '>':
                    t = Tok::GreaterThan;
                    break;
                case '<':
                    t = Tok::LessThan;
                    break;
                }
                out << Item{t, QString(c)};
                ++i;
            }
            continue;
        }
        const qsizetype start = i;
        while (i < s.size() && !isWhitespace(s.at(i)) && !isSpecialSymbol(s.at(i)))
            ++i;
        const QString word = s.mid(start, i - start);
        if (word == QLatin1String("in"))
            out << Item{Tok::In, word};
        else if (word == QLatin1String("notin"))
            out << Item{Tok::NotIn, word};
        else
            out << Item{Tok::Identifier, word};
    }
}

// ---- parser (labels.Parser) -----------------------------------------------------------------

enum class Ctx { KeyAndOperator, Values };

class Parser {
public:
    explicit Parser(const QString &s) : m_items(lex(s)) {}

    std::optional<QList<LabelSelector::Requirement>> parse(QString *error)
    {
        QList<LabelSelector::Requirement> reqs;
        while (true) {
            const Item la = lookahead(Ctx::Values);
            switch (la.tok) {
            case Tok::Identifier:
            case Tok::DoesNotExist: {
                QString err;
                auto r = parseRequirement(&err);
                if (!r) {
                    *error = QStringLiteral("unable to parse requirement: ") + err;
                    return std::nullopt;
                }
                reqs << *r;
                const Item t = consume(Ctx::Values);
                if (t.tok == Tok::EndOfString)
                    return reqs;
                if (t.tok == Tok::Comma) {
                    const Item t2 = lookahead(Ctx::Values);
                    if (t2.tok != Tok::Identifier && t2.tok != Tok::DoesNotExist) {
                        *error = QStringLiteral("found '%1', expected: identifier after ','")
                                     .arg(t2.lit);
                        return std::nullopt;
                    }
                    continue;
                }
                *error = QStringLiteral("found '%1', expected: ',' or 'end of string'").arg(t.lit);
                return std::nullopt;
            }
            case Tok::EndOfString:
                return reqs;
            default:
                *error = QStringLiteral("found '%1', expected: !, identifier, or 'end of string'")
                             .arg(la.lit);
                return std::nullopt;
            }
        }
    }

private:
    Item lookahead(Ctx ctx) const
    {
        Item it = m_items.at(qMin(m_pos, m_items.size() - 1));
        if (ctx == Ctx::Values && (it.tok == Tok::In || it.tok == Tok::NotIn))
            it.tok = Tok::Identifier;
        return it;
    }
    Item consume(Ctx ctx)
    {
        const Item it = lookahead(ctx);
        if (m_pos < m_items.size())
            ++m_pos;
        return it;
    }

    std::optional<LabelSelector::Requirement> parseRequirement(QString *error)
    {
        using Op = LabelSelector::Operator;
        // parseKeyAndInferOperator
        bool doesNotExist = false;
        Item t = consume(Ctx::Values);
        if (t.tok == Tok::DoesNotExist) {
            doesNotExist = true;
            t = consume(Ctx::Values);
        }
        if (t.tok != Tok::Identifier) {
            *error = QStringLiteral("found '%1', expected: identifier").arg(t.lit);
            return std::nullopt;
        }
        const QString key = t.lit;
        if (const QStringList e = qualifiedNameErrors(key); !e.isEmpty()) {
            *error = invalidValue(QStringLiteral("key"), key, e);
            return std::nullopt;
        }
        const Tok next = lookahead(Ctx::Values).tok;
        // "!key" is complete whatever follows (the caller then complains about an operator
        // after it: "found '=', expected: ',' or 'end of string'").
        if (doesNotExist)
            return LabelSelector::makeRequirement(key, Op::DoesNotExist, {}, error);
        if (next == Tok::EndOfString || next == Tok::Comma)
            return LabelSelector::makeRequirement(key, Op::Exists, {}, error);
        // parseOperator
        const Item opTok = consume(Ctx::KeyAndOperator);
        Op op;
        switch (opTok.tok) {
        case Tok::In:
            op = Op::In;
            break;
        case Tok::NotIn:
            op = Op::NotIn;
            break;
        case Tok::Equals:
            op = Op::Equals;
            break;
        case Tok::DoubleEquals:
            op = Op::DoubleEquals;
            break;
        case Tok::GreaterThan:
            op = Op::GreaterThan;
            break;
        case Tok::LessThan:
            op = Op::LessThan;
            break;
        case Tok::NotEquals:
            op = Op::NotEquals;
            break;
        default:
            *error =
                QStringLiteral("found '%1', expected: in, notin, =, ==, !=, gt, lt").arg(opTok.lit);
            return std::nullopt;
        }
        QStringList values;
        if (op == Op::In || op == Op::NotIn) {
            if (!parseValues(&values, error))
                return std::nullopt;
        } else if (!parseExactValue(&values, error)) {
            return std::nullopt;
        }
        return LabelSelector::makeRequirement(key, op, values, error);
    }

    bool parseValues(QStringList *values, QString *error)
    {
        const Item open = consume(Ctx::Values);
        if (open.tok != Tok::OpenPar) {
            *error = QStringLiteral("found '%1' expected: '('").arg(open.lit);
            return false;
        }
        const Item la = lookahead(Ctx::Values);
        switch (la.tok) {
        case Tok::Identifier:
        case Tok::Comma: {
            if (!parseIdentifiersList(values, error))
                return false;
            const Item close = consume(Ctx::Values);
            if (close.tok != Tok::ClosedPar) {
                *error = QStringLiteral("found '%1', expected: ')'").arg(close.lit);
                return false;
            }
            return true;
        }
        case Tok::ClosedPar:
            consume(Ctx::Values);
            *values = QStringList{QString()};
            return true;
        default:
            *error = QStringLiteral("found '%1', expected: ',', ')' or identifier").arg(la.lit);
            return false;
        }
    }

    bool parseIdentifiersList(QStringList *values, QString *error)
    {
        while (true) {
            const Item t = consume(Ctx::Values);
            switch (t.tok) {
            case Tok::Identifier: {
                *values << t.lit;
                const Item t2 = lookahead(Ctx::Values);
                if (t2.tok == Tok::Comma)
                    continue;
                if (t2.tok == Tok::ClosedPar)
                    return true;
                *error = QStringLiteral("found '%1', expected: ',' or ')'").arg(t2.lit);
                return false;
            }
            case Tok::Comma: {
                if (values->isEmpty())
                    *values << QString(); // "(,"
                const Item t2 = lookahead(Ctx::Values);
                if (t2.tok == Tok::ClosedPar) {
                    *values << QString(); // ",)"
                    return true;
                }
                if (t2.tok == Tok::Comma) {
                    consume(Ctx::Values);
                    *values << QString(); // ",,"
                }
                continue;
            }
            default:
                *error = QStringLiteral("found '%1', expected: ',', or identifier").arg(t.lit);
                return false;
            }
        }
    }

    bool parseExactValue(QStringList *values, QString *error)
    {
        const Tok la = lookahead(Ctx::Values).tok;
        if (la == Tok::EndOfString || la == Tok::Comma) {
            *values = QStringList{QString()};
            return true;
        }
        const Item t = consume(Ctx::Values);
        if (t.tok == Tok::Identifier) {
            *values = QStringList{t.lit};
            return true;
        }
        *error = QStringLiteral("found '%1', expected: identifier").arg(t.lit);
        return false;
    }

    QList<Item> m_items;
    qsizetype m_pos = 0;
};

void sortByKey(QList<LabelSelector::Requirement> &reqs)
{
    std::stable_sort(reqs.begin(), reqs.end(),
                     [](const LabelSelector::Requirement &a, const LabelSelector::Requirement &b) {
                         return a.key < b.key;
                     });
}

} // namespace

// ---- LabelSelector ----------------------------------------------------------------------------

std::optional<LabelSelector::Requirement> LabelSelector::makeRequirement(const QString &key,
                                                                         Operator op,
                                                                         const QStringList &values,
                                                                         QString *error)
{
    QString dummy;
    QString &err = error ? *error : dummy;
    if (const QStringList e = qualifiedNameErrors(key); !e.isEmpty()) {
        err = invalidValue(QStringLiteral("key"), key, e);
        return std::nullopt;
    }
    QStringList errs;
    switch (op) {
    case Operator::In:
    case Operator::NotIn:
        if (values.isEmpty())
            errs << QStringLiteral(
                "values: Invalid value: []: for 'in', 'notin' operators, values set can't be "
                "empty");
        break;
    case Operator::Equals:
    case Operator::DoubleEquals:
    case Operator::NotEquals:
        if (values.size() != 1)
            errs << QStringLiteral("values: Invalid value: [%1]: exact-match compatibility "
                                   "requires one single value")
                        .arg(values.join(QStringLiteral(" ")));
        break;
    case Operator::Exists:
    case Operator::DoesNotExist:
        if (!values.isEmpty())
            errs << QStringLiteral("values: Invalid value: [%1]: values set must be empty for "
                                   "exists and does not exist")
                        .arg(values.join(QStringLiteral(" ")));
        break;
    case Operator::GreaterThan:
    case Operator::LessThan:
        if (values.size() != 1) {
            errs << QStringLiteral("values: Invalid value: [%1]: for 'Gt', 'Lt' operators, "
                                   "exactly one value is required")
                        .arg(values.join(QStringLiteral(" ")));
        } else {
            bool ok = false;
            values.first().toLongLong(&ok);
            if (!ok)
                errs << QStringLiteral("values[0]: Invalid value: \"%1\": for 'Gt', 'Lt' "
                                       "operators, the value must be an integer")
                            .arg(values.first());
        }
        break;
    }
    for (qsizetype i = 0; i < values.size(); ++i) {
        if (const QStringList e = labelValueErrors(values.at(i)); !e.isEmpty())
            errs << invalidValue(QStringLiteral("values[%1][%2]").arg(i).arg(key), values.at(i), e);
    }
    if (!errs.isEmpty()) {
        err = errs.size() == 1
                  ? errs.first()
                  : QLatin1Char('[') + errs.join(QStringLiteral(", ")) + QLatin1Char(']');
        return std::nullopt;
    }
    Requirement r;
    r.key = key;
    r.op = op;
    QStringList v = values;
    v.sort();
    v.removeDuplicates();
    r.values = v;
    return r;
}

std::optional<LabelSelector> LabelSelector::parse(const QString &selector, QString *error)
{
    QString err;
    Parser p(selector);
    auto reqs = p.parse(&err);
    if (!reqs) {
        if (error)
            *error = err;
        return std::nullopt;
    }
    sortByKey(*reqs);
    LabelSelector s;
    s.m_requirements = *reqs;
    return s;
}

LabelSelector LabelSelector::fromSet(const QMap<QString, QString> &set)
{
    LabelSelector s;
    for (auto it = set.cbegin(); it != set.cend(); ++it) {
        Requirement r;
        r.key = it.key();
        r.op = Operator::Equals;
        r.values = QStringList{it.value()};
        s.m_requirements << r;
    }
    return s; // QMap iterates in key order: already sorted
}

LabelSelector LabelSelector::add(const Requirement &r) const
{
    LabelSelector s = *this;
    s.m_requirements << r;
    sortByKey(s.m_requirements);
    return s;
}

bool LabelSelector::Requirement::matches(const QMap<QString, QString> &labels) const
{
    const auto it = labels.constFind(key);
    const bool has = it != labels.cend();
    switch (op) {
    case Operator::In:
    case Operator::Equals:
    case Operator::DoubleEquals:
        return has && values.contains(it.value());
    case Operator::NotIn:
    case Operator::NotEquals:
        return !has || !values.contains(it.value());
    case Operator::Exists:
        return has;
    case Operator::DoesNotExist:
        return !has;
    case Operator::GreaterThan:
    case Operator::LessThan: {
        if (!has || values.size() != 1)
            return false;
        bool ok1 = false, ok2 = false;
        const qint64 lv = it.value().toLongLong(&ok1);
        const qint64 rv = values.first().toLongLong(&ok2);
        if (!ok1 || !ok2)
            return false;
        return op == Operator::GreaterThan ? lv > rv : lv < rv;
    }
    }
    return false;
}

QString LabelSelector::Requirement::toString() const
{
    switch (op) {
    case Operator::DoesNotExist:
        return QLatin1Char('!') + key;
    case Operator::Exists:
        return key;
    case Operator::Equals:
        return key + QLatin1Char('=') + values.value(0);
    case Operator::DoubleEquals:
        return key + QStringLiteral("==") + values.value(0);
    case Operator::NotEquals:
        return key + QStringLiteral("!=") + values.value(0);
    case Operator::GreaterThan:
        return key + QLatin1Char('>') + values.value(0);
    case Operator::LessThan:
        return key + QLatin1Char('<') + values.value(0);
    case Operator::In:
        return key + QStringLiteral(" in (") + values.join(QLatin1Char(',')) + QLatin1Char(')');
    case Operator::NotIn:
        return key + QStringLiteral(" notin (") + values.join(QLatin1Char(',')) + QLatin1Char(')');
    }
    return {};
}

bool LabelSelector::matches(const QMap<QString, QString> &labels) const
{
    for (const Requirement &r : m_requirements) {
        if (!r.matches(labels))
            return false;
    }
    return true;
}

QString LabelSelector::toString() const
{
    QStringList parts;
    for (const Requirement &r : m_requirements)
        parts << r.toString();
    return parts.join(QLatin1Char(','));
}

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
    QJsonValue v = QJsonValue(obj.json());
    for (const QString &part : path.split(QLatin1Char('.'))) {
        if (!v.isObject())
            return {};
        v = v.toObject().value(part);
    }
    switch (v.type()) {
    case QJsonValue::String:
        return v.toString();
    case QJsonValue::Bool:
        return v.toBool() ? QStringLiteral("true") : QStringLiteral("false");
    case QJsonValue::Double: {
        const double d = v.toDouble();
        if (d == double(qint64(d)))
            return QString::number(qint64(d));
        return QString::number(d, 'g', 17);
    }
    default:
        return {};
    }
}

} // namespace lens
