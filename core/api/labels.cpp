// SPDX-License-Identifier: Apache-2.0
#include "labels.h"

#include "validation.h"

#include <algorithm>

namespace lens {

namespace {

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
            *error = fieldInvalid(QStringLiteral("key"), key, e);
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
        err = fieldInvalid(QStringLiteral("key"), key, e);
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
            errs << fieldInvalid(QStringLiteral("values[%1][%2]").arg(i).arg(key), values.at(i), e);
    }
    if (!errs.isEmpty()) {
        err = aggregateErrors(errs);
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

} // namespace lens
