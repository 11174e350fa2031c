// SPDX-License-Identifier: Apache-2.0
#include "objectdiff.h"

#include "masking.h"

#include "api/jsonscalar.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QSet>

namespace lens {

namespace {

QString elide(const QString &s)
{
    return s.size() > 40 ? s.left(39) + QChar(0x2026) : s;
}

// Compares the originals (a, b) and writes the masked copies' text (ma, mb: same shape, with
// Secret data and the last-applied annotation replaced by "••••• (N bytes)"), so a changed
// secret shows as changed without its value.
void walk(const QString &prefix, const QJsonObject &a, const QJsonObject &b, const QJsonObject &ma,
          const QJsonObject &mb, QStringList *out)
{
    QStringList keys = a.keys();
    for (const QString &k : b.keys())
        if (!a.contains(k))
            keys << k;
    keys.sort();
    for (const QString &k : std::as_const(keys)) {
        const QString path = prefix.isEmpty() ? k : prefix + QLatin1Char('.') + k;
        if (path == QLatin1String("metadata.resourceVersion") ||
            path == QLatin1String("metadata.managedFields"))
            continue;
        const bool inA = a.contains(k), inB = b.contains(k);
        const QJsonValue va = a.value(k), vb = b.value(k);
        const QJsonValue mva = ma.value(k), mvb = mb.value(k);
        if (inA && !inB) {
            out->append(QLatin1Char('-') + path);
        } else if (!inA && inB) {
            out->append(QLatin1Char('+') + path + QStringLiteral(" = ") +
                        elide(jsonScalarText(mvb)));
        } else if (va.isObject() && vb.isObject()) {
            walk(path, va.toObject(), vb.toObject(), mva.toObject(), mvb.toObject(), out);
        } else if (va != vb) {
            out->append(path + QStringLiteral(": ") + elide(jsonScalarText(mva)) +
                        QStringLiteral(" \u2192 ") + elide(jsonScalarText(mvb)));
        }
    }
}

} // namespace

QStringList objectDiff(const QJsonObject &before, const QJsonObject &after, int maxLines)
{
    QStringList all;
    walk(QString(), before, after, maskSensitive(before), maskSensitive(after), &all);
    if (maxLines > 0 && all.size() > maxLines) {
        const qsizetype more = all.size() - (maxLines - 1);
        all = all.mid(0, maxLines - 1);
        all << QStringLiteral("\u2026 %1 more").arg(more);
    }
    return all;
}

} // namespace lens
