// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QString>

namespace lens {

/// How informer-lens signs the lines it writes on stderr, in one place for every path in
/// app/lens (argument errors, kubeconfig and selector errors, start-up failures, summaries).
///
/// As itself: "informer-lens: " before every line. As kubectl's plugin (argv[0] kubectl-lens,
/// runsAsKubectlPlugin()), the user typed `kubectl lens`, so nothing says "informer-lens:": an
/// error starts "error: " as kubectl's own errors do (kubectl's cmdutil.CheckErr prints
/// "error: " and the message), any other line "kubectl-lens: " (the program kubectl ran, as a
/// plugin names itself).
///
/// Set once, at the start of main(), before anything is printed; not thread-safe.
void setRunsAsKubectlPlugin(bool plugin);

/// "informer-lens: " or, as the plugin, "error: ".
QString errorPrefix();
/// "informer-lens: " or, as the plugin, "kubectl-lens: ".
QString notePrefix();

/// `text` with every control character but the line feed and the tab written out as "\x1b"
/// (C0, DEL and C1), and each line after the first indented by two spaces: a value the user
/// gave, echoed in a message, cannot move the cursor, recolour the terminal or fake a line of
/// its own ("informer-lens: ..."). printError() and printNote() apply it.
QString visibleControls(const QString &text);

/// One error line on stderr: errorPrefix() + `message` + "\n".
void printError(const QString &message);
/// An error in the command line: printError(message), then kubectl's hint on a line of its own,
/// "See 'kubectl lens --help' for usage." as the plugin ("See 'informer-lens --help' for
/// usage." as itself), as kubectl's cmdutil.UsageErrorf prints it after a flag error.
void printUsageError(const QString &message);
/// One line that is not an error (a summary, a warning, where a file was written) on stderr:
/// notePrefix() + `message` + "\n".
void printNote(const QString &message);

/// Drops Qt's platform notices that say nothing about this program's work and only puzzle its
/// users: the offscreen platform's "This plugin does not support propagateSizeHints()" (every
/// --screenshot run, once per window size constraint) and QStandardPaths' "XDG_RUNTIME_DIR not
/// set, defaulting to ..." (root without a login session, as under xvfb-run in a container).
/// Every other message goes to the handler that was installed before (Qt's default: stderr).
/// Call once, before the application object is created.
void dropPlatformNotices();

} // namespace lens
