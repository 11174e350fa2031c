// SPDX-License-Identifier: Apache-2.0
#include "jsondepth.h"

namespace lens {

qsizetype jsonNestingBeyond(QByteArrayView bytes, qsizetype from, int maxDepth)
{
    int depth = 0;
    bool inString = false;
    bool escaped = false;
    for (qsizetype i = qMax<qsizetype>(0, from); i < bytes.size(); ++i) {
        const char c = bytes[i];
        if (inString) {
            if (escaped)
                escaped = false;
            else if (c == '\\')
                escaped = true;
            else if (c == '"') {
                inString = false;
                if (depth == 0)
                    return -1; // a string at the top: the value ended
            }
            continue;
        }
        switch (c) {
        case '"':
            inString = true;
            break;
        case '{':
        case '[':
            if (++depth > maxDepth)
                return i;
            break;
        case '}':
        case ']':
            if (--depth <= 0)
                return -1; // the value closed (or the brackets do not match: the parser says)
            break;
        default:
            // A scalar at the top ends the value at its first delimiter; nothing nests in it.
            if (depth == 0 && c != ' ' && c != '\t' && c != '\n' && c != '\r')
                return -1;
            break;
        }
    }
    return -1;
}

} // namespace lens
