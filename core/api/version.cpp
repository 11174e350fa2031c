// SPDX-License-Identifier: Apache-2.0
#include "version.h"

#ifndef LENS_VERSION
#error "LENS_VERSION is defined by core/CMakeLists.txt from project(VERSION)"
#endif

namespace lens {

QString projectVersion()
{
    return QStringLiteral(LENS_VERSION);
}

} // namespace lens
