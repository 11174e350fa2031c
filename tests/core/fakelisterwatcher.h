// SPDX-License-Identifier: Apache-2.0
// An in-memory ListerWatcher for the reflector and informer suites: every LIST and WATCH is
// recorded with its ListOptions and answered from a script on the next event-loop turn
// (QTimer::singleShot(0)), the way an HTTP answer would arrive.
#pragma once

#include "testutil.h"

#include "informer/indexer.h"
#include "informer/listerwatcher.h"
#include "informer/queue.h"
#include "trace/clock.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QPointer>
#include <QTimer>

#include <functional>

namespace lens::test {

inline ApiStatus apiStatus(int code, const QString &reason, const QString &message = QString())
{
    ApiStatus s;
    s.code = code;
    s.reason = reason;
    s.message = message;
    return s;
}

/// The errors a test script can name: "410" (Expired), "410gone" (Gone), "429", "500",
/// "tooLarge-cause" (504 with cause ResourceVersionTooLarge), "tooLarge-causeMessage" (504 with a
/// cause message "Too large resource version"), "tooLarge-message" (504 whose message says it),
/// "refused" (connection refused), "422" (Invalid: a server without watch-list support),
/// anything else → 500 with that message.
inline ApiStatus namedError(const QString &name)
{
    auto fromJson = [](int code, const QString &reason, const QString &message,
                       const QJsonObject &cause) {
        QJsonObject st;
        st.insert(QStringLiteral("kind"), QStringLiteral("Status"));
        st.insert(QStringLiteral("code"), code);
        st.insert(QStringLiteral("reason"), reason);
        st.insert(QStringLiteral("message"), message);
        if (!cause.isEmpty()) {
            QJsonObject details;
            details.insert(QStringLiteral("causes"), QJsonArray{cause});
            st.insert(QStringLiteral("details"), details);
        }
        return ApiStatus::fromStatusJson(st, code);
    };
    if (name == QLatin1String("410"))
        return apiStatus(410, QStringLiteral("Expired"),
                         QStringLiteral("too old resource version: 1 (5)"));
    if (name == QLatin1String("410gone"))
        return apiStatus(410, QStringLiteral("Gone"), QStringLiteral("gone"));
    if (name == QLatin1String("429"))
        return apiStatus(429, QStringLiteral("TooManyRequests"), QStringLiteral("slow down"));
    if (name == QLatin1String("422"))
        return apiStatus(422, QStringLiteral("Invalid"),
                         QStringLiteral("ListOptions.meta.k8s.io \"\" is invalid: "
                                        "resourceVersionMatch: Forbidden: resourceVersionMatch "
                                        "is forbidden for watch"));
    if (name == QLatin1String("500"))
        return apiStatus(500, QStringLiteral("InternalError"), QStringLiteral("boom"));
    if (name == QLatin1String("storeread")) // metav1.StatusReasonStoreReadError
        return apiStatus(500, QStringLiteral("StorageReadError"),
                         QStringLiteral("failed to read pods: corrupt object"));
    if (name == QLatin1String("refused"))
        return ApiStatus::transportError(ApiStatus::Transport::ConnectionRefused,
                                         QStringLiteral("127.0.0.1:6443"));
    if (name == QLatin1String("tooLarge-cause")) {
        QJsonObject c;
        c.insert(QStringLiteral("reason"), QStringLiteral("ResourceVersionTooLarge"));
        c.insert(QStringLiteral("message"), QStringLiteral("Too large resource version"));
        return fromJson(504, QStringLiteral("Timeout"), QStringLiteral("timeout"), c);
    }
    if (name == QLatin1String("tooLarge-causeMessage")) {
        QJsonObject c;
        c.insert(QStringLiteral("message"), QStringLiteral("Too large resource version"));
        return fromJson(504, QStringLiteral("Timeout"), QStringLiteral("timeout"), c);
    }
    if (name == QLatin1String("tooLarge-message"))
        return fromJson(504, QStringLiteral("Timeout"),
                        QStringLiteral("Too large resource version: 40, current: 35"), {});
    return apiStatus(500, QStringLiteral("InternalError"), name);
}

inline WatchEvent watchEvent(WatchEvent::Type type, const Object &o)
{
    WatchEvent e;
    e.type = type;
    e.object = o;
    switch (type) {
    case WatchEvent::Type::Added:
        e.typeName = QStringLiteral("ADDED");
        break;
    case WatchEvent::Type::Modified:
        e.typeName = QStringLiteral("MODIFIED");
        break;
    case WatchEvent::Type::Deleted:
        e.typeName = QStringLiteral("DELETED");
        break;
    case WatchEvent::Type::Bookmark:
        e.typeName = QStringLiteral("BOOKMARK");
        break;
    case WatchEvent::Type::Error:
        e.typeName = QStringLiteral("ERROR");
        break;
    case WatchEvent::Type::Unknown:
        e.typeName = QStringLiteral("WHATEVER");
        break;
    }
    return e;
}

/// "ADDED a@1", "MODIFIED a@2", "DELETED a@3", "BOOKMARK @30" (only a resourceVersion),
/// "BOOKMARK nometa", "BOOKMARK @5 end" (annotated k8s.io/initial-events-end: "true"),
/// "BOOKMARK @5 end=false", "UNKNOWN a@4", "ERROR <namedError>", "ERROR pod:a@5" (an ERROR
/// event carrying a Pod instead of a Status).
inline WatchEvent eventFromSpec(const QString &spec)
{
    const QString type = spec.section(QLatin1Char(' '), 0, 0);
    const QString arg = spec.section(QLatin1Char(' '), 1);
    if (type == QLatin1String("ERROR") && arg.startsWith(QLatin1String("pod:"))) {
        // An ERROR event whose object is not a Status (RF-01): no Status to decode.
        return watchEvent(WatchEvent::Type::Error, objFromSpec(arg.mid(4)));
    }
    if (type == QLatin1String("ERROR")) {
        WatchEvent e =
            watchEvent(WatchEvent::Type::Error, Object::fromJson(namedError(arg).toStatusJson()));
        e.status = namedError(arg);
        return e;
    }
    if (type == QLatin1String("BOOKMARK")) {
        if (arg == QLatin1String("nometa"))
            return watchEvent(WatchEvent::Type::Bookmark, objFromSpec(arg));
        QJsonObject meta;
        meta.insert(QStringLiteral("resourceVersion"), arg.section(QLatin1Char(' '), 0, 0).mid(1));
        const QString end = arg.section(QLatin1Char(' '), 1);
        if (end.startsWith(QLatin1String("end"))) {
            QJsonObject ann;
            ann.insert(QStringLiteral("k8s.io/initial-events-end"),
                       end == QLatin1String("end") ? QStringLiteral("true") : end.mid(4));
            meta.insert(QStringLiteral("annotations"), ann);
        }
        QJsonObject json;
        json.insert(QStringLiteral("kind"), QStringLiteral("Pod"));
        json.insert(QStringLiteral("metadata"), meta);
        return watchEvent(WatchEvent::Type::Bookmark, Object::fromJson(json));
    }
    WatchEvent::Type t = WatchEvent::Type::Unknown;
    if (type == QLatin1String("ADDED"))
        t = WatchEvent::Type::Added;
    else if (type == QLatin1String("MODIFIED"))
        t = WatchEvent::Type::Modified;
    else if (type == QLatin1String("DELETED"))
        t = WatchEvent::Type::Deleted;
    return watchEvent(t, objFromSpec(arg));
}

/// One scripted LIST answer.
struct ListReply {
    bool ok = true;
    ListPage page;
    ApiStatus error;
};

inline ListReply okReply(const QList<Object> &items, const QString &rv,
                         const QString &continueToken = QString())
{
    ListReply r;
    r.page.items = items;
    r.page.resourceVersion = rv;
    r.page.continueToken = continueToken;
    return r;
}

inline ListReply errorReply(const ApiStatus &s)
{
    ListReply r;
    r.ok = false;
    r.error = s;
    return r;
}

/// One scripted WATCH: `failBeforeAnswer` → the call ends with `endStatus` and responded() false
/// (client-go: Watch() returned an error). Otherwise the events are delivered, then the stream
/// stays open (End::Open) or ends (`advanceMs` on the manual clock first).
struct WatchScript {
    enum class End { Open, Clean, Error };
    bool failBeforeAnswer = false;
    QList<WatchEvent> events;
    End end = End::Open;
    ApiStatus endStatus;
    qint64 advanceMs = 0;
};

/// "ADDED a@11;MODIFIED a@12;end" | "end+1500" | "broken" | "open" | "fail <namedError>"
inline WatchScript watchFromSpec(const QString &spec)
{
    WatchScript w;
    for (const QString &part : spec.split(QLatin1Char(';'), Qt::SkipEmptyParts)) {
        const QString p = part.trimmed();
        if (p.startsWith(QLatin1String("fail "))) {
            w.failBeforeAnswer = true;
            w.endStatus = namedError(p.mid(5));
            w.end = WatchScript::End::Error;
        } else if (p == QLatin1String("end")) {
            w.end = WatchScript::End::Clean;
        } else if (p.startsWith(QLatin1String("end+"))) {
            w.end = WatchScript::End::Clean;
            w.advanceMs = p.mid(4).toLongLong();
        } else if (p == QLatin1String("broken")) {
            w.end = WatchScript::End::Error;
            w.endStatus = ApiStatus::transportError(ApiStatus::Transport::Truncated,
                                                    QStringLiteral("unexpected EOF"));
        } else if (p == QLatin1String("open")) {
            w.end = WatchScript::End::Open;
        } else {
            w.events << eventFromSpec(p);
        }
    }
    return w;
}

class FakeListCall : public ListCall {
    Q_OBJECT
public:
    bool aborted = false;
    void abort() override { aborted = true; }
    void answer(const ListReply &r)
    {
        if (aborted)
            return;
        m_ok = r.ok;
        m_page = r.page;
        m_error = r.error;
        Q_EMIT finished();
    }
};

class FakeWatchCall : public WatchCall {
    Q_OBJECT
public:
    bool stopped = false;
    void stop() override { stopped = true; }
    void setResponded() { m_responded = true; }
};

/// Describes a request the way the tests compare them.
/// tools/pager's fake server: `total` items, honours limit, hands out continue tokens "c<offset>"
/// while items remain; list RV `rv`. With `expireContinue`, any continuation request is answered
/// 410 Expired (the token fell out of the compaction window).
inline ListReply pagerServer(const ListOptions &o, int total, const QString &rv,
                             bool expireContinue)
{
    if (!o.continueToken.isEmpty() && expireContinue)
        return errorReply(namedError(QStringLiteral("410")));
    const int offset = o.continueToken.isEmpty() ? 0 : o.continueToken.mid(1).toInt();
    const int end = o.limit > 0 ? qMin(total, offset + o.limit) : total;
    QList<Object> items;
    for (int i = offset; i < end; ++i)
        items << pod(QStringLiteral("p%1").arg(i, 3, 10, QLatin1Char('0')), rv);
    return okReply(items, rv, end < total ? QStringLiteral("c%1").arg(end) : QString());
}

inline QString describeList(const ListOptions &o)
{
    QString s = QStringLiteral("list rv=%1 limit=%2").arg(o.resourceVersion).arg(o.limit);
    if (!o.continueToken.isEmpty())
        s += QStringLiteral(" continue=") + o.continueToken;
    if (!o.resourceVersionMatch.isEmpty())
        s += QStringLiteral(" match=") + o.resourceVersionMatch;
    return s;
}

inline QString describeWatch(const ListOptions &o)
{
    QString s = QStringLiteral("watch rv=") + o.resourceVersion;
    if (!o.allowWatchBookmarks)
        s += QStringLiteral(" no-bookmarks");
    if (o.timeoutSeconds < 300 || o.timeoutSeconds >= 600)
        s += QStringLiteral(" timeout=%1").arg(o.timeoutSeconds);
    if (o.sendInitialEvents)
        s += QStringLiteral(" sendInitialEvents match=") + o.resourceVersionMatch;
    if (o.limit != 0 || !o.continueToken.isEmpty() ||
        (!o.resourceVersionMatch.isEmpty() && !o.sendInitialEvents))
        s += QStringLiteral(" unexpected-options");
    return s;
}

class FakeListerWatcher : public ListerWatcher {
public:
    /// Answers lists; when unset, `listScript` is consumed in order (exhausted → never answers).
    std::function<ListReply(const ListOptions &)> listHandler;
    QList<ListReply> listScript;
    /// Consumed in order; exhausted → a watch that stays open with no events.
    QList<WatchScript> watchScript;
    ManualClock *clock = nullptr;
    /// Called after each delivered watch event (the reflector has handled it by then).
    std::function<void(const WatchEvent &)> afterEvent;
    /// Called when a list request arrives, before it is answered.
    std::function<void(const ListOptions &)> onList;
    /// Called when a watch request arrives, before its script is taken.
    std::function<void(const ListOptions &)> onWatch;

