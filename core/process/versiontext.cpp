// SPDX-License-Identifier: Apache-2.0
#include "versiontext.h"

#include "api/version.h"
#include "heap/heap.h"

namespace lens {

QString versionText()
{
    return QStringLiteral("%1 (Qt %2, %3)")
        .arg(projectVersion(), QString::fromLatin1(qVersion()), heap::allocatorName());
}

} // namespace lens
