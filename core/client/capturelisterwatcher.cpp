// SPDX-License-Identifier: Apache-2.0
#include "capturelisterwatcher.h"

#include "api/boundedfile.h"

#include "api/jsondepth.h"
#include "httpcalls.h"
#include "informer/keys.h"
#include "trace/journal.h"

#include <QFile>
#include <QFileInfo>
#include <QMap>
#include <QTimer>

#include <nlohmann/json.hpp>

#include <cctype>
#include <cmath>
#include <sstream>

namespace lens {

namespace {
/// "pods.json:12:3" for byte `offset` of `bytes` (lines and columns from 1).
QString position(const QString &name, const QByteArray &bytes, qsizetype offset)
{
    offset = qBound<qsizetype>(0, offset, bytes.size());
    const QByteArrayView head(bytes.constData(), offset);
    const qsizetype line = head.count('\n') + 1;
    const qsizetype column = offset - (head.lastIndexOf('\n') + 1) + 1;
    return QStringLiteral("%1:%2:%3").arg(name).arg(line).arg(column);
}
} // namespace

WatchCapture WatchCapture::parse(const QByteArray &bytes, const QString &name)
{
    WatchCapture out;
    std::istringstream in(bytes.toStdString());
    auto stop = [&](qsizetype offset, const QString &why) {
        out.warning = QStringLiteral("%1: %2; kept the %3 events read before it")
                          .arg(position(name, bytes, offset), why)
                          .arg(out.events.size());
    };
    for (;;) {
        in >> std::ws;
        if (in.peek() == std::char_traits<char>::eof())
            break;
        const qsizetype start = qsizetype(in.tellg());
        // nlohmann::json parses any depth, but dump() and the copies after it recurse once per
        // level: bounded here, before the parser, with the limit every reader keeps.
        if (const qsizetype deep = jsonNestingBeyond(bytes, start); deep >= 0) {
            stop(deep, QStringLiteral("JSON nested deeper than %1 levels").arg(kMaxJsonDepth));
            break;
        }
        nlohmann::json value;
        try {
            in >> value;
        } catch (const nlohmann::json::parse_error &e) {
            // e.byte counts from the start of this value; the message after " - " is the
            // parser's reason without its own (value-relative) line and column.
            const std::string what = e.what();
            const size_t dash = what.find(" - ");
            const QString reason =
                QString::fromStdString(dash == std::string::npos ? what : what.substr(dash + 3));
            const qsizetype at = start + qsizetype(e.byte > 0 ? e.byte - 1 : 0);
            // Cut input fails where the bytes end (in a string, a literal or between members),
            // whatever the parser's reason; only an error before the end is malformed JSON.
            qsizetype end = bytes.size();
            while (end > 0 && std::isspace(static_cast<unsigned char>(bytes.at(end - 1))))
                --end;
            if (at >= end || reason.startsWith(QLatin1String("unexpected end of input"))) {
                const QString where = position(name, bytes, start).section(QLatin1Char(':'), 0, -2);
                out.warning = QStringLiteral("%1: the last object is truncated (kept the %2 events "
                                             "read before it)")
                                  .arg(where)
                                  .arg(out.events.size());
            } else {
                stop(at, QStringLiteral("malformed JSON: %1").arg(reason));
            }
            break;
        } catch (const nlohmann::json::exception &e) {
            // Well-formed but not representable: a number beyond a double (1e309; Go's
            // encoding/json refuses it too: "cannot unmarshal number 1e309"). Found by
            // fuzz_capture: uncaught, it ended the program.
            const std::string what = e.what();
            const size_t close = what.find("] ");
            stop(start, QStringLiteral("a value out of range (%1)")
                            .arg(QString::fromStdString(
                                close == std::string::npos ? what : what.substr(close + 2))));
            break;
        }
        WatchEvent ev;
        QString why;
        QByteArray json;
        try {
            json = QByteArray::fromStdString(value.dump());
        } catch (const nlohmann::json::exception &e) {
            why = QString::fromUtf8(e.what());
        }
        if (why.isEmpty() && (!value.is_object() || !decodeWatchEvent(json, &ev, &why)))
            why = why.isEmpty() ? QStringLiteral("not a JSON object") : why;
        else if (why.isEmpty() && ev.type == WatchEvent::Type::Unknown)
            why = QStringLiteral("unknown watch event type \"%1\"").arg(ev.typeName);
        if (!why.isEmpty()) {
            // find(), not value("format", ""): value() throws when "format" is not a string
            // (fuzz_capture: {"format":{...}} ended the program with SIGABRT).
            const auto format = value.is_object() ? value.find("format") : value.end();
            const bool recording =
                format != value.end() && format->is_string() && *format == "informer-lens-journal";
            stop(start, QStringLiteral("not a watch event (%1)%2")
                            .arg(why, recording ? QStringLiteral("; this looks like an "
                                                                 "informer-lens recording: open "
                                                                 "it with --open")
                                                : QString()));
            break;
        }
        out.events.append(ev);
    }
    return out;
}

bool WatchCapture::read(const QString &path, WatchCapture *out, QString *error)
{
    QByteArray text;
    if (!readBoundedFile(path, fileLimits::kWatchCapture, &text, error))
        return false;
    *out = parse(text, QFileInfo(path).fileName());
    if (!out->events.isEmpty())
        return true;
    if (error)
        *error = out->warning.isEmpty() ? QStringLiteral("%1: no watch events in it").arg(path)
                                        : out->warning.section(QLatin1String("; kept"), 0, 0);
    return false;
}

struct CaptureListerWatcher::State {
    QList<WatchEvent> events;
    QString name;
    QPointer<Journal> journal;
    double eventsPerSecond = 50;
    qsizetype cursor = 0;
    QMap<QString, Object> objects; ///< what the delivered events imply, by key
    QString kind, apiVersion;      ///< the first object's: the capture's type
    QString resourceVersion;
    bool endNoted = false;
    QString warning;

