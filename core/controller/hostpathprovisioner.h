// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "provisioner.h"

#include <QSet>

namespace lens {
class Clock;
}

namespace lens::controller {

/// The built-in example Provisioner, in the style of the library's hostPath example
/// (examples/hostpath-provisioner): every volume is a directory
/// `<basePath>/<pvName>` on the node (nothing is created on this machine: the asset is
/// imaginary, the PV object is real). The PV template it answers carries the claim's
/// requested capacity (spec.resources.requests.storage) and accessModes, its volumeMode, the
/// class's reclaimPolicy (Delete when the class has none) and
/// `hostPath: {path, type: DirectoryOrCreate}`.
///
/// For teaching retries, its latency and failures can be set:
/// - setLatencyMs(): how long Provision and Delete take, in Clock milliseconds (a ClockTimer
///   that catches up on a ManualClock, so a scenario's clock shows the wait);
/// - failNext(n): the next `n` Provision calls fail ("injected failure k of n") with state
///   Finished, as a final error;
/// - setFailClass(class, true): every Provision for that StorageClass fails until cleared;
/// - failNextDeletes(n): the next `n` Delete calls fail.
/// Every injected failure says so (ProvisionResult::injected), so the journal can tell a set
/// failure from a real one.
class HostPathProvisioner final : public Provisioner {
    Q_OBJECT
public:
    /// The provisioner name the built-in cluster's default StorageClass "standard" names.
    static QString defaultName() { return QStringLiteral("lens.example.com/hostpath"); }
    static QString basePath() { return QStringLiteral("/var/lib/informer-lens/hostpath"); }

    /// `clock` is not owned and must outlive the provisioner.
    explicit HostPathProvisioner(const Clock *clock, QObject *parent = nullptr);

    void provision(const ProvisionOptions &options,
                   std::function<void(const ProvisionResult &)> done) override;
    void remove(const Object &pv, std::function<void(const DeleteResult &)> done) override;

    /// Milliseconds (Clock time) each Provision / Delete takes; default 200 / 100.
    void setLatencyMs(qint64 provisionMs, qint64 deleteMs);
    qint64 provisionLatencyMs() const { return m_provisionMs; }
    qint64 deleteLatencyMs() const { return m_deleteMs; }
    /// The next `count` Provision calls fail (0 cancels).
    void failNext(int count);
    int pendingFailures() const { return m_failNext; }
    /// Every Provision for StorageClass `className` fails while `fail` is true.
    void setFailClass(const QString &className, bool fail);
    QStringList failingClasses() const;
    /// The next `count` Delete calls fail (0 cancels).
    void failNextDeletes(int count);
    /// Provision / Delete calls answered so far.
    int provisionCalls() const { return m_provisionCalls; }
    int deleteCalls() const { return m_deleteCalls; }

    /// The PV template for `options` (what a successful Provision answers).
    static QJsonObject pvTemplate(const ProvisionOptions &options);

Q_SIGNALS:
    /// Its settings changed (latency, failures).
    void settingsChanged();

private:
    /// Calls `fire` after `delayMs` of Clock time (at once when <= 0, still queued).
    void after(qint64 delayMs, std::function<void()> fire);

    const Clock *m_clock;
    qint64 m_provisionMs = 200;
    qint64 m_deleteMs = 100;
    int m_failNext = 0;
    int m_failNextTotal = 0;
    int m_failNextDeletes = 0;
    QSet<QString> m_failClasses;
    int m_provisionCalls = 0;
    int m_deleteCalls = 0;
};

} // namespace lens::controller
