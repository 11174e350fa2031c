// SPDX-License-Identifier: Apache-2.0
#include "secretcompare.h"

#include <QCryptographicHash>

namespace lens::sim {

bool constantTimeEquals(QByteArrayView given, QByteArrayView expected)
{
    const QByteArray a = QCryptographicHash::hash(given, QCryptographicHash::Sha256);
    const QByteArray b = QCryptographicHash::hash(expected, QCryptographicHash::Sha256);
    // Equal lengths (32) by construction; every byte is looked at, whatever differs first.
    unsigned char diff = 0;
    for (qsizetype i = 0; i < a.size(); ++i)
        diff |= static_cast<unsigned char>(a[i] ^ b[i]);
    return diff == 0;
}

} // namespace lens::sim
