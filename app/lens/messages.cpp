// SPDX-License-Identifier: Apache-2.0
#include "messages.h"

#include <QtGlobal>

#include <cstdio>

namespace lens {

namespace {
bool g_plugin = false;
QtMessageHandler g_previousHandler = nullptr;

/// A message dropPlatformNotices() drops.
bool isPlatformNotice(const QString &message)
{
    return message == QLatin1String("This plugin does not support propagateSizeHints()") ||
           message.startsWith(QLatin1String("QStandardPaths: XDG_RUNTIME_DIR not set"));
}

void platformNoticeFilter(QtMsgType type, const QMessageLogContext &context, const QString &message)
{
    if (isPlatformNotice(message))
        return;
    if (g_previousHandler)
        g_previousHandler(type, context, message);
}
} // namespace

void dropPlatformNotices()
{
    g_previousHandler = qInstallMessageHandler(platformNoticeFilter);
}

void setRunsAsKubectlPlugin(bool plugin)
{
    g_plugin = plugin;
}

QString errorPrefix()
{
    return g_plugin ? QStringLiteral("error: ") : QStringLiteral("informer-lens: ");
}

QString notePrefix()
{
    return g_plugin ? QStringLiteral("kubectl-lens: ") : QStringLiteral("informer-lens: ");
}

QString visibleControls(const QString &text)
{
    QString out;
    out.reserve(text.size());
    for (const QChar c : text) {
        const char16_t u = c.unicode();
        if (u == u'\n')
            out += QStringLiteral("\n  "); // a line of the same message, not one of its own
        else if ((u < 0x20 && u != u'\t') || (u >= 0x7f && u <= 0x9f))
            out += QStringLiteral("\\x%1").arg(int(u), 2, 16, QLatin1Char('0'));
        else
            out += c;
    }
    return out;
}

void printError(const QString &message)
{
    std::fprintf(stderr, "%s\n", qPrintable(errorPrefix() + visibleControls(message)));
    std::fflush(stderr);
}

void printUsageError(const QString &message)
{
    printError(message);
    std::fprintf(stderr, "%s\n",
                 g_plugin ? "See 'kubectl lens --help' for usage."
                          : "See 'informer-lens --help' for usage.");
    std::fflush(stderr);
}

void printNote(const QString &message)
{
    std::fprintf(stderr, "%s\n", qPrintable(notePrefix() + visibleControls(message)));
    std::fflush(stderr);
}

} // namespace lens
