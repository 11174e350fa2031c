// SPDX-License-Identifier: Apache-2.0
// Issue 40 C3: endless files (/dev/zero, a FIFO nobody writes to) named as a kubeconfig, token
// file, CA, watch capture, recording or playground script were read whole or blocked.
// readBoundedFile() refuses what is not a regular file before opening it and stops at its
// limit; readBoundedLine() stops a line that never ends.
#include "api/boundedfile.h"

#include <QBuffer>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <sys/stat.h>

using namespace lens;

class tst_BoundedFile : public QObject {
    Q_OBJECT
private slots:
    void regularFileIsReadWhole();
    void devZeroIsRefused();
    void fifoIsRefusedWithoutBlocking();
    void overTheLimitIsRefused();
    void procFilesWithoutSizeAreReadToTheLimit();
    void missingFileSaysSo();
    void aLineThatNeverEndsStops();
    void limitsAreNamedInUnits();
};

void tst_BoundedFile::regularFileIsReadWhole()
{
    QTemporaryDir dir;
    QFile f(dir.filePath(QStringLiteral("kubeconfig")));
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write("apiVersion: v1\n");
    f.close();
    QByteArray out;
    QString error;
    QVERIFY2(readBoundedFile(f.fileName(), 1024, &out, &error), qPrintable(error));
    QCOMPARE(out, QByteArray("apiVersion: v1\n"));
}

void tst_BoundedFile::devZeroIsRefused()
{
    QByteArray out;
    QString error;
    QVERIFY(!readBoundedFile(QStringLiteral("/dev/zero"), fileLimits::kKubeconfig, &out, &error));
    QCOMPARE(error, QStringLiteral("/dev/zero: not a regular file (a device, a FIFO or a socket), "
                                   "so it is not read: it may never end"));
    QVERIFY(out.isEmpty());
}

void tst_BoundedFile::fifoIsRefusedWithoutBlocking()
{
    QTemporaryDir dir;
    const QString fifo = dir.filePath(QStringLiteral("token"));
    QCOMPARE(::mkfifo(QFile::encodeName(fifo).constData(), 0600), 0);
    QByteArray out;
    QString error;
    // Opening it would block until a writer came: the call returns, refused.
    QVERIFY(!readBoundedFile(fifo, fileLimits::kTokenFile, &out, &error));
    QVERIFY2(error.contains(QStringLiteral("not a regular file")), qPrintable(error));
}

void tst_BoundedFile::overTheLimitIsRefused()
{
    QTemporaryDir dir;
    QFile f(dir.filePath(QStringLiteral("big")));
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(QByteArray(2049, 'x'));
    f.close();
    QByteArray out;
    QString error;
    QVERIFY(!readBoundedFile(f.fileName(), 2048, &out, &error));
    QCOMPARE(error,
             f.fileName() + QStringLiteral(": larger than 2 KiB, the most that is read of it"));
    QVERIFY(readBoundedFile(f.fileName(), 2049, &out, &error));
    QCOMPARE(out.size(), 2049);
}

void tst_BoundedFile::procFilesWithoutSizeAreReadToTheLimit()
{
    // /proc files report size 0: the limit holds while reading.
    QByteArray out;
    QString error;
    QVERIFY2(readBoundedFile(QStringLiteral("/proc/self/status"), 1 << 20, &out, &error),
             qPrintable(error));
    QVERIFY(out.contains("Name:"));
    QVERIFY(!readBoundedFile(QStringLiteral("/proc/self/status"), 16, &out, &error));
    QVERIFY2(error.contains(QStringLiteral("larger than 16 bytes")), qPrintable(error));
}

void tst_BoundedFile::missingFileSaysSo()
{
    QByteArray out;
    QString error;
    QVERIFY(!readBoundedFile(QStringLiteral("/nonexistent/file"), 1024, &out, &error));
    QVERIFY2(error.startsWith(QStringLiteral("/nonexistent/file: cannot open: ")),
             qPrintable(error));
}

void tst_BoundedFile::aLineThatNeverEndsStops()
{
    QByteArray data = "first\n" + QByteArray(5000, '\0');
    QBuffer b(&data);
    QVERIFY(b.open(QIODevice::ReadOnly));
    QByteArray line;
    QVERIFY(readBoundedLine(b, 100, &line));
    QCOMPARE(line, QByteArray("first\n"));
    QVERIFY(!readBoundedLine(b, 100, &line));
    QVERIFY(line.size() <= 101);
    // A line of exactly the limit, with its newline, is whole.
    QByteArray exact = QByteArray(100, 'a') + '\n';
    QBuffer e(&exact);
    QVERIFY(e.open(QIODevice::ReadOnly));
    QVERIFY(readBoundedLine(e, 100, &line));
}

void tst_BoundedFile::limitsAreNamedInUnits()
{
    QCOMPARE(byteLimitText(fileLimits::kKubeconfig), QStringLiteral("16 MiB"));
    QCOMPARE(byteLimitText(fileLimits::kWatchCapture), QStringLiteral("1 GiB"));
    QCOMPARE(byteLimitText(300), QStringLiteral("300 bytes"));
}

QTEST_GUILESS_MAIN(tst_BoundedFile)
#include "tst_boundedfile.moc"
