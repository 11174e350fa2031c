// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QString>

namespace lens {

/// What `--version` prints after a program's name, for every program of the project:
/// "0.1.0 (Qt 6.4.2, jemalloc 5.3.0-0-g54eaed1d8b56)": the project's version (projectVersion()),
/// the Qt the program runs on (qVersion(), which may be newer than the one it was built with)
/// and the heap allocator (heap::allocatorName(): memory figures differ between them).
QString versionText();

} // namespace lens
