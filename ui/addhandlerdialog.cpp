// SPDX-License-Identifier: Apache-2.0
#include "addhandlerdialog.h"

#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>

namespace lens {

AddHandlerDialog::AddHandlerDialog(int number, QWidget *parent)
    : QDialog(parent), m_name(new QLineEdit(this)), m_resync(new QDoubleSpinBox(this)),
      m_delay(new QSpinBox(this))
{
    setWindowTitle(tr("Add event handler"));
    auto *form = new QFormLayout(this);
    m_name->setObjectName(QStringLiteral("handlerName"));
    m_name->setText(tr("handler-%1").arg(number));
    m_name->setAccessibleName(tr("Handler name"));
    m_resync->setObjectName(QStringLiteral("handlerResync"));
    m_resync->setRange(0, 3600);
    m_resync->setDecimals(1);
    m_resync->setSuffix(tr(" s"));
    m_resync->setSpecialValueText(tr("informer default"));
    m_resync->setAccessibleName(tr("Resync period in seconds"));
    m_resync->setToolTip(tr("AddEventHandlerWithResyncPeriod: under 1 s becomes 1 s; after the "
                            "informer started it cannot be shorter than its resyncCheckPeriod"));
    m_delay->setObjectName(QStringLiteral("handlerDelay"));
    m_delay->setRange(0, 10000);
    m_delay->setSingleStep(50);
    m_delay->setSuffix(tr(" ms"));
    m_delay->setAccessibleName(tr("Processing time per notification in milliseconds"));
    m_delay->setToolTip(tr("Artificial time the handler spends on each notification: its buffer "
                           "(backlog) grows while the informer moves on"));
    form->addRow(tr("Name"), m_name);
    form->addRow(tr("Resync period"), m_resync);
    form->addRow(tr("Processing time"), m_delay);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    buttons->button(QDialogButtonBox::Ok)->setText(tr("Add"));
    buttons->button(QDialogButtonBox::Cancel)->setText(tr("Cancel"));
    form->addRow(buttons);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
}

QString AddHandlerDialog::name() const
{
    return m_name->text().trimmed();
}

qint64 AddHandlerDialog::resyncMs() const
{
    return qint64(m_resync->value() * 1000);
}

int AddHandlerDialog::delayMs() const
{
    return m_delay->value();
}

} // namespace lens
