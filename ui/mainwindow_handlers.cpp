// SPDX-License-Identifier: Apache-2.0
#include "mainwindow.h"

#include "columnfit.h"
#include "informer/sharedinformer.h"
#include "lens/handlersmodel.h"
#include "notificationdelegate.h"
#include "panel.h"
#include "tableview.h"

#include <QDialog>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPushButton>
#include <QSpinBox>
#include <QSplitter>
#include <QStatusBar>
#include <QTimer>
#include <QToolButton>

namespace lens {

QWidget *MainWindow::buildHandlersPanel()
{
    m_handlersView = makeTable(m_handlers, tr("Event handlers"), this);
    m_handlersView->setObjectName(QStringLiteral("handlersView"));
    setWidths(m_handlersView, {110, 64, 58, 40, 52, 52});
    m_notificationsView =
        makeTable(m_notifications, tr("Notifications of the selected handler"), this);
    m_notificationsView->setObjectName(QStringLiteral("notificationsView"));
    m_notificationsView->setItemDelegateForColumn(
        HandlerNotificationsModel::KindColumn,
        new NotificationDelegate(HandlerNotificationsModel::KindRole, this));
    setWidths(m_notificationsView, {40, 62, 128, 160, 64, 36, 56});
    fitColumn(m_notificationsView, HandlerNotificationsModel::KeyColumn, 150); // keys readable
    fitLastColumn(m_handlersView, 150); // the newest notification
    m_notificationsView->verticalHeader()->setDefaultSectionSize(
        m_notificationsView->fontMetrics().height() + 9);
    auto *split = new QSplitter(Qt::Vertical);
    split->addWidget(m_handlersView);
    split->addWidget(m_notificationsView);
    split->setSizes({120, 560});
    split->setChildrenCollapsible(false);
    m_handlersPanel = new Panel(tr("Handlers"), split);
    m_addHandler = new QToolButton(this);
    m_addHandler->setObjectName(QStringLiteral("addHandlerButton"));
    translated([this] {
        m_handlersPanel->setTitle(tr("Handlers"));
        m_handlersView->setAccessibleName(tr("Event handlers"));
        m_notificationsView->setAccessibleName(tr("Notifications of the selected handler"));
        m_addHandler->setText(tr("Add handler\u2026"));
        m_addHandler->setAccessibleName(tr("Add an event handler"));
        m_addHandler->setToolTip(tr("Add an event handler to the informer with its own resync "
                                    "period and an artificial processing time per notification, "
                                    "to watch a slow handler's backlog and latency grow"));
    });
    m_addHandler->setEnabled(false);
    m_handlersPanel->addHeaderWidget(m_addHandler);
    connect(m_addHandler, &QToolButton::clicked, this, &MainWindow::openAddHandlerDialog);

    connect(m_handlersView->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this](const QModelIndex &current) {
                if (current.isValid())
                    m_notifications->setHandler(
                        current.data(HandlersModel::HandlerRole).toString());
            });
    connect(m_notificationsView->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this](const QModelIndex &current) {
                const QString key = current.data(HandlerNotificationsModel::KeyRole).toString();
                if (!key.isEmpty())
                    selectKey(key);
                if (current.isValid())
                    explainSeq(current.data(HandlerNotificationsModel::SeqRole).toULongLong());
            });
    connect(m_notifications, &QAbstractItemModel::rowsInserted, this,
            [this] { followTail(m_notificationsView); });
    connect(m_notifications, &QAbstractItemModel::modelReset, this,
            [this] { QTimer::singleShot(0, m_notificationsView, &QTableView::scrollToBottom); });
    // The first listener is shown as soon as it exists.
    auto pickFirst = [this] {
        if (m_notifications->handler().isEmpty() && m_handlers->rowCount() > 0)
            m_handlersView->setCurrentIndex(m_handlers->index(0, 0));
    };
    connect(m_handlers, &QAbstractItemModel::rowsInserted, this, pickFirst);
    connect(m_handlers, &QAbstractItemModel::modelReset, this, pickFirst);
    connect(m_handlers, &HandlersModel::statsChanged, this, &MainWindow::updateHandlersPanel);
    connect(m_notifications, &HandlerNotificationsModel::handlerChanged, this,
            &MainWindow::updateHandlersPanel);
    QTimer::singleShot(0, this, pickFirst);
    updateHandlersPanel();
    return m_handlersPanel;
}

