// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QByteArray>
#include <QString>

class QIODevice;

namespace lens {

/// Reading what a user names (a kubeconfig, a certificate, a token file, a scenario, a watch
/// capture, a recording, a playground script) without trusting it to end: /dev/zero, a FIFO
/// nobody writes to, or a 50 GB file must give a clear error, not a process that blocks or
/// grows until it is killed.

/// The most bytes read whole of one kind of file.
namespace fileLimits {
constexpr qint64 kKubeconfig = qint64(16) << 20;    ///< a kubeconfig and the files it names
constexpr qint64 kTokenFile = qint64(1) << 20;      ///< a bearer token file
constexpr qint64 kScenario = qint64(16) << 20;      ///< a scenario YAML file
constexpr qint64 kWatchCapture = qint64(1) << 30;   ///< a captured watch stream (1 GiB)
constexpr qint64 kLine = qint64(64) << 20;          ///< one line of a recording (--open)
constexpr qint64 kPlaygroundLine = qint64(1) << 20; ///< one playground command
} // namespace fileLimits

/// Reads `path` whole into `*out`: a regular file (or a Qt resource, ":/..."), at most
/// `maxBytes`. False, with `*error` saying why in words, e.g.
/// "/dev/zero: not a regular file (a device, a FIFO or a socket), so it is not read: it may
/// never end", "big.yaml: larger than 16 MiB, the most that is read of it", "x: cannot open: No
/// such file or directory". The type is checked before the file is opened (opening a FIFO blocks
/// until someone writes to it); the size while it is read, so a file that grows or reports no
/// size (/proc) stops at the limit too.
[[nodiscard]] bool readBoundedFile(const QString &path, qint64 maxBytes, QByteArray *out,
                                   QString *error);

/// False, with `*error` as readBoundedFile() words it, when `path` exists and is not a regular
/// file (a directory, a device, a FIFO, a socket): for the readers that read a file line by
/// line (a recording, a playground script), checked before they open it, as opening a FIFO
/// blocks until someone writes to it. True for a regular file or one that does not exist (the
/// open then says why).
[[nodiscard]] bool checkRegularFile(const QString &path, QString *error);

/// The next line of `device` (with its newline, if any) into `*line`, at most `maxBytes`.
/// False when the line is longer (`*line` then holds its first `maxBytes` bytes): a caller says
/// so instead of reading on for ever (a file of zeros has no newline).
[[nodiscard]] bool readBoundedLine(QIODevice &device, qint64 maxBytes, QByteArray *line);

/// "16 MiB", "1 GiB", "512 KiB", "300 bytes": a limit as the errors above name it.
QString byteLimitText(qint64 bytes);

} // namespace lens
