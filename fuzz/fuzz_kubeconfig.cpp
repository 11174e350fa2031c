// SPDX-License-Identifier: Apache-2.0
// A kubeconfig file as `--kubeconfig FILE` reads it (KubeconfigLoader::load: yaml-cpp, the
// clusters/users/contexts merge, base64 certificate data), resolving its current context.
// The file lies alone in a private temporary directory, so relative certificate paths in the
// input find nothing.

#include "fuzzcommon.h"

#include "client/kubeconfig.h"

LENS_FUZZ_INITIALIZE

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QString path = lens::fuzz::writeInput(data, size, "kubeconfig");
    lens::RestConfig config;
    QString error;
    if (!lens::KubeconfigLoader::load(path, QString(), &config, &error) && error.isEmpty())
        std::abort(); // a refused kubeconfig always says why
    return 0;
}
