// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "panel.h"

#include <QPointer>

class QTableView;
class QToolButton;

namespace lens {

class LensModels;
class SharedIndexInformer;

/// The Handlers panel of one informer's body: its processor's listeners (resync period,
/// delivered, backlog, the newest notification) over the notifications of the selected one.
/// "Add handler…" registers a listener on the informer (AddEventHandlerWithResyncPeriod) with
/// an artificial processing time, through the AddHandlerDialog; enabled once an informer is
/// set. Choosing a notification selects its key (keySelected) and asks for its explanation
/// (seqChosen).
class HandlersPanel final : public Panel {
    Q_OBJECT
public:
    explicit HandlersPanel(LensModels *body, QWidget *parent = nullptr);

    QTableView *handlersView() const { return m_handlersView; }
    QTableView *notificationsView() const { return m_notificationsView; }
    QToolButton *addButton() const { return m_add; }

    /// The informer "Add handler…" registers listeners on (null: the button is disabled).
    void setInformer(SharedIndexInformer *informer);
    SharedIndexInformer *informer() const;

    /// Registers a listener named `name` with resync `resyncMs` (milliseconds; 0 = the
    /// informer's default) and `delayMs` of processing time per notification. False with
    /// `*error` (the informer's words, e.g. client-go's "handler … was not added to shared
    /// informer because it has stopped already") when there is no informer, the name is empty
    /// or taken, or the informer refuses. On success the handler's settings are shown in its
    /// row and handlerAdded() says what was added.
    bool addHandler(const QString &name, qint64 resyncMs, int delayMs, QString *error = nullptr);
    /// Opens the add-handler dialog (modal) and adds what it asks for; a refusal is shown in a
    /// message box.
    void openAddHandlerDialog();

Q_SIGNALS:
    void keySelected(const QString &key);
    void seqChosen(quint64 seq);
    /// A handler was added; `summary` says with which settings.
    void handlerAdded(const QString &summary);

protected:
    void retranslate() override;

private:
    void updateSubtitle();

    LensModels *m_body;
    QPointer<SharedIndexInformer> m_informer;
    QTableView *m_handlersView;
    QTableView *m_notificationsView;
    QToolButton *m_add;
};

} // namespace lens
