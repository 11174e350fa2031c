// SPDX-License-Identifier: Apache-2.0
// A LIST body as the decoder thread decodes it (HttpListCall::parse: simdjson's On-Demand walk,
// QJsonDocument for what it declines and for the error sentence), and the same bytes as one
// object (Object::parse, a GET's body or a file), with every decoded item read back.

#include "fuzzcommon.h"

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
    QString error;
    lens::fuzz::touch(lens::Object::parse(
        QByteArray(reinterpret_cast<const char *>(data), qsizetype(size)), &error));
    return 0;
}
