// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QDialog>

class QDoubleSpinBox;
class QLineEdit;
class QSpinBox;

namespace lens {

/// "Add event handler": a name (proposed "handler-N"), a resync period in seconds (0 = the
/// informer's default; AddEventHandlerWithResyncPeriod raises under 1 s to 1 s and, after the
/// informer started, to its resyncCheckPeriod) and an artificial processing time per
/// notification in milliseconds.
class AddHandlerDialog final : public QDialog {
    Q_OBJECT
public:
    /// `number` is N in the proposed name "handler-N".
    explicit AddHandlerDialog(int number, QWidget *parent = nullptr);

    QString name() const;
    /// The resync period asked for, in milliseconds (0 = the informer's default).
    qint64 resyncMs() const;
    /// The processing time per notification, in milliseconds.
    int delayMs() const;

private:
    QLineEdit *m_name;
    QDoubleSpinBox *m_resync;
    QSpinBox *m_delay;
};

} // namespace lens
