// SPDX-License-Identifier: Apache-2.0
// A LIST body as the decoder thread decodes it (HttpListCall::parse: simdjson's On-Demand walk,
// QJsonDocument for what it declines and for the error sentence), and the same bytes as one
// object (Object::parse, a GET's body or a file), with every decoded item read back. The same
// body streamed in pieces (fastjson::ListStream, as HttpListCall decodes a successful answer)
// must decode to the same items or fail with the same sentence.

#include "fuzzcommon.h"

#include "api/liststream.h"
#include "client/httpcalls.h"

LENS_FUZZ_INITIALIZE

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    QByteArray body(reinterpret_cast<const char *>(data), qsizetype(size));
    const lens::HttpListCall::Parsed p = lens::HttpListCall::parse(body);
    if (p.ok) {
        for (const lens::Object &o : p.page.items)
            lens::fuzz::touch(o);
        (void)p.page.resourceVersion;
    } else if (p.error.message.isEmpty()) {
        std::abort(); // a refused list always says why
    }
    // Pieces of 1..16 bytes (the first byte says how long), decoded after every piece.
    const qsizetype piece = size > 0 ? 1 + data[0] % 16 : 1;
    lens::fastjson::ListStream stream(1);
    const QByteArray whole(reinterpret_cast<const char *>(data), qsizetype(size));
    for (qsizetype at = 0; at < whole.size(); at += piece)
        stream.append(whole.mid(at, piece));
    const lens::HttpListCall::Parsed s = lens::HttpListCall::parseStream(stream);
    if (s.ok != p.ok || s.error.message != p.error.message)
        std::abort(); // streamed and whole disagree
    if (p.ok) {
        if (s.page.items.size() != p.page.items.size() ||
            s.page.resourceVersion != p.page.resourceVersion ||
            s.page.continueToken != p.page.continueToken)
            std::abort();
        for (qsizetype i = 0; i < p.page.items.size(); ++i)
            if (!(s.page.items.at(i) == p.page.items.at(i))) // deep: the Qt path sorts keys
                std::abort();
    }
    QString error;
    lens::fuzz::touch(lens::Object::parse(
        QByteArray(reinterpret_cast<const char *>(data), qsizetype(size)), &error));
    return 0;
}
