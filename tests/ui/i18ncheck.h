// SPDX-License-Identifier: Apache-2.0
// Shared by the zh_CN tests (tst_i18n, tst_accessibility): does a string read as English prose
// left untranslated?
#pragma once

#include <QRegularExpression>
#include <QString>
#include <QStringList>

namespace lens::test {

/// Words that are names, not prose: client-go's concepts, Kubernetes terms, the program's name.
inline const QStringList &untranslatableNames()
{
    static const QStringList names{
        QStringLiteral("Informer Lens"),
        QStringLiteral("DeltaFIFO"),
        QStringLiteral("RealFIFO"),
        QStringLiteral("HasSynced"),
        QStringLiteral("HandleDeltas"),
        QStringLiteral("Reflector"),
        QStringLiteral("Indexer"),
        QStringLiteral("indexer"),
        QStringLiteral("ByIndex"),
        QStringLiteral("Deltas"),
        QStringLiteral("Delta"),
        QStringLiteral("Pop"),
        QStringLiteral("API"),
        QStringLiteral("RV"),
        QStringLiteral("LIST"),
        QStringLiteral("WATCH"),
        QStringLiteral("p50"),
        QStringLiteral("Added"),
        QStringLiteral("Updated"),
        QStringLiteral("Deleted"),
        QStringLiteral("Replaced"),
        QStringLiteral("Sync"),
        QStringLiteral("DeletedFinalStateUnknown"),
    };
    return names;
}

inline bool hasCjk(const QString &s)
{
    for (QChar c : s)
        if (c.unicode() >= 0x4E00 && c.unicode() <= 0x9FFF)
            return true;
    return false;
}

/// True when `text` is prose left in English: no Chinese and, once names and the data shown
/// (keys, namespaces, numbers) are taken out, still some English word.
inline bool untranslated(QString text, const QStringList &data)
{
    if (text.trimmed().isEmpty() || hasCjk(text))
        return false;
    for (const QString &d : data)
        text.remove(d);
    for (const QString &n : untranslatableNames())
        text.remove(n);
    static const QRegularExpression word(QStringLiteral("[A-Za-z]{2,}"));
    return word.match(text).hasMatch();
}

} // namespace lens::test
