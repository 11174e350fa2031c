// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <string_view>

namespace lens {

/// True when `bytes` hold no JSON whitespace byte at all (space, tab, line feed, carriage
/// return): a JSON value in them is compact already, so minifying it would copy it unchanged.
/// A space inside a string counts too (the test is conservative: such a value is minified, which
/// keeps the space). Scans 16 bytes a step with SSE2 where the CPU has it, else a byte a time.
/// The fast JSON path (objectdecode.cpp) copies a compact object instead of minifying it:
/// kube-apiserver's encoder writes no whitespace, and minify was a quarter of the decoder
/// thread's time at 30 000 watch events/s (docs/performance.md).
bool jsonHasNoWhitespace(std::string_view bytes);

} // namespace lens
