// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QObject>
#include <QPointer>
#include <QString>

#include <functional>
#include <optional>

class QNetworkReply;
class QUrl;

namespace lens {

class Clock;
class ClockTimer;

/// Gives up on a request whose server went silent, timed on a Clock: real time unless told
/// otherwise (silence on a network is real time; a test whose fake server answers only as its
/// ManualClock advances passes that clock, so that it reaches the limits without waiting).
///
/// Go's client finds a dead connection with HTTP/2's health check (client-go's transport sets
/// ReadIdleTimeout 30 s and PingTimeout 15 s: a connection silent for 30 s is pinged and closed
/// if the ping is not answered within 15 s); QNetworkAccessManager speaks HTTP/1.1 to an API
/// server and has no ping, so silence itself is the signal, with limits a live server never
/// reaches: no answer at all (not even the response headers) for `noAnswerMs`, and then no byte
/// for `silenceMs` (for a watch: its timeoutSeconds plus a minute, since the server ends the
/// stream itself at timeoutSeconds; for a list: a minute). When that happens the reply is
/// aborted and silenceStatus() words why; the reflector then backs off and retries as after any
/// transport error.
///
/// Activity is every readyRead or metaDataChanged of the reply, and whatever `busy` says: a call
/// that stopped reading because it is behind (back-pressure, see HttpWatchCall) is not silence.
/// The timer is armed once per period, not per byte: when it fires early relative to the last
/// activity it re-arms for the rest.
class SilenceWatchdog final : public QObject {
    Q_OBJECT
public:
    /// `clock` is not owned and must outlive the watchdog (null: a real-time clock).
    /// `description` names the request in the message ("the watch", "the list").
    SilenceWatchdog(const Clock *clock, QString description, qint64 noAnswerMs, qint64 silenceMs,
                    QObject *parent = nullptr);
    ~SilenceWatchdog() override;

    /// Starts watching `reply` (its clock starts now). `busy`, when set, is asked before giving
    /// up: true means the call still holds undelivered data (not the server's silence).
    void watch(QNetworkReply *reply, std::function<bool()> busy = {});
    void stop();

    /// When `reply` was aborted by a SilenceWatchdog: a Transport::Timeout message such as
    /// "the watch sent to 127.0.0.1:8080 got no answer (not even response headers) in 60 s";
    /// otherwise nothing.
    static std::optional<QString> silenceMessage(const QNetworkReply *reply);

    /// "host:port" of `url` (the port spelled out: 443 for https, 80 for http when absent), as
    /// the transport errors name a server.
    static QString endpoint(const QUrl &url);

    /// A real-time Clock shared by every watchdog that was given none.
    static const Clock *realTime();

private:
    void activity();
    void check();

    const Clock *m_clock;
    QString m_description;
    qint64 m_noAnswerMs;
    qint64 m_silenceMs;
    ClockTimer *m_timer;
    QPointer<QNetworkReply> m_reply;
    std::function<bool()> m_busy;
    qint64 m_lastActivityMs = 0;
    bool m_answered = false;
};

} // namespace lens
