// SPDX-License-Identifier: Apache-2.0
#include "jsonbytes.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace lens::sim {

QByteArray JsonBuilder::encode(const QJsonValue &value)
{
    if (value.isObject())
        return QJsonDocument(value.toObject()).toJson(QJsonDocument::Compact);
    if (value.isArray())
        return QJsonDocument(value.toArray()).toJson(QJsonDocument::Compact);
    // Scalars: wrap in an array and strip the brackets.
    const QByteArray wrapped = QJsonDocument(QJsonArray{value}).toJson(QJsonDocument::Compact);
    return wrapped.mid(1, wrapped.size() - 2);
}

JsonBuilder &JsonBuilder::raw(const char *key, const QByteArray &json)
{
    m_buf.append(m_buf.isEmpty() ? "{" : ",");
    m_buf.append('"').append(key).append("\":").append(json);
    return *this;
}

JsonBuilder &JsonBuilder::str(const char *key, const QString &value)
{
    return raw(key, encode(QJsonValue(value)));
}

JsonBuilder &JsonBuilder::num(const char *key, qint64 value)
{
    return raw(key, QByteArray::number(value));
}

JsonBuilder &JsonBuilder::val(const char *key, const QJsonValue &value)
{
    return raw(key, encode(value));
}

QByteArray JsonBuilder::bytes() const
{
    if (m_buf.isEmpty())
        return QByteArrayLiteral("{}");
    return m_buf + '}';
}

} // namespace lens::sim
