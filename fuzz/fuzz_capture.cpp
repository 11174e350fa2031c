// SPDX-License-Identifier: Apache-2.0
// A kubectl watch capture as `--watch-capture FILE` reads it (WatchCapture::parse: concatenated
// JSON values split with nlohmann::json's stream parser, each decoded as a watch line), with
// the replaying ListerWatcher built on it and every event's object read back.

#include "fuzzcommon.h"

#include "client/capturelisterwatcher.h"

LENS_FUZZ_INITIALIZE

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QByteArray bytes(reinterpret_cast<const char *>(data), qsizetype(size));
    lens::WatchCapture capture = lens::WatchCapture::parse(bytes, QStringLiteral("capture.json"));
    for (const lens::WatchEvent &ev : capture.events)
        lens::fuzz::touch(ev.object);
    if (!capture.events.isEmpty()) {
        lens::CaptureListerWatcher lw(std::move(capture), QStringLiteral("capture.json"));
        (void)lw.description();
    }
    return 0;
}
