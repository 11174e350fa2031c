// SPDX-License-Identifier: Apache-2.0
// The watch stream as HttpWatchCall reads it from a QNetworkReply: newline-delimited events
// arriving in chunks that cut lines anywhere, decoded on the decoder thread (WatchDecoder →
// decodeWatchEvent → simdjson, QJsonDocument for what it declines), delivered in order, a last
// line without its newline, and the fall-behind path (a small backlog limit, so that it is
// reached with small inputs).
//
// Input: byte 0 picks the backlog limit (0 = the default 16 MiB, else n × 256 bytes), bytes
// 1-2 seed the chunk sizes (1 to 4096 bytes each), the rest is the stream.

#include "fuzzcommon.h"

#include "client/httpcalls.h"
#include "client/watchdecoder.h"

#include <QEventLoop>
#include <QNetworkReply>
#include <QSemaphore>

#include <algorithm>

namespace {

/// A QNetworkReply whose body is fed by hand: 200 OK, then the chunks, then finished().
class FedReply final : public QNetworkReply {
public:
    FedReply()
    {
        setAttribute(QNetworkRequest::HttpStatusCodeAttribute, 200);
        setUrl(QUrl(QStringLiteral("http://127.0.0.1:1/api/v1/pods?watch=1")));
        open(QIODevice::ReadOnly | QIODevice::Unbuffered);
    }
    void feed(const QByteArray &bytes)
    {
        m_data += bytes;
        Q_EMIT readyRead();
    }
    void end()
    {
        setFinished(true);
        Q_EMIT finished();
    }
    void abort() override
    {
        m_data.clear();
        m_pos = 0;
        setError(OperationCanceledError, QStringLiteral("Operation canceled"));
    }
    qint64 bytesAvailable() const override
    {
        return (m_data.size() - m_pos) + QNetworkReply::bytesAvailable();
    }

protected:
    qint64 readData(char *out, qint64 max) override
    {
        const qint64 n = std::min<qint64>(max, m_data.size() - m_pos);
        std::copy_n(m_data.constData() + m_pos, n, out);
        m_pos += n;
        return n;
    }

private:
    QByteArray m_data;
    qint64 m_pos = 0;
};

} // namespace

LENS_FUZZ_INITIALIZE

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 3)
        return 0;
    const qint64 backlogLimit = qint64(data[0]) * 256;
    quint32 seed = quint32(data[1]) << 8 | data[2];
    const QByteArray stream(reinterpret_cast<const char *>(data) + 3, qsizetype(size - 3));

    auto *reply = new FedReply;
    lens::HttpWatchCall call(reply, backlogLimit);
    bool ended = false;
    bool stopped = false;
    QEventLoop loop;
    QObject::connect(&call, &lens::WatchCall::eventReceived, [&](const lens::WatchEvent &ev) {
        lens::fuzz::touch(ev.object);
        (void)ev.status.message;
        if (ev.type == lens::WatchEvent::Type::Error) {
            stopped = true;
            call.stop(); // as the Reflector's watchHandler does on an ERROR event
            loop.quit();
        }
    });
    QObject::connect(&call, &lens::WatchCall::ended, [&] {
        ended = true;
        loop.quit();
    });

    qsizetype pos = 0;
    while (pos < stream.size() && !ended && !stopped) {
        seed = seed * 1103515245u + 12345u;
        const qsizetype n = 1 + qsizetype((seed >> 8) % 4096);
        // readyRead() is emitted here, directly: HttpWatchCall takes the whole lines so far to
        // the decoder thread at once and keeps the partial one; what is decoded is delivered
        // when the loop below runs (every feed taking a turn of the event loop costs a thread
        // hand-over each, and the search ten times its speed).
        reply->feed(stream.mid(pos, n));
        pos += n;
    }
    if (!stopped && !ended)
        reply->end();
    // Everything fed is decoded and delivered, then ended() (or the call was stopped). A watch
    // that never ends on a finished reply is a hang: libFuzzer's -timeout reports it.
    if (!stopped && !ended)
        loop.exec();
    // Chunks still decoding finish before the next run (and before the process exits and
    // destroys what decoding reads). Not a QFuture's waitForFinished(): that runs a task not
    // yet started on the waiting thread at once, ahead of those queued before it.
    QSemaphore decoded;
    lens::decoderPool()->start([&decoded] { decoded.release(); });
    decoded.acquire();
    QCoreApplication::sendPostedEvents(nullptr, QEvent::DeferredDelete);
    return 0;
}
