// SPDX-License-Identifier: Apache-2.0
#include "keys.h"

namespace lens {

KeyResult metaNamespaceKeyFunc(const Object &obj)
{
    if (obj.isNull() || !obj.hasMeta())
        return {
            QString(),
            QStringLiteral("object has no meta: %1").arg(QString::fromUtf8(obj.toJson().left(80)))};
    if (obj.namespace_().isEmpty())
        return {obj.name(), QString()};
    return {obj.namespace_() + QLatin1Char('/') + obj.name(), QString()};
}

KeyResult deletionHandlingKey(const Delta &delta, const KeyFunc &keyFunc)
{
    if (delta.tombstone)
        return {delta.tombstoneKey, QString()};
    return keyFunc(delta.object);
}

bool splitMetaNamespaceKey(const QString &key, QString *ns, QString *name, QString *error)
{
    const QStringList parts = key.split(QLatin1Char('/'));
    if (parts.size() == 1) {
        *ns = QString();
        *name = parts.at(0);
        return true;
    }
    if (parts.size() == 2) {
        *ns = parts.at(0);
        *name = parts.at(1);
        return true;
    }
    if (error)
        *error = QStringLiteral("unexpected key format: \"%1\"").arg(key);
    return false;
}

KeyError::KeyError(QString object, QString error)
    : m_object(std::move(object)), m_error(std::move(error))
{
}

KeyError::KeyError(QString object, KeyError inner)
    : m_object(std::move(object)), m_inner(std::make_shared<const KeyError>(std::move(inner)))
{
}

QString KeyError::unwrap() const
{
    return m_inner ? m_inner->message() : m_error;
}

QString KeyError::message() const
{
    return QStringLiteral("couldn't create key for object %1: %2").arg(m_object, unwrap());
}

bool KeyError::is(const QString &error) const
{
    if (error == message())
        return true;
    return m_inner ? m_inner->is(error) : error == m_error;
}

} // namespace lens
