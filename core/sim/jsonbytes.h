// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QByteArray>
#include <QJsonValue>
#include <QString>

namespace lens::sim {

/// Writes one JSON object with its keys in the order given (QJsonDocument sorts keys; the
/// kube-apiserver writes Go struct order: kind, apiVersion, metadata, ...). Values are encoded
/// with QJsonDocument, so escaping is always right; `raw()` splices already-encoded JSON (cached
/// object bytes). Output only — nothing here parses.
class JsonBuilder {
public:
    JsonBuilder &raw(const char *key, const QByteArray &json);
    JsonBuilder &str(const char *key, const QString &value);
    JsonBuilder &num(const char *key, qint64 value);
    JsonBuilder &val(const char *key, const QJsonValue &value);
    /// The finished object, e.g. {"a":1,"b":"x"}.
    QByteArray bytes() const;

    /// `value` encoded as compact JSON (a string gets quotes and escapes).
    static QByteArray encode(const QJsonValue &value);

private:
    QByteArray m_buf;
};

} // namespace lens::sim