    QList<ListOptions> lists;
    QList<ListOptions> watches;
    QStringList requests; ///< describeList / describeWatch, in order
    int eventsDelivered = 0;
    QList<QPointer<FakeWatchCall>> watchCalls;
    QList<QPointer<FakeListCall>> listCalls;

    ListCall *list(const ListOptions &options) override
    {
        lists << options;
        requests << describeList(options);
        if (onList)
            onList(options);
        auto *call = new FakeListCall;
        listCalls << call;
        if (listHandler) {
            const ListReply r = listHandler(options);
            QTimer::singleShot(0, call, [call, r] { call->answer(r); });
        } else if (!listScript.isEmpty()) {
            const ListReply r = listScript.takeFirst();
            QTimer::singleShot(0, call, [call, r] { call->answer(r); });
        }
        return call;
    }

    WatchCall *watch(const ListOptions &options) override
    {
        watches << options;
        requests << describeWatch(options);
        if (onWatch)
            onWatch(options);
        auto *call = new FakeWatchCall;
        watchCalls << call;
        const WatchScript s = watchScript.isEmpty() ? WatchScript{} : watchScript.takeFirst();
        QTimer::singleShot(0, call, [this, call, s] { play(call, s); });
        return call;
    }

    QString description() const override { return QStringLiteral("fake"); }

