// SPDX-License-Identifier: Apache-2.0
#pragma once
// Shared by the SharedIndexInformer suites (tst_sharedinformer, tst_listeners): handlers that
// record what they receive as "add p@1 initial=true", "update p@1->p@2", "delete p@2",
// "delete Tomb(p, p@2)", and an informer over the in-memory FakeListerWatcher on a manual clock.

#include "fakelisterwatcher.h"
#include "informer/processor.h"
#include "informer/sharedinformer.h"

#include <QTest>

namespace lens::test {

struct Recorder {
    QStringList seen;
    ResourceEventHandler handler(const QString &name = QStringLiteral("rec"))
    {
        ResourceEventHandler h;
        h.name = name;
        h.onAdd = [this](const Object &o, bool initial) {
            seen << QStringLiteral("add %1 initial=%2")
                        .arg(spec(o), initial ? QStringLiteral("true") : QStringLiteral("false"));
        };
        h.onUpdate = [this](const Object &o, const Object &n) {
            seen << QStringLiteral("update %1->%2").arg(spec(o), spec(n));
        };
        h.onDelete = [this](const Delta &d) {
            const QString key = deletionHandlingKey(d).key;
            seen << QStringLiteral("delete ") +
                        d.describe(key).mid(QStringLiteral("Deleted ").size());
        };
        return h;
    }
};

struct Harness {
    ManualClock clock;
    FakeListerWatcher lw;
    SharedIndexInformer informer;
    explicit Harness(qint64 resyncMs = 0) : informer(&lw, resyncMs, nullptr, &clock)
    {
        lw.clock = &clock;
    }
    /// run() with a list answer and an open watch; returns once HasSynced.
    bool start(const QString &items, const QString &rv)
    {
        lw.listScript << okReply(objsFromSpec(items), rv);
        informer.run();
        // a short backoff between ListAndWatch attempts, as client-go's tests inject one
        informer.reflector()->setBackoffParams(Backoff::Params{1, 50, 100, 2.0, 1.0});
        return QTest::qWaitFor([this] { return informer.hasSynced(); }, 5000);
    }
};

} // namespace lens::test
