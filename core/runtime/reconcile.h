// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "events.h"

#include <QString>

#include <functional>
#include <memory>
#include <optional>

namespace lens {
class Clock;
}

namespace lens::runtime {

/// reconcile.Result (pkg/reconcile/reconcile.go).
struct Result {
    /// Requeue (deprecated since v0.21): rate-limited requeue without Forget.
    bool requeue = false;
    /// RequeueAfter, Clock milliseconds; > 0 = Forget, then AddWithOpts{After}.
    qint64 requeueAfterMs = 0;
    /// Priority (v0.23+): replaces the handed-out priority for the requeue; nullopt = keep it.
    std::optional<int> priority;
};

/// What a Reconcile returned: a Result and an error. The error is "" (nil), a plain error, a
/// reconcile.TerminalError (anywhere in the wrap chain: `terminal`), or the model of a panic
/// in the user's code (`panic`, the panic's value in `error`), which the controller's
/// Reconcile wrapper turns into "panic: <value> [recovered]" (RecoverPanic) or lets escape.
struct Outcome {
    Result result;
    QString error;
    bool terminal = false;
    bool panic = false;

    bool failed() const { return !error.isEmpty() || panic; }
    static Outcome ok(const Result &r = {}) { return {r, {}, false, false}; }
    /// fmt.Errorf-like plain error (the result is kept: upstream ignores it, with a warning).
    static Outcome failure(const QString &error, const Result &r = {})
    {
        return {r, error, false, false};
    }
    /// reconcile.TerminalError(err): "terminal error: <err>".
    static Outcome terminalError(const QString &error)
    {
        return {{}, QStringLiteral("terminal error: ") + error, true, false};
    }
    /// fmt.Errorf("<prefix>: %w", inner): the wrap keeps a TerminalError terminal.
    static Outcome wrap(const QString &prefix, const Outcome &inner)
    {
        Outcome o = inner;
        o.error = prefix + QStringLiteral(": ") + inner.error;
        return o;
    }
    /// panic(value) in the reconciler.
    static Outcome panicked(const QString &value) { return {{}, value, false, true}; }
};

/// The context a reconcile runs with: the controller's (cancelled when it stops) plus, with
/// ReconciliationTimeout > 0, a deadline on the Clock (context.WithTimeoutCause). A reconciler
/// honouring its context finishes with err() once expired() (a ClockTimer at deadlineMs).
struct ReconcileContext {
    const Clock *clock = nullptr;
    std::optional<qint64> deadlineMs; ///< Clock ms; nullopt = no deadline
    std::shared_ptr<bool> cancelled;  ///< the controller stopped (parent cancel)
    quint64 reconcileId = 0;          ///< the reconcileID (a counter here, a UUID upstream)
    /// The controller's name (upstream the context's logger carries it as "controller").
    QString controller;
    QString worker;
    int priority = 0;

    bool deadlinePassed() const;
    bool isCancelled() const { return cancelled && *cancelled; }
    /// ctx.Err(): "context deadline exceeded", "context canceled" or "".
    QString err() const;
};

/// reconcile.Reconciler, asynchronous: process `request` and call `finish` exactly once, now
/// or later (a reconcile may take Clock time, like QueueWorker's SyncHandler). Later calls of
/// `finish` are ignored.
class Reconciler {
public:
    using Finish = std::function<void(const Outcome &)>;
    virtual ~Reconciler() = default;
    virtual void reconcile(const QString &request, const ReconcileContext &ctx, Finish finish) = 0;
};

/// reconcile.Func: a Reconciler from a function.
class ReconcileFunc final : public Reconciler {
public:
    using Fn = std::function<void(const QString &, const ReconcileContext &, Finish)>;
    explicit ReconcileFunc(Fn fn) : m_fn(std::move(fn)) {}
    void reconcile(const QString &request, const ReconcileContext &ctx, Finish finish) override
    {
        m_fn(request, ctx, std::move(finish));
    }

private:
    Fn m_fn;
};

} // namespace lens::runtime