    /// Delivers one more event on the newest watch (for tests that drive events by hand).
    void push(const WatchEvent &e)
    {
        FakeWatchCall *c = watchCalls.isEmpty() ? nullptr : watchCalls.last().data();
        if (!c || c->stopped)
            return;
        Q_EMIT c->eventReceived(e);
        ++eventsDelivered;
        if (afterEvent)
            afterEvent(e);
    }
    /// Ends the newest watch (clean close when `status` is default).
    void endWatch(const ApiStatus &status = ApiStatus())
    {
        FakeWatchCall *c = watchCalls.isEmpty() ? nullptr : watchCalls.last().data();
        if (c && !c->stopped)
            Q_EMIT c->ended(status);
    }

private:
    void play(FakeWatchCall *call, const WatchScript &s)
    {
        if (call->stopped)
            return;
        if (s.failBeforeAnswer) {
            Q_EMIT call->ended(s.endStatus);
            return;
        }
        call->setResponded();
        for (const WatchEvent &e : s.events) {
            if (call->stopped)
                return;
            Q_EMIT call->eventReceived(e);
            ++eventsDelivered;
            if (afterEvent)
                afterEvent(e);
        }
        if (call->stopped || s.end == WatchScript::End::Open)
            return;
        if (clock && s.advanceMs > 0)
            clock->advance(s.advanceMs);
        Q_EMIT call->ended(s.end == WatchScript::End::Clean ? ApiStatus() : s.endStatus);
    }
};

/// A Queue that is a plain Store (client-go's reflector tests use NewStore): every call is
/// applied to an Indexer and recorded.
class RecordingStore : public Queue {
public:
    Indexer store;
    QStringList calls;
    QString resyncError; ///< what resync() answers

