// SPDX-License-Identifier: Apache-2.0
#include "validation.h"

#include <QHash>
#include <QRegularExpression>

namespace lens {

namespace {

const QString kNameFmt = QStringLiteral("([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]");
const QString kValueFmt = QStringLiteral("(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?");
const QString kDns1123LabelFmt = QStringLiteral("[a-z0-9]([-a-z0-9]*[a-z0-9])?");
const QString kDns1123SubdomainFmt =
    QStringLiteral("[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*");
const QString kDns1035LabelFmt = QStringLiteral("[a-z]([-a-z0-9]*[a-z0-9])?");

/// Whether all of `s` matches `pattern`. The compiled (and JIT-compiled) expressions are kept
/// per thread: compiling one costs far more than matching a name, and every create validates one.
bool fullMatch(const QString &pattern, const QString &s)
{
    thread_local QHash<QString, QRegularExpression> compiled;
    auto it = compiled.constFind(pattern);
    if (it == compiled.cend())
        it = compiled.insert(pattern,
                             QRegularExpression(QRegularExpression::anchoredPattern(pattern)));
    return it->match(s).hasMatch();
}

/// validation.MaxLenError.
QString maxLenError(int length)
{
    return QStringLiteral("must be no more than %1 characters").arg(length);
}

/// validation.RegexError: the message, then "(e.g. 'a',  or 'b', regex used for validation is
/// 'fmt')" (Go joins the examples with ",  or " — two spaces).
QString regexError(const QString &msg, const QString &fmt, const QStringList &examples)
{
    QString s = msg + QStringLiteral(" (");
    if (!examples.isEmpty()) {
        QStringList quoted;
        for (const QString &e : examples)
            quoted << QLatin1Char('\'') + e + QLatin1Char('\'');
        s += QStringLiteral("e.g. ") + quoted.join(QStringLiteral(",  or ")) + QStringLiteral(", ");
    }
    return s + QStringLiteral("regex used for validation is '") + fmt + QStringLiteral("')");
}

QStringList prefixEach(const QStringList &msgs, const QString &prefix)
{
    QStringList out;
    for (const QString &m : msgs)
        out << prefix + m;
    return out;
}

} // namespace

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
        else
            errs << prefixEach(dns1123SubdomainErrors(prefix), QStringLiteral("prefix part "));
        break;
    }
    default:
        return {regexError(QStringLiteral("a qualified name must consist of alphanumeric "
                                          "characters, '-', '_' or '.', and must start and end "
                                          "with an alphanumeric character"),
                           kNameFmt,
                           {QStringLiteral("MyName"), QStringLiteral("my.name"),
                            QStringLiteral("123-abc")}) +
                QStringLiteral(" with an optional DNS subdomain prefix and '/' (e.g. "
                               "'example.com/MyName')")};
    }
    if (name.isEmpty())
        errs << QStringLiteral("name part must be non-empty");
    else if (name.size() > 63)
        errs << QStringLiteral("name part ") + maxLenError(63);
    if (!fullMatch(kNameFmt, name)) // apimachinery checks the pattern after either
        errs << QStringLiteral("name part ") +
                    regexError(QStringLiteral("must consist of alphanumeric characters, '-', '_' "
                                              "or '.', and must start and end with an "
                                              "alphanumeric character"),
                               kNameFmt,
                               {QStringLiteral("MyName"), QStringLiteral("my.name"),
                                QStringLiteral("123-abc")});
    return errs;
}

QStringList labelValueErrors(const QString &value)
{
    QStringList errs;
    if (value.size() > 63)
        errs << maxLenError(63);
    if (!fullMatch(kValueFmt, value))
        errs << regexError(
            QStringLiteral("a valid label must be an empty string or consist of "
                           "alphanumeric characters, '-', '_' or '.', and must "
                           "start and end with an alphanumeric character"),
            kValueFmt,
            {QStringLiteral("MyValue"), QStringLiteral("my_value"), QStringLiteral("12345")});
    return errs;
}

QStringList dns1123SubdomainErrors(const QString &value)
{
    QStringList errs;
    if (value.size() > 253)
        errs << maxLenError(253);
    if (!fullMatch(kDns1123SubdomainFmt, value))
        errs << regexError(QStringLiteral("a lowercase RFC 1123 subdomain must consist of lower "
                                          "case alphanumeric characters, '-' or '.', and must "
                                          "start and end with an alphanumeric character"),
                           kDns1123SubdomainFmt, {QStringLiteral("example.com")});
    return errs;
}

QStringList pathSegmentNameErrors(const QString &value)
{
    for (const char *illegal : {".", ".."})
        if (value == QLatin1String(illegal))
            return {QStringLiteral("may not be '%1'").arg(QLatin1String(illegal))};
    QStringList errors;
    for (const char *illegal : {"/", "%"})
        if (value.contains(QLatin1String(illegal)))
            errors << QStringLiteral("may not contain '%1'").arg(QLatin1String(illegal));
    return errors;
}

QStringList dns1123LabelErrors(const QString &value)
{
    QStringList errs;
    if (value.size() > 63)
        errs << maxLenError(63);
    if (!fullMatch(kDns1123LabelFmt, value))
        errs << regexError(QStringLiteral("a lowercase RFC 1123 label must consist of lower case "
                                          "alphanumeric characters or '-', and must start and "
                                          "end with an alphanumeric character"),
                           kDns1123LabelFmt,
                           {QStringLiteral("my-name"), QStringLiteral("123-abc")});
    return errs;
}

QStringList dns1035LabelErrors(const QString &value)
{
    QStringList errs;
    if (value.size() > 63)
        errs << maxLenError(63);
    if (!fullMatch(kDns1035LabelFmt, value))
        errs << regexError(QStringLiteral("a DNS-1035 label must consist of lower case "
                                          "alphanumeric characters or '-', start with an "
                                          "alphabetic character, and end with an alphanumeric "
                                          "character"),
                           kDns1035LabelFmt,
                           {QStringLiteral("my-name"), QStringLiteral("abc-123")});
    return errs;
}

QString fieldInvalid(const QString &path, const QString &value, const QStringList &details)
{
    QStringList out;
    for (const QString &d : details)
        out << path + QStringLiteral(": Invalid value: \"") + value + QStringLiteral("\": ") + d;
    return aggregateErrors(out);
}

QString aggregateErrors(const QStringList &messages)
{
    if (messages.isEmpty())
        return {};
    if (messages.size() == 1)
        return messages.first();
    return QLatin1Char('[') + messages.join(QStringLiteral(", ")) + QLatin1Char(']');
}

} // namespace lens
