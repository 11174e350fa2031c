// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QByteArrayView>

namespace lens {

/// The deepest nesting Informer Lens reads anywhere: QJsonDocument's own limit (1 024 levels
/// of arrays and objects). Every reader refuses deeper JSON with a sentence instead of
/// recursing into it (nlohmann::json's dump(), copy and merge_patch recurse once per level and
/// ran out of stack near 70 000 levels).
constexpr int kMaxJsonDepth = 1024;

/// Scans the one JSON value that starts at byte `from` of `bytes` (whitespace before it is
/// skipped) without parsing it: counts '{' and '[' against '}' and ']' outside strings until
/// the value closes or the bytes end. Returns the offset (into `bytes`) of the first bracket
/// that opens level `maxDepth + 1`, or -1 when the value stays within `maxDepth` levels.
/// Iterative, never allocates; malformed JSON is left to the parser that follows (the count
/// only says how deep the brackets go).
qsizetype jsonNestingBeyond(QByteArrayView bytes, qsizetype from = 0, int maxDepth = kMaxJsonDepth);

} // namespace lens
