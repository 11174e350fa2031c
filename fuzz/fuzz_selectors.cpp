// SPDX-License-Identifier: Apache-2.0
// Label and field selectors (LabelSelector::parse = labels.Parse, FieldSelector::parse =
// fields.ParseSelector), matched against a few label and field sets. What parses must print
// (toString()) as a selector that parses again to the same requirements (terms), as
// apimachinery's String() of a parsed selector does. (Not necessarily to the same text: like
// apimachinery, parsing sorts the terms as written, "a==x" before "a=b", and prints them
// normalised, "a=x,a=b", so the text settles after one round.)

#include "fuzzcommon.h"

#include "api/fields.h"
#include "api/labels.h"

#include <cstdio>

LENS_FUZZ_INITIALIZE

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QString text = QString::fromUtf8(reinterpret_cast<const char *>(data), qsizetype(size));
    static const QList<QMap<QString, QString>> sets{
        {},
        {{QStringLiteral("app"), QStringLiteral("web")},
         {QStringLiteral("tier"), QStringLiteral("3")}},
        {{QStringLiteral("metadata.name"), QStringLiteral("a")},
         {QStringLiteral("status.phase"), QStringLiteral("Running")},
         {QStringLiteral("x"), QStringLiteral("-12")}},
    };
    auto roundTrip = [](const char *what, const QString &text, QStringList once,
                        QStringList twice) {
        once.sort();
        twice.sort();
        if (once != twice) {
            std::fprintf(stderr, "%s selector \"%s\" reads back as other terms: [%s] [%s]\n", what,
                         qPrintable(text), qPrintable(once.join(QLatin1Char('|'))),
                         qPrintable(twice.join(QLatin1Char('|'))));
            std::abort();
        }
    };
    auto labelTerms = [](const lens::LabelSelector &s) {
        QStringList out;
        for (const auto &r : s.requirements())
            out << r.toString();
        return out;
    };
    auto fieldTerms = [](const lens::FieldSelector &s) {
        QStringList out;
        for (const auto &t : s.terms())
            out << t.field + (t.notEquals ? QStringLiteral(" != ") : QStringLiteral(" = ")) +
                       t.value;
        return out;
    };

    QString error;
    if (const auto labels = lens::LabelSelector::parse(text, &error)) {
        for (const auto &s : sets)
            (void)labels->matches(s);
        const QString once = labels->toString();
        QString again;
        const auto reparsed = lens::LabelSelector::parse(once, &again);
        if (!reparsed) {
            std::fprintf(stderr, "label selector printed as \"%s\" does not parse: %s\n",
                         qPrintable(once), qPrintable(again));
            std::abort();
        }
        roundTrip("label", text, labelTerms(*labels), labelTerms(*reparsed));
    } else if (error.isEmpty()) {
        std::abort();
    }

    error.clear();
    if (const auto fields = lens::FieldSelector::parse(text, &error)) {
        for (const auto &s : sets)
            (void)fields->matches(s);
        const QString once = fields->toString();
        QString again;
        const auto reparsed = lens::FieldSelector::parse(once, &again);
        if (!reparsed) {
            std::fprintf(stderr, "field selector printed as \"%s\" does not parse: %s\n",
                         qPrintable(once), qPrintable(again));
            std::abort();
        }
        roundTrip("field", text, fieldTerms(*fields), fieldTerms(*reparsed));
    } else if (error.isEmpty()) {
        std::abort();
    }
    return 0;
}
