// SPDX-License-Identifier: Apache-2.0
// The playground language (Playground::run, what informer-lens-play and the Playground panel
// run): DeltaFIFO and RealFIFO driven line by line, with the panel's view of the queue after
// the script.

#include "fuzzcommon.h"

#include "informer/playground.h"

LENS_FUZZ_INITIALIZE

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > 16384)
        return 0; // scripts are typed by hand; longer ones only slow the search down
    lens::Playground p;
    (void)p.run(QString::fromUtf8(reinterpret_cast<const char *>(data), qsizetype(size)));
    for (const lens::QueueEntry &e : p.entries())
        (void)e;
    (void)p.knownObjects().listKeys();
    return 0;
}