void MainWindow::updateHandlersPanel()
{
    qint64 delivered = 0;
    int backlog = 0;
    int active = 0;
    for (int r = 0; r < m_handlers->rowCount(); ++r) {
        const auto s = m_handlers->statsAt(r);
        delivered += s.delivered;
        backlog += s.backlog;
        active += s.removed ? 0 : 1;
    }
    QString text = tr("%n listener(s)", nullptr, active) +
                   tr(" \u00B7 %1 delivered \u00B7 backlog %2").arg(delivered).arg(backlog);
    m_handlersPanel->setSubtitle(text);
}

void MainWindow::setInformer(SharedIndexInformer *informer)
{
    m_informer = informer;
    m_addHandler->setEnabled(informer != nullptr);
}

bool MainWindow::addHandler(const QString &name, qint64 resyncMs, int delayMs, QString *error)
{
    auto fail = [error](const QString &why) {
        if (error)
            *error = why;
        return false;
    };
    if (!m_informer)
        return fail(tr("no informer to add a handler to"));
    if (name.trimmed().isEmpty())
        return fail(tr("the handler needs a name"));
    for (const ProcessorListener *l : m_informer->listeners())
        if (l->name() == name)
            return fail(tr("a handler named %1 exists already").arg(name));
    ResourceEventHandler h;
    h.name = name;
    QString err;
    ProcessorListener *l = resyncMs > 0
                               ? m_informer->addEventHandlerWithResyncPeriod(h, resyncMs, &err)
                               : m_informer->addEventHandler(h, &err);
    if (!l)
        return fail(err.isEmpty() ? tr("the informer refused the handler") : err);
    l->setProcessingDelayMs(delayMs);
    QString settings = tr("resync asked %1 s, in effect %2 s")
                           .arg(resyncMs > 0 ? double(resyncMs) / 1000.0
                                             : double(l->requestedResyncPeriodMs()) / 1000.0)
                           .arg(double(l->resyncPeriodMs()) / 1000.0);
    if (delayMs > 0)
        settings += tr(" \u00B7 processing time %1 ms per notification").arg(delayMs);
    m_handlers->setHandlerSettings(name, settings);
    statusBar()->showMessage(tr("Added handler %1: %2").arg(name, settings), 8000);
    return true;
}

void MainWindow::openAddHandlerDialog()
{
    QDialog dlg(this);
    dlg.setWindowTitle(tr("Add event handler"));
    auto *form = new QFormLayout(&dlg);
    auto *name = new QLineEdit(&dlg);
    name->setObjectName(QStringLiteral("handlerName"));
    name->setText(tr("handler-%1").arg(m_informer ? m_informer->listeners().size() + 1 : 1));
    name->setAccessibleName(tr("Handler name"));
    auto *resync = new QDoubleSpinBox(&dlg);
    resync->setObjectName(QStringLiteral("handlerResync"));
    resync->setRange(0, 3600);
    resync->setDecimals(1);
    resync->setSuffix(tr(" s"));
    resync->setSpecialValueText(tr("informer default"));
    resync->setAccessibleName(tr("Resync period in seconds"));
    resync->setToolTip(tr("AddEventHandlerWithResyncPeriod: under 1 s becomes 1 s; after the "
                          "informer started it cannot be shorter than its resyncCheckPeriod"));
    auto *delay = new QSpinBox(&dlg);
    delay->setObjectName(QStringLiteral("handlerDelay"));
    delay->setRange(0, 10000);
    delay->setSingleStep(50);
    delay->setSuffix(tr(" ms"));
    delay->setAccessibleName(tr("Processing time per notification in milliseconds"));
    delay->setToolTip(tr("Artificial time the handler spends on each notification: its buffer "
                         "(backlog) grows while the informer moves on"));
    form->addRow(tr("Name"), name);
    form->addRow(tr("Resync period"), resync);
    form->addRow(tr("Processing time"), delay);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, &dlg);
    buttons->button(QDialogButtonBox::Ok)->setText(tr("Add"));
    buttons->button(QDialogButtonBox::Cancel)->setText(tr("Cancel"));
    form->addRow(buttons);
    connect(buttons, &QDialogButtonBox::accepted, &dlg, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, &dlg, &QDialog::reject);
    if (dlg.exec() != QDialog::Accepted)
        return;
    QString err;
    if (!addHandler(name->text().trimmed(), qint64(resync->value() * 1000), delay->value(), &err))
        QMessageBox::warning(this, tr("Add event handler"), err);
}

} // namespace lens