    void apply(const WatchEvent &ev)
    {
        if (ev.type == WatchEvent::Type::Error)
            return;
        if (!ev.object.resourceVersion().isEmpty())
            resourceVersion = ev.object.resourceVersion();
        if (ev.type == WatchEvent::Type::Bookmark)
            return;
        if (!kind.isEmpty() && (ev.object.kind() != kind || ev.object.apiVersion() != apiVersion))
            return; // not of this watch's type: the Reflector skips it too
        const KeyResult k = metaNamespaceKeyFunc(ev.object);
        if (!k.ok())
            return;
        if (ev.type == WatchEvent::Type::Deleted)
            objects.remove(k.key);
        else
            objects.insert(k.key, ev.object);
    }

    void noteEnd()
    {
        if (endNoted || !journal)
            return;
        endNoted = true;
        TraceEvent e;
        e.kind = TraceKind::Info;
        e.component = QStringLiteral("capture");
        e.type = QStringLiteral("ended");
        e.resourceVersion = resourceVersion;
        e.detail.insert(QLatin1String("message"),
                        QStringLiteral("capture ended: all %1 events of %2 replayed; no more "
                                       "events will come (the window keeps the watch open, "
                                       "--headless exits)")
                            .arg(events.size())
                            .arg(name));
        e.detail.insert(QLatin1String("events"), qint64(events.size()));
        journal->record(std::move(e));
    }
};

namespace {
class CaptureListCall final : public ListCall {
public:
    explicit CaptureListCall(ListPage page)
    {
        m_ok = true;
        m_page = std::move(page);
        QTimer::singleShot(0, this, [this] { finish(); });
    }
    void abort() override
    {
        m_ok = false;
        m_error = ApiStatus::transportError(ApiStatus::Transport::ConnectionLost,
                                            QStringLiteral("list aborted"));
        finish();
    }

private:
    void finish()
    {
        if (std::exchange(m_done, true))
            return;
        Q_EMIT finished();
    }
    bool m_done = false;
};

class CaptureWatchCall final : public WatchCall {
public:
    explicit CaptureWatchCall(std::shared_ptr<CaptureListerWatcher::State> state)
        : m_state(std::move(state)), m_timer(new QTimer(this))
    {
        m_responded = true;
        m_timer->setSingleShot(true);
        connect(m_timer, &QTimer::timeout, this, &CaptureWatchCall::tick);
        m_timer->start(intervalMs());
    }
    void stop() override
    {
        m_stopped = true;
        m_timer->stop();
    }

private:
    int intervalMs() const
    {
        const double eps = m_state->eventsPerSecond;
        return eps <= 0 ? 0 : qMax(10, int(std::lround(1000 / eps)));
    }
    qsizetype perTick() const
    {
        const double eps = m_state->eventsPerSecond;
        return eps <= 0 ? 200 : qMax<qsizetype>(1, std::lround(eps * intervalMs() / 1000));
    }
    void tick()
    {
        QPointer<CaptureWatchCall> self(this);
        State &s = *m_state;
        for (qsizetype n = perTick(); n > 0 && !m_stopped && s.cursor < s.events.size(); --n) {
            const WatchEvent ev = s.events.at(s.cursor++);
            s.apply(ev);
            Q_EMIT eventReceived(ev);
            if (!self)
                return;
        }
        if (m_stopped)
            return;
        if (s.cursor >= s.events.size())
            return s.noteEnd(); // stays open, silent
        m_timer->start(intervalMs());
    }
    using State = CaptureListerWatcher::State;
    std::shared_ptr<State> m_state;
    QTimer *m_timer;
    bool m_stopped = false;
};
} // namespace

CaptureListerWatcher::CaptureListerWatcher(WatchCapture capture, const QString &name,
                                           Journal *journal, double eventsPerSecond)
    : m_state(std::make_shared<State>())
{
    m_state->events = std::move(capture.events);
    m_state->warning = capture.warning;
    m_state->name = name;
    m_state->journal = journal;
    m_state->eventsPerSecond = eventsPerSecond;
    for (const WatchEvent &ev : std::as_const(m_state->events)) {
        if (!ev.object.resourceVersion().isEmpty()) {
            m_state->resourceVersion = ev.object.resourceVersion();
            break;
        }
    }
    for (const WatchEvent &ev : std::as_const(m_state->events)) {
        if (ev.type != WatchEvent::Type::Error && ev.type != WatchEvent::Type::Bookmark &&
            !ev.object.kind().isEmpty()) {
            m_state->kind = ev.object.kind();
            m_state->apiVersion = ev.object.apiVersion();
            break;
        }
    }
}

QString CaptureListerWatcher::objectKind() const
{
    return m_state->kind;
}

QString CaptureListerWatcher::objectApiVersion() const
{
    return m_state->apiVersion;
}

CaptureListerWatcher::~CaptureListerWatcher() = default;

ListCall *CaptureListerWatcher::list(const ListOptions &)
{
    ListPage page;
    page.items = m_state->objects.values();
    page.resourceVersion = m_state->resourceVersion;
    return new CaptureListCall(std::move(page));
}

WatchCall *CaptureListerWatcher::watch(const ListOptions &)
{
    return new CaptureWatchCall(m_state);
}

QString CaptureListerWatcher::description() const
{
    const double eps = m_state->eventsPerSecond;
    return QStringLiteral("kubectl watch capture %1 (%2 events, %3)")
        .arg(m_state->name)
        .arg(m_state->events.size())
        .arg(eps <= 0 ? QStringLiteral("as fast as possible")
                      : QStringLiteral("%1 events/s").arg(eps));
}

void CaptureListerWatcher::setEventsPerSecond(double eventsPerSecond)
{
    m_state->eventsPerSecond = eventsPerSecond;
}

qsizetype CaptureListerWatcher::delivered() const
{
    return m_state->cursor;
}

QString CaptureListerWatcher::warning() const
{
    return m_state->warning;
}

qsizetype CaptureListerWatcher::total() const
{
    return m_state->events.size();
}

} // namespace lens
