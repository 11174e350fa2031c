// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QString>

namespace lens {

/// Informer Lens's version ("0.1.0"), set in one place: `project(... VERSION ...)` in the top
/// CMakeLists.txt. Every program's --version, the User-Agent the client sends and a recording's
/// header read it from here.
QString projectVersion();

} // namespace lens
