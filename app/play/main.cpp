// SPDX-License-Identifier: Apache-2.0
// informer-lens-play FILE | -   runs a playground script and prints what it answers.
// The language and the output format are documented in core/informer/playground.h and
// docs/playground.md.
#include "informer/playground.h"
#include "process/versiontext.h"

#include "api/boundedfile.h"

#include <QFile>
#include <QString>
#include <QTextStream>

#include <cstdio>

#include <unistd.h>

int main(int argc, char *argv[])
{
    QTextStream out(stdout);
    QTextStream err(stderr);
    const QString arg = argc == 2 ? QString::fromLocal8Bit(argv[1]) : QString();
    if (arg == QLatin1String("--version")) {
        out << "informer-lens-play " << lens::versionText() << '\n';
        return 0;
    }
    if (argc != 2 || arg == QLatin1String("-h") || arg == QLatin1String("--help")) {
        (argc == 2 ? out : err)
            << "usage: informer-lens-play FILE | -\n"
               "       informer-lens-play --version\n"
               "Runs a playground script (one command per line, '#' comments) against a\n"
               "DeltaFIFO or RealFIFO and prints pop, hassynced, listkeys, get and error lines.\n"
               "See docs/playground.md.\n";
        return argc == 2 ? 0 : 2;
    }
    QFile f;
    bool opened = false;
    if (arg == QLatin1String("-"))
        // By descriptor: a FILE*-backed QFile reads lines with fgets(), and a line of NUL
        // bytes (cat /dev/zero) then reads as empty lines for ever.
        opened = f.open(STDIN_FILENO, QIODevice::ReadOnly);
    else {
        if (QString why; !lens::checkRegularFile(arg, &why)) {
            err << "informer-lens-play: " << why << '\n';
            return 1;
        }
        f.setFileName(arg);
        opened = f.open(QIODevice::ReadOnly | QIODevice::Text);
    }
    if (!opened) {
        err << "informer-lens-play: cannot read " << arg << ": " << f.errorString() << '\n';
        return 1;
    }
    lens::Playground play;
    // Line by line, so a script piped in interactively answers as it goes.
    // readLine() blocks until a line or the end arrives (atEnd() of a pipe only says that
    // nothing is buffered yet); an empty read is the end.
    qint64 lineNo = 0;
    for (;;) {
        QByteArray bytes;
        ++lineNo;
        if (!lens::readBoundedLine(f, lens::fileLimits::kPlaygroundLine, &bytes)) {
            err << "informer-lens-play: " << arg << ':' << lineNo << ": the line runs past "
                << lens::byteLimitText(lens::fileLimits::kPlaygroundLine)
                << " without ending (a playground line is one command)\n";
            return 1;
        }
        if (bytes.isEmpty())
            break;
        QString line = QString::fromUtf8(bytes);
        if (line.endsWith(QLatin1Char('\n')))
            line.chop(1);
        if (line.endsWith(QLatin1Char('\r'))) // a CRLF file (read in binary mode)
            line.chop(1);
        const QString r = play.runLine(line);
        if (!r.isEmpty()) {
            out << r << '\n';
            out.flush();
        }
    }
    return 0;
}
