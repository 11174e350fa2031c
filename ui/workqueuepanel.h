// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "panel.h"

#include <functional>

class QComboBox;
class QLabel;
class QSpinBox;
class QTableView;
class QTimer;
class QTreeWidget;
class QLineEdit;
class QPushButton;

namespace lens {

class Clock;
class LensModels;
class WorkqueueModel;

/// What the Provisioner box changes on the built-in provisioner (HostPathProvisioner's
/// setters, reached through the Session); callbacks, so the window needs no controller library.
struct ProvisionerControls {
    std::function<void(qint64 ms)> setLatencyMs; ///< Provision's latency (Delete keeps its own)
    std::function<qint64()> latencyMs;
    std::function<void(int count)> failNext; ///< the next N provisions fail (0 cancels)
    std::function<int()> pendingFailures;    ///< of those, still to come
    std::function<void(const QString &cls, bool fail)> setFailClass; ///< every provision of it
    std::function<QStringList()> failingClasses;
    /// "3 claims provisioned · 2 workers busy": read from the controller itself (not the
    /// journal), for the box's own line; may be empty.
    std::function<QString()> summary;
};

/// The Workqueue tab: one controller queue at a time ("claims", "volumes", chosen in the
/// header), from the journal's workqueue* and controller* events only (WorkqueueModel): the
/// keys in queue order, the processing set (which worker holds which key, for how long, and
/// whether it is dirty meanwhile), the delayed keys with their ready time and countdown, each
/// key's failures, limiter and next backoff, and client-go's seven workqueue metrics with how
/// each is derived. While live, the clock's "now" is read each second, so the times count.
///
/// Selecting a row asks for the key history of the object the key stands for
/// (objectSelected) and for the explanation of the event that put the row in its state
/// (seqChosen). With setProvisionerControls() a Provisioner box below lets a learner set the
/// built-in provisioner's latency and failures.
class WorkqueuePanel final : public Panel {
    Q_OBJECT
public:
    /// `stream` is the window's body over the whole journal (its workqueue()); `clock` (may be
    /// null) is the journal's.
    WorkqueuePanel(LensModels *stream, const Clock *clock, QWidget *parent = nullptr);

    QTableView *view() const { return m_view; }
    QTreeWidget *metricsView() const { return m_metrics; }
    QComboBox *queueBox() const { return m_queueBox; }
    WorkqueueModel *model() const;
    /// Shows the queue named `name`; false when the journal has no such queue.
    bool showQueue(const QString &name);
    void setProvisionerControls(ProvisionerControls controls);
    /// Reads the clock and the figures again now.
    void refresh();

Q_SIGNALS:
    /// The user chose a row whose key stands for `objectKey` ("default/data-0"; the key itself
    /// when it names its object, as a volumes queue's does).
    void objectSelected(const QString &objectKey);
    void seqChosen(quint64 seq);

protected:
    void retranslate() override;

private:
    void updateQueues();
    void updateFigures();
    void updateProvisioner();
    QWidget *buildProvisionerBox();

    LensModels *m_stream;
    const Clock *m_clock;
    QComboBox *m_queueBox;
    QTableView *m_view;
    QTreeWidget *m_metrics;
    QTimer *m_tick;
    ProvisionerControls m_controls;
    QWidget *m_box = nullptr;
    QLabel *m_boxTitle = nullptr;
    QLabel *m_boxState = nullptr;
    QLabel *m_latencyLabel = nullptr;
    QSpinBox *m_latency = nullptr;
    QLabel *m_failLabel = nullptr;
    QSpinBox *m_failCount = nullptr;
    QPushButton *m_failButton = nullptr;
    QLabel *m_classLabel = nullptr;
    QLineEdit *m_failClass = nullptr;
    QPushButton *m_classButton = nullptr;
};

} // namespace lens
