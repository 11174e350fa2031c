// SPDX-License-Identifier: Apache-2.0
#include "handlerspanel.h"

#include "addhandlerdialog.h"
#include "columnfit.h"
#include "historypanel.h"
#include "informer/sharedinformer.h"
#include "lens/handlersmodel.h"
#include "lens/lensmodels.h"
#include "notificationdelegate.h"
#include "rowsleaving.h"
#include "tableview.h"

#include <QHeaderView>
#include <QItemSelectionModel>
#include <QMessageBox>
#include <QSplitter>
#include <QTableView>
#include <QTimer>
#include <QToolButton>

namespace lens {

HandlersPanel::HandlersPanel(LensModels *body, QWidget *parent)
    : Panel(QString(), nullptr, parent), m_body(body)
{
    HandlersModel *handlers = body->handlers();
    HandlerNotificationsModel *notifications = body->notifications();
    m_handlersView = makeTable(handlers, tr("Event handlers"), this);
    m_handlersView->setObjectName(QStringLiteral("handlersView"));
    setWidths(m_handlersView, {110, 64, 58, 40, 52, 52});
    // Before the view has the model: notifications trimmed at the cap are not the user's
    // choice of their neighbour.
    auto *notificationsLeaving = new RowsLeaving(notifications, this);
    m_notificationsView =
        makeTable(notifications, tr("Notifications of the selected handler"), this);
    m_notificationsView->setObjectName(QStringLiteral("notificationsView"));
    notificationsLeaving->clearMovedCurrent(m_notificationsView);
    m_notificationsView->setItemDelegateForColumn(
        HandlerNotificationsModel::KindColumn,
        new NotificationDelegate(HandlerNotificationsModel::KindRole, this));
    setWidths(m_notificationsView, {40, 62, 128, 160, 64, 36, 56});
    fitColumn(m_notificationsView, HandlerNotificationsModel::KeyColumn, 150); // keys readable
    fitLastColumn(m_handlersView, 150); // the newest notification
    fitColumnsToContents(m_handlersView);
    fitColumnsToContents(m_notificationsView);
    m_notificationsView->verticalHeader()->setDefaultSectionSize(
        m_notificationsView->fontMetrics().height() + 9);
    keepMinimumRows(m_handlersView, kMinimumTableRows);
    keepMinimumRows(m_notificationsView, kMinimumTableRows);
    auto *split = new QSplitter(Qt::Vertical, this);
    split->addWidget(m_handlersView);
    split->addWidget(m_notificationsView);
    split->setSizes({120, 560});
    split->setChildrenCollapsible(false);
    addContent(split, 1);
    m_add = new QToolButton(this);
    m_add->setObjectName(QStringLiteral("addHandlerButton"));
    m_add->setEnabled(false);
    addHeaderWidget(m_add);
    connect(m_add, &QToolButton::clicked, this, &HandlersPanel::openAddHandlerDialog);

    connect(m_handlersView->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [notifications](const QModelIndex &current) {
                if (current.isValid())
                    notifications->setHandler(current.data(HandlersModel::HandlerRole).toString());
            });
    connect(m_notificationsView->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this, notificationsLeaving](const QModelIndex &current) {
                if (notificationsLeaving->active())
                    return;
                const QString key = current.data(HandlerNotificationsModel::KeyRole).toString();
                if (!key.isEmpty())
                    Q_EMIT keySelected(key);
                if (current.isValid())
                    Q_EMIT seqChosen(
                        current.data(HandlerNotificationsModel::SeqRole).toULongLong());
            });
    connect(notifications, &QAbstractItemModel::rowsInserted, this,
            [this] { followTail(m_notificationsView); });
    connect(notifications, &QAbstractItemModel::modelReset, this,
            [this] { QTimer::singleShot(0, m_notificationsView, &QTableView::scrollToBottom); });
    // The first listener is shown as soon as it exists.
    auto pickFirst = [this, handlers, notifications] {
        if (notifications->handler().isEmpty() && handlers->rowCount() > 0)
            m_handlersView->setCurrentIndex(handlers->index(0, 0));
    };
    connect(handlers, &QAbstractItemModel::rowsInserted, this, pickFirst);
    connect(handlers, &QAbstractItemModel::modelReset, this, pickFirst);
    connect(handlers, &HandlersModel::statsChanged, this, &HandlersPanel::updateSubtitle);
    connect(notifications, &HandlerNotificationsModel::handlerChanged, this,
            &HandlersPanel::updateSubtitle);
    QTimer::singleShot(0, this, pickFirst);
    retranslate();
}

void HandlersPanel::updateSubtitle()
{
    const HandlersModel *handlers = m_body->handlers();
    qint64 delivered = 0;
    int backlog = 0;
    int active = 0;
    for (int r = 0; r < handlers->rowCount(); ++r) {
        const auto s = handlers->statsAt(r);
        delivered += s.delivered;
        backlog += s.backlog;
        active += s.removed ? 0 : 1;
    }
    setSubtitle(tr("%n listener(s)", nullptr, active) +
                tr(" \u00B7 %1 delivered \u00B7 backlog %2").arg(delivered).arg(backlog));
}

void HandlersPanel::setInformer(SharedIndexInformer *informer)
{
    m_informer = informer;
    m_add->setEnabled(informer != nullptr);
}

SharedIndexInformer *HandlersPanel::informer() const
{
    return m_informer;
}

bool HandlersPanel::addHandler(const QString &name, qint64 resyncMs, int delayMs, QString *error)
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
    m_body->handlers()->setHandlerSettings(name, settings);
    Q_EMIT handlerAdded(tr("Added handler %1: %2").arg(name, settings));
    return true;
}

void HandlersPanel::openAddHandlerDialog()
{
    AddHandlerDialog dlg(m_informer ? int(m_informer->listeners().size()) + 1 : 1, this);
    if (dlg.exec() != QDialog::Accepted)
        return;
    QString err;
    if (!addHandler(dlg.name(), dlg.resyncMs(), dlg.delayMs(), &err))
        QMessageBox::warning(this, tr("Add event handler"), err);
}

void HandlersPanel::retranslate()
{
    setTitle(tr("Handlers"));
    m_handlersView->setAccessibleName(tr("Event handlers"));
    m_notificationsView->setAccessibleName(tr("Notifications of the selected handler"));
    m_add->setText(tr("Add handler\u2026"));
    m_add->setAccessibleName(tr("Add an event handler"));
    m_add->setToolTip(tr("Add an event handler to the informer with its own resync period and an "
                         "artificial processing time per notification, to watch a slow "
                         "handler's backlog and latency grow"));
    updateSubtitle();
}

} // namespace lens
