// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QByteArray>
#include <QJsonObject>
#include <QJsonValue>
#include <QString>

namespace lens::sim {

/// Writes one JSON object with its keys in the order given (QJsonDocument sorts keys; the
/// kube-apiserver writes Go struct order: kind, apiVersion, metadata, ...). Values are encoded
/// as QJsonDocument encodes them (encode(), compared with it in tst_simstore); `raw()` splices
/// already-encoded JSON (cached object bytes). Output only — nothing here parses.
class JsonBuilder {
public:
    JsonBuilder &raw(const char *key, const QByteArray &json);
    JsonBuilder &str(const char *key, const QString &value);
    JsonBuilder &num(const char *key, qint64 value);
    JsonBuilder &val(const char *key, const QJsonValue &value);
    /// The finished object, e.g. {"a":1,"b":"x"}.
    QByteArray bytes() const;

    /// `value` encoded as compact JSON (a string gets quotes and escapes), byte for byte what
    /// QJsonDocument writes (see appendCompact()).
    static QByteArray encode(const QJsonValue &value);

private:
    QByteArray m_buf;
};

/// Compact JSON of `object`: byte for byte what QJsonDocument(object).toJson(Compact) writes
/// (keys in QJsonObject's sorted order; quotes, backslashes and control characters escaped as Qt
/// escapes them; integers as integers, other numbers in the shortest form that reads back the same,
/// infinities and NaN as null), but written into one buffer that grows geometrically. Qt 6.4's
/// writer reserves only a few bytes per nested object, so a 3 KB pod costs it a copy of the
/// buffer at every level; this writer is several times faster, which is what the store's
/// writes and the seed of a 150 000-pod cluster spend their time on. Strings with characters
/// beyond ASCII are handed to QJsonDocument (so UTF-8 and lone surrogates come out as Qt writes
/// them). Output only — nothing here parses.
QByteArray compactJson(const QJsonObject &object);
/// Appends the compact JSON of `value` to `out` (see compactJson()).
void appendCompact(QByteArray &out, const QJsonValue &value);

} // namespace lens::sim
