// SPDX-License-Identifier: Apache-2.0
#include "cli.h"

#include <QApplication>
#include <QLabel>

namespace lens {

int runWindow(Session &session, const CommandLine &cl)
{
    Q_UNUSED(cl);
    QLabel l(session.sourceDescription());
    l.show();
    return QApplication::exec();
}

} // namespace lens
