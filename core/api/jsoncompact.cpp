// SPDX-License-Identifier: Apache-2.0
#include "jsoncompact.h"

#include <cstddef>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace lens {

bool jsonHasNoWhitespace(std::string_view bytes)
{
    const char *p = bytes.data();
    const size_t n = bytes.size();
    size_t i = 0;
#if defined(__SSE2__)
    const __m128i space = _mm_set1_epi8(' '), tab = _mm_set1_epi8('\t');
    const __m128i lf = _mm_set1_epi8('\n'), cr = _mm_set1_epi8('\r');
    for (; i + 16 <= n; i += 16) {
        const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i *>(p + i));
        const __m128i hit =
            _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(v, space), _mm_cmpeq_epi8(v, tab)),
                         _mm_or_si128(_mm_cmpeq_epi8(v, lf), _mm_cmpeq_epi8(v, cr)));
        if (_mm_movemask_epi8(hit) != 0)
            return false;
    }
#endif
    for (; i < n; ++i)
        if (p[i] == ' ' || p[i] == '\t' || p[i] == '\n' || p[i] == '\r')
            return false;
    return true;
}

} // namespace lens
