// SPDX-License-Identifier: Apache-2.0
#include "viewexport.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QPainter>
#include <QPixmap>
#include <QSaveFile>
#include <QSvgGenerator>
#include <QWidget>

namespace lens {

namespace {
bool failWith(QString *error, const QString &msg)
{
    if (error)
        *error = msg;
    return false;
}
} // namespace

bool writeFileBytes(const QString &path, const QByteArray &bytes, QString *error)
{
    QSaveFile f(path);
    if (!f.open(QIODevice::WriteOnly) || f.write(bytes) != bytes.size() || !f.commit())
        return failWith(error, QCoreApplication::translate("lens", "Cannot write %1: %2")
                                   .arg(QDir::toNativeSeparators(path), f.errorString()));
    return true;
}

bool exportWidgetImage(QWidget *widget, const QString &path, QString *error)
{
    if (!widget || widget->width() <= 0 || widget->height() <= 0)
        return failWith(error, QCoreApplication::translate("lens", "Nothing to export: the view "
                                                                   "has no size."));
    const QString suffix = QFileInfo(path).suffix().toLower();
    if (suffix == QLatin1String("png")) {
        const QPixmap pixmap = widget->grab();
        if (pixmap.isNull() || !pixmap.save(path, "PNG"))
            return failWith(error, QCoreApplication::translate("lens", "Cannot write %1")
                                       .arg(QDir::toNativeSeparators(path)));
        return true;
    }
    if (suffix == QLatin1String("svg")) {
        QSvgGenerator gen;
        gen.setFileName(path);
        gen.setSize(widget->size());
        gen.setViewBox(QRect(QPoint(0, 0), widget->size()));
        gen.setResolution(96);
        gen.setTitle(widget->accessibleName().isEmpty() ? widget->objectName()
                                                        : widget->accessibleName());
        gen.setDescription(QCoreApplication::translate("lens", "Exported from Informer Lens"));
        QPainter p;
        if (!p.begin(&gen))
            return failWith(error, QCoreApplication::translate("lens", "Cannot write %1")
                                       .arg(QDir::toNativeSeparators(path)));
        widget->render(&p);
        p.end();
        if (!QFileInfo(path).isFile() || QFileInfo(path).size() == 0)
            return failWith(error, QCoreApplication::translate("lens", "Cannot write %1")
                                       .arg(QDir::toNativeSeparators(path)));
        return true;
    }
    return failWith(error, QCoreApplication::translate("lens", "%1: export as .png or .svg")
                               .arg(QDir::toNativeSeparators(path)));
}

} // namespace lens
