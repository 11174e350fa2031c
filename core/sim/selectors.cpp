// SPDX-License-Identifier: Apache-2.0
#include "selectors.h"

#include <QJsonValue>
#include <QRegularExpression>

namespace lens::sim {

namespace {
/// Splits on commas that are not inside parentheses ("a in (x,y),b" -> ["a in (x,y)", "b"]).
QStringList splitTerms(const QString &text)
{
    QStringList out;
    QString cur;
    int depth = 0;
    for (const QChar c : text) {
        if (c == QLatin1Char('('))
            ++depth;
        else if (c == QLatin1Char(')'))
            depth = qMax(0, depth - 1);
        if (c == QLatin1Char(',') && depth == 0) {
            out << cur.trimmed();
            cur.clear();
        } else {
            cur += c;
        }
    }
    out << cur.trimmed();
    return out;
}

bool validKey(const QString &key)
{
    static const QRegularExpression re(
        QStringLiteral("^[A-Za-z0-9]([A-Za-z0-9._/-]*[A-Za-z0-9])?$"));
    return re.match(key).hasMatch();
}
} // namespace

LabelSelector LabelSelector::parse(const QString &text, QString *error)
{
    LabelSelector sel;
    if (text.trimmed().isEmpty())
        return sel;
    static const QRegularExpression setRe(
        QStringLiteral("^(\\S+)\\s+(in|notin)\\s*\\(([^)]*)\\)$"));
    for (const QString &term : splitTerms(text)) {
        Requirement r;
        const auto fail = [&](const QString &why) {
            if (error)
                *error = QStringLiteral("unable to parse requirement: %1").arg(why);
            return LabelSelector();
        };
        if (term.isEmpty())
            return fail(QStringLiteral("found '', expected: identifier"));
        const QRegularExpressionMatch m = setRe.match(term);
        int pos = -1;
        if (m.hasMatch()) {
            r.key = m.captured(1);
            r.op = m.captured(2) == QLatin1String("in") ? Requirement::In : Requirement::NotIn;
            for (const QString &v : m.captured(3).split(QLatin1Char(',')))
                r.values << v.trimmed();
        } else if (term.startsWith(QLatin1Char('!'))) {
            r.key = term.mid(1).trimmed();
            r.op = Requirement::DoesNotExist;
        } else if ((pos = term.indexOf(QLatin1String("!="))) >= 0) {
            r.key = term.left(pos).trimmed();
            r.op = Requirement::NotEquals;
            r.values << term.mid(pos + 2).trimmed();
        } else if ((pos = term.indexOf(QLatin1String("=="))) >= 0) {
            r.key = term.left(pos).trimmed();
            r.values << term.mid(pos + 2).trimmed();
        } else if ((pos = term.indexOf(QLatin1Char('='))) >= 0) {
            r.key = term.left(pos).trimmed();
            r.values << term.mid(pos + 1).trimmed();
        } else {
            r.key = term;
            r.op = Requirement::Exists;
        }
        if (!validKey(r.key))
            return fail(QStringLiteral("invalid label key \"%1\"").arg(r.key));
        sel.m_reqs << r;
    }
    return sel;
}

bool LabelSelector::matches(const QMap<QString, QString> &labels) const
{
    for (const Requirement &r : m_reqs) {
        const bool has = labels.contains(r.key);
        const QString v = labels.value(r.key);
        switch (r.op) {
        case Requirement::Equals:
        case Requirement::In:
            if (!has || !r.values.contains(v))
                return false;
            break;
        case Requirement::NotEquals:
        case Requirement::NotIn:
            if (has && r.values.contains(v))
                return false;
            break;
        case Requirement::Exists:
            if (!has)
                return false;
            break;
        case Requirement::DoesNotExist:
            if (has)
                return false;
            break;
        }
    }
    return true;
}

FieldSelector FieldSelector::parse(const QString &text, QString *error)
{
    FieldSelector sel;
    if (text.trimmed().isEmpty())
        return sel;
    for (const QString &term : splitTerms(text)) {
        Term t;
        int pos = -1;
        int opLen = 1;
        if ((pos = term.indexOf(QLatin1String("!="))) >= 0) {
            t.negate = true;
            opLen = 2;
        } else if ((pos = term.indexOf(QLatin1String("=="))) >= 0) {
            opLen = 2;
        } else {
            pos = term.indexOf(QLatin1Char('='));
        }
        if (pos <= 0) {
            if (error)
                *error =
                    QStringLiteral("invalid selector: '%1'; can't understand '%2'").arg(text, term);
            return FieldSelector();
        }
        t.path = term.left(pos).trimmed();
        t.value = term.mid(pos + opLen).trimmed();
        sel.m_terms << t;
    }
    return sel;
}

QString FieldSelector::fieldValue(const QJsonObject &object, const QString &path)
{
    QJsonValue v(object);
    for (const QString &part : path.split(QLatin1Char('.')))
        v = v.toObject().value(part);
    if (v.isString())
        return v.toString();
    if (v.isBool())
        return v.toBool() ? QStringLiteral("true") : QStringLiteral("false");
    if (v.isDouble())
        return QString::number(v.toDouble());
    return QString();
}

bool FieldSelector::matches(const QJsonObject &object) const
{
    for (const Term &t : m_terms) {
        const bool eq = fieldValue(object, t.path) == t.value;
        if (eq == t.negate)
            return false;
    }
    return true;
}

} // namespace lens::sim
