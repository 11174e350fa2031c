// SPDX-License-Identifier: Apache-2.0
#include "boundedfile.h"

#include <QFile>
#include <QFileInfo>

namespace lens {

QString byteLimitText(qint64 bytes)
{
    static const struct {
        qint64 unit;
        const char *name;
    } units[] = {{qint64(1) << 30, "GiB"}, {qint64(1) << 20, "MiB"}, {qint64(1) << 10, "KiB"}};
    for (const auto &u : units)
        if (bytes >= u.unit && bytes % u.unit == 0)
            return QStringLiteral("%1 %2").arg(bytes / u.unit).arg(QLatin1String(u.name));
    return QStringLiteral("%1 bytes").arg(bytes);
}

bool checkRegularFile(const QString &path, QString *error)
{
    const QFileInfo info(path);
    // QFileInfo::isFile() is false for devices, FIFOs and sockets (and for directories).
    if (!info.exists() || info.isFile())
        return true;
    if (error)
        *error = info.isDir() ? QStringLiteral("%1: a directory, not a file").arg(path)
                              : QStringLiteral("%1: not a regular file (a device, a FIFO or a "
                                               "socket), so it is not read: it may never end")
                                    .arg(path);
    return false;
}

bool readBoundedFile(const QString &path, qint64 maxBytes, QByteArray *out, QString *error)
{
    auto fail = [error](const QString &why) {
        if (error)
            *error = why;
        return false;
    };
    if (!checkRegularFile(path, error))
        return false;
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return fail(QStringLiteral("%1: cannot open: %2").arg(path, f.errorString()));
    if (f.size() > maxBytes)
        return fail(QStringLiteral("%1: larger than %2, the most that is read of it")
                        .arg(path, byteLimitText(maxBytes)));
    QByteArray data = f.read(maxBytes + 1);
    if (data.size() > maxBytes)
        return fail(QStringLiteral("%1: larger than %2, the most that is read of it")
                        .arg(path, byteLimitText(maxBytes)));
    if (f.error() != QFileDevice::NoError)
        return fail(QStringLiteral("%1: cannot read: %2").arg(path, f.errorString()));
    *out = std::move(data);
    return true;
}

bool readBoundedLine(QIODevice &device, qint64 maxBytes, QByteArray *line)
{
    // QIODevice::readLine(maxSize) reads at most maxSize - 1 bytes: one more than the limit
    // tells a line that is too long.
    *line = device.readLine(maxBytes + 2);
    return line->size() <= maxBytes || line->endsWith('\n');
}

} // namespace lens