    QString modeName() const override { return QStringLiteral("RecordingStore"); }
    QString add(const Object &o) override
    {
        calls << QStringLiteral("add ") + spec(o);
        return store.add(o).error;
    }
    QString update(const Object &o) override
    {
        calls << QStringLiteral("update ") + spec(o);
        return store.update(o).error;
    }
    QString remove(const Object &o) override
    {
        calls << QStringLiteral("delete ") + spec(o);
        return store.remove(o).error;
    }
    QString replace(QList<Object> list, const QString &rv) override
    {
        calls << QStringLiteral("replace %1 rv=%2").arg(list.size()).arg(rv);
        return store.replace(list, rv);
    }
    QString resync() override
    {
        calls << QStringLiteral("resync");
        return resyncError;
    }
    PopResult pop(const PopProcessFunc &) override { return {}; }
    bool hasSynced() const override { return true; }
    QStringList listKeys() const override { return store.listKeys(); }
    qsizetype size() const override { return store.size(); }
    QList<QueueEntry> entries() const override { return {}; }
    void close() override { m_closed = true; }
    bool isClosed() const override { return m_closed; }

    /// Sorted "key@rv".
    QStringList contents() const
    {
        QStringList out;
        for (const Object &o : store.list())
            out << spec(o);
        out.sort();
        return out;
    }
    static QString spec(const Object &o)
    {
        return metaNamespaceKeyFunc(o).key + QLatin1Char('@') + o.resourceVersion();
    }

private:
    bool m_closed = false;
};

} // namespace lens::test
