// SPDX-License-Identifier: Apache-2.0
// A scenario file as `--scenario FILE` loads it (Scenario::parse: yaml-cpp, the steps, their
// actions and options, the size limits), and what the session asks of a parsed scenario.

#include "fuzzcommon.h"

#include "sim/scenario.h"

LENS_FUZZ_INITIALIZE

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QByteArray yaml(reinterpret_cast<const char *>(data), qsizetype(size));
    lens::sim::Scenario s;
    QString error;
    if (lens::sim::Scenario::parse(yaml, QStringLiteral("fuzz.yaml"), &s, &error)) {
        (void)s.durationMs();
        (void)s.startsInformer();
        (void)s.informersStartedBySteps();
    } else if (error.isEmpty()) {
        std::abort(); // a refused scenario always says why
    }
    return 0;
}
