// SPDX-License-Identifier: Apache-2.0
#include "screenshot.h"

#include <QCoreApplication>
#include <QImageWriter>
#include <QLayout>
#include <QPixmap>
#include <QWidget>

namespace lens {

bool grabWindowToPng(QWidget *widget, const QString &path, QString *error)
{
    auto fail = [error](const QString &msg) {
        if (error)
            *error = msg;
        return false;
    };
    if (!widget)
        return fail(QCoreApplication::translate("lens", "No window to grab."));
    widget->ensurePolished();
    // Nested layouts (panel headers whose title just changed) re-lay out on a posted
    // LayoutRequest; deliver those first so the picture never shows a stale, clipped geometry.
    for (int i = 0; i < 3; ++i)
        QCoreApplication::sendPostedEvents(nullptr, QEvent::LayoutRequest);
    if (QLayout *l = widget->layout())
        l->activate();
    const QPixmap pixmap = widget->grab();
    if (pixmap.isNull() || pixmap.width() == 0 || pixmap.height() == 0)
        return fail(QCoreApplication::translate("lens", "The window rendered to an empty image."));
    QImageWriter writer(path, "png");
    if (!writer.write(pixmap.toImage()))
        return fail(QCoreApplication::translate("lens", "Cannot write %1: %2")
                        .arg(path, writer.errorString()));
    return true;
}

} // namespace lens
