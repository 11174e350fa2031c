// SPDX-License-Identifier: Apache-2.0
#pragma once

// What every libFuzzer target in fuzz/ shares (docs/fuzzing.md): a QCoreApplication (the
// parsers use Qt's statics, the watch target its event loop and decoder thread), Qt's
// warnings kept off stderr (the parsers report bad input through their return values; a
// warning per run would slow libFuzzer down to the speed of the terminal), and a file to
// hand bytes to the readers that take a path (--open, --kubeconfig), as a user does.

#include "api/object.h"

#include <QByteArray>
#include <QCoreApplication>
#include <QFile>
#include <QString>
#include <QTemporaryDir>

#include <cstddef>
#include <cstdint>
#include <cstdlib>

namespace lens::fuzz {

/// Called from LLVMFuzzerInitialize: the application object for the whole run.
inline void initialize(int *argc, char ***argv)
{
    static QCoreApplication *app = [&] {
        qInstallMessageHandler([](QtMsgType type, const QMessageLogContext &, const QString &) {
            if (type == QtFatalMsg)
                std::abort();
        });
        return new QCoreApplication(*argc, *argv);
    }();
    (void)app;
}

/// Writes `bytes` to one file in a private temporary directory (the same file every run) and
/// returns its path.
inline QString writeInput(const uint8_t *data, size_t size, const char *fileName)
{
    static QTemporaryDir dir;
    const QString path = dir.filePath(QLatin1String(fileName));
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate) ||
        f.write(reinterpret_cast<const char *>(data), qint64(size)) != qint64(size))
        std::abort(); // the harness's own failure, not a finding
    return path;
}

/// Reads what the rest of the program reads of a decoded object, so that the lazily parsed
/// parts (Object::json() parses its bytes on demand) are fuzzed too.
inline void touch(const Object &o)
{
    if (o.isNull())
        return;
    (void)o.kind();
    (void)o.name();
    (void)o.namespace_();
    (void)o.resourceVersion();
    (void)o.labels();
    (void)o.annotations();
    (void)o.phase();
    (void)o.deletionTimestamp();
    (void)o.json();
    (void)o.byteSize();
}

} // namespace lens::fuzz

/// Each target defines LLVMFuzzerTestOneInput; the initializer is the same for all.
#define LENS_FUZZ_INITIALIZE                                                                       \
    extern "C" int LLVMFuzzerInitialize(int *argc, char ***argv)                                   \
    {                                                                                              \
        lens::fuzz::initialize(argc, argv);                                                        \
        return 0;                                                                                  \
    }
