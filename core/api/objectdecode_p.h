// SPDX-License-Identifier: Apache-2.0
// The simdjson plumbing objectdecode.cpp's decoders share: this thread's parser, padded input,
// keys read in place, one document parsed and read. Internal to core/api.
#pragma once

#include <QByteArrayView>
#include <QString>

#include <simdjson.h>

#include <cstring>
#include <string>
#include <string_view>

namespace lens::fastjson::detail {

namespace od = simdjson::ondemand;

/// A parser grown past this (1 MiB) for one large body gives its memory back afterwards: its
/// structural index takes 4 bytes per byte of input.
inline constexpr size_t kKeepParserCapacity = size_t(1) << 20;

inline od::parser &parser()
{
    thread_local od::parser p;
    return p;
}

inline void shrinkParser()
{
    if (parser().capacity() > kKeepParserCapacity)
        parser() = od::parser{};
}

/// Nothing follows the document's value (simdjson 3.0 has no document::at_end()).
inline bool atEnd(od::document &doc)
{
    const char *at = nullptr;
    return doc.current_location().get(at) == simdjson::OUT_OF_BOUNDS;
}

/// `bytes` copied into this thread's buffer with simdjson's padding after it.
inline simdjson::padded_string_view padded(QByteArrayView bytes)
{
    thread_local std::string buffer;
    const size_t n = size_t(bytes.size());
    if (buffer.size() < n + simdjson::SIMDJSON_PADDING)
        buffer.resize(n + simdjson::SIMDJSON_PADDING);
    if (n > 0)
        std::memcpy(buffer.data(), bytes.data(), n);
    return simdjson::padded_string_view(buffer.data(), n, buffer.size());
}

inline QString qstring(std::string_view s)
{
    return QString::fromUtf8(s.data(), qsizetype(s.size()));
}

/// The field's key, unescaped. Keys without a backslash (all of Kubernetes') are read in place.
inline bool keyOf(od::field &f, std::string_view *out)
{
    const char *raw = f.key().raw();
    const char *end = raw;
    while (*end != '"') // stage 1 found the closing quote
        ++end;
    if (std::memchr(raw, '\\', size_t(end - raw)) == nullptr) {
        *out = std::string_view(raw, size_t(end - raw));
        return true;
    }
    return !f.unescaped_key().get(*out);
}

/// Parses `bytes` (padded) as one document and runs `read` on it; false on any error.
template<typename Read> bool withDocument(simdjson::padded_string_view bytes, Read read)
{
    od::document doc;
    if (parser().iterate(bytes).get(doc))
        return false;
    const bool ok = read(doc);
    shrinkParser();
    return ok;
}

} // namespace lens::fastjson::detail
