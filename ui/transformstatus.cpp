// SPDX-License-Identifier: Apache-2.0
#include "transformstatus.h"

#include "informer/transforms.h"

#include <QAction>
#include <QEvent>
#include <QLabel>
#include <QLocale>
#include <QMainWindow>
#include <QMenu>
#include <QMessageBox>
#include <QStatusBar>
#include <QTimer>

namespace lens {

TransformStatus::TransformStatus(QMainWindow *window, const TransformTally *tally,
                                 std::function<void(bool)> restart)
    : QObject(window), m_window(window), m_tally(tally), m_restart(std::move(restart)),
      m_action(new QAction(this))
{
    setObjectName(QStringLiteral("transformStatus"));
    m_action->setObjectName(QStringLiteral("stripManagedFieldsAction"));
    m_action->setCheckable(true);
    m_action->setChecked(tally != nullptr);
    connect(m_action, &QAction::triggered, this, &TransformStatus::askToRestart);
    if (auto *file = window->findChild<QMenu *>(QStringLiteral("fileMenu"))) {
        QAction *before = file->actions().value(file->actions().size() - 2); // the separator
        file->insertAction(before, m_action);
    }
    if (tally) {
        m_label = new QLabel(window);
        m_label->setObjectName(QStringLiteral("transformLabel"));
        window->statusBar()->addPermanentWidget(m_label);
        m_timer = new QTimer(this);
        connect(m_timer, &QTimer::timeout, this, &TransformStatus::refresh);
        m_timer->start(1000);
    }
    window->installEventFilter(this);
    retranslate();
}

QString TransformStatus::text() const
{
    return m_label ? m_label->text() : QString();
}

void TransformStatus::refresh()
{
    if (!m_label)
        return;
    const QLocale l;
    const qint64 in = m_tally->bytesIn.load(std::memory_order_relaxed);
    const qint64 out = m_tally->bytesOut.load(std::memory_order_relaxed);
    m_label->setText(tr("managedFields stripped: %1 saved (%2 %)")
                         .arg(l.formattedDataSize(in - out, 1))
                         .arg(l.toString(m_tally->savedPercent(), 'f', 1)));
    m_label->setToolTip(
        tr("Every informer has the managedFields-stripping transform (SetTransform, as "
           "controller-runtime's TransformStripManagedFields): %1 objects transformed, %2 of "
           "them had managedFields; %3 received, %4 kept in the cache.")
            .arg(l.toString(m_tally->objects.load(std::memory_order_relaxed)))
            .arg(l.toString(m_tally->changed.load(std::memory_order_relaxed)))
            .arg(l.formattedDataSize(in, 1), l.formattedDataSize(out, 1)));
}

bool TransformStatus::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_window && event->type() == QEvent::LanguageChange)
        retranslate();
    return QObject::eventFilter(watched, event);
}

void TransformStatus::retranslate()
{
    m_action->setText(tr("Strip &managedFields (SetTransform)\u2026"));
    m_action->setToolTip(tr("Start again with every informer dropping metadata.managedFields "
                            "before it queues and caches objects"));
    refresh();
}

void TransformStatus::askToRestart()
{
    const bool on = m_action->isChecked();
    m_action->setChecked(m_tally != nullptr); // unchanged until the restart
    const QString why =
        tr("A transform can only be set before an informer starts: client-go's SetTransform "
           "answers \"informer has already started\" afterwards. Informer Lens starts again, "
           "with the same options, %1.")
            .arg(on ? tr("with the managedFields-stripping transform")
                    : tr("without the managedFields-stripping transform"));
    if (QMessageBox::question(m_window, tr("Start again?"), why,
                              QMessageBox::Yes | QMessageBox::Cancel,
                              QMessageBox::Yes) == QMessageBox::Yes)
        m_restart(on);
}

} // namespace lens
