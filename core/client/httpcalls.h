// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "informer/listerwatcher.h"

#include <QFutureWatcher>
#include <QPointer>
#include <QTimer>

#include <memory>

class QNetworkReply;

namespace lens::fastjson {
class ListStream;
} // namespace lens::fastjson

namespace lens {
class Clock;
class SilenceWatchdog;
class WatchDecoder;
} // namespace lens

namespace lens {

/// Turns a finished reply's error state into an ApiStatus (HTTP Status body, Retry-After,
/// or a transport error). `body` is what was read of the answer.
ApiStatus statusFromReply(QNetworkReply *reply, const QByteArray &body);

/// A LIST over one QNetworkReply; see ListCall.
/// The body of a LIST is taken from the reply as it arrives, at most 4 MiB per
/// event-loop turn, and decoded on the decoder thread (decoderPool(): a list of a large
/// cluster, 900 MB for 150 000 pods from a resourceVersion=0 LIST that the watch cache answers
/// whole, would stall the UI thread for most of a second just to be copied). A successful
/// answer's pieces go to a fastjson::ListStream as they arrive, which decodes the items that
/// arrived whole and lets their bytes go, so the body is never held whole; what is left is
/// decoded when the reply ends (parseStream()). The network never runs far ahead of the decoder:
/// past ReadLimits::decodeAheadBytes waiting to be decoded the call stops taking bytes and the
/// server waits (TCP flow control), as a Go client's body read paces the server for client-go.
/// finished() follows on this object's thread.
/// abort() after the answer arrived (while it is parsed) does nothing, as after finished().
class HttpListCall final : public ListCall {
    Q_OBJECT
public:
    /// `reply` null: the request is not sent yet (its credential is being fetched); attach()
    /// or failBeforeSending() follows.
    explicit HttpListCall(QNetworkReply *reply);
    ~HttpListCall() override;
    void abort() override;
    /// The request went out: its reply (after a null one in the constructor).
    void attach(QNetworkReply *reply);
    /// The request could not be sent (no credential): finished() with `error`.
    void failBeforeSending(const ApiStatus &error);
    /// Gives the list up when its server is silent (SilenceWatchdog on `clock`, null = real
    /// time): no answer in `noAnswerMs`, or no byte for `silenceMs` after the answer began.
    /// Call before attach().
    void setSilenceLimits(const Clock *clock, qint64 noAnswerMs, qint64 silenceMs);

    /// A decoded LIST body: the page, or the error client-go's decoder would give.
    struct Parsed {
        bool ok = false;
        QString kind;       ///< the list's kind as sent ("PodList"), "" when it had none
        QString apiVersion; ///< the list's apiVersion as sent ("v1"), "" when it had none
        ListPage page;
        ApiStatus error;
    };
    /// Decodes a LIST body as the decoder thread does (also for bench_object): simdjson first
    /// (api/objectdecode.h), QJsonDocument for what it declines and for every error message
    /// ("list body is not valid JSON at byte N: ...", Transport::Truncated when it stops in an
    /// unterminated value, else Transport::Decode). May grow `body`'s capacity (padding).
    /// A body whose kind is not a list is an error that keeps the informer's state (the
    /// Reflector retries): a Status gives its own code, reason and message as rest.Result.Into
    /// does (errors.FromObject; Transport::Decode when it has no code), any other kind
    /// Transport::Decode. A body without a kind is a list (client-go fills the kind in).
    static Parsed parse(QByteArray &body);
    /// The end of a streamed body: remainder() of `stream` decoded as parse() decodes a body,
    /// with the items it decoded on the way in front; byte offsets and item indices in errors
    /// are the whole body's.
    static Parsed parseStream(fastjson::ListStream &stream);
    /// The pieces of a body joined into one buffer with room for the parser's padding after
    /// it; each piece is released as soon as it was copied, so the body is held about once.
    static QByteArray joinPieces(QList<QByteArray> &pieces);

    /// How much of the body is taken and held ahead of the decoder thread, in bytes.
    struct ReadLimits {
        /// The most taken from the reply per event-loop turn (4 MiB).
        qint64 pieceBytes = qint64(4) << 20;
        /// The most of a successful answer's body waiting for the decoder thread (16 MiB).
        /// Past it the call takes nothing from its reply until half of it was decoded; the
        /// reply's read buffer fills, Qt stops reading the socket, and TCP's flow control makes
        /// the server wait. Without it the network outran the decoder at 150 000 pods (up to
        /// 366 MB in the reply and 581 MB queued), and the allocator kept the freed pages.
        qint64 decodeAheadBytes = qint64(16) << 20;
        /// The reply's read buffer (QNetworkReply::setReadBufferSize, 4 MiB).
        qint64 readBufferBytes = qint64(4) << 20;
    };
    /// Other limits than the defaults (for tests); any time, best before the answer arrives.
    void setReadLimits(const ReadLimits &limits);
    /// ListOptions::itemTransform: applied to each item on the decoder thread as it is decoded
    /// (an error, or a null result, keeps the item as it was). Call before the answer arrives.
    void setItemTransform(TransformFunc transform);
    /// ListOptions::packer, the one inside the item transform (packedAfter()): a piece's items
    /// are packed on two threads once its dictionary is trained (while it samples, on one, so
    /// that the same list trains the same dictionary), and the items it kept unpacked to train
    /// on are packed at the end of the list. Call before the answer arrives.
    void setObjectPacker(std::shared_ptr<ObjectPacker> packer);
    /// The kind of list asked for, e.g. "PodList" (HttpListerWatcher::setItemKind()): a body
    /// of another list kind is an error that keeps the informer's state; "" (the default)
    /// takes any list. Call before the answer arrives.
    void setListKind(const QString &listKind, const QString &apiVersion = {})
    {
        m_listKind = listKind;
        m_listApiVersion = apiVersion;
    }
    /// Bytes of the answer taken from the reply so far.
    qint64 bytesTaken() const { return m_bytesTaken; }

private:
    /// Where parse()'s errors are in the whole body when it decodes a ListStream's remainder.
    struct Shift {
        qsizetype headBytes = 0; ///< offsets from here on are `removedBytes` further
        qsizetype removedBytes = 0;
        qsizetype items = 0; ///< item i is the body's item i + items
    };
    static Parsed parse(QByteArray &body, const Shift &shift);
    /// A body whose "kind" is not a list's: `*out` gets the error and true is returned.
    static bool refuseNonList(const QJsonObject &body, Parsed *out);
    /// A list of another kind than `listKind` (when both are known) becomes an error.
    static void refuseOtherList(Parsed *parsed, const QString &listKind, const QString &apiVersion);
    void onFinished();
    void takeArrived();
    void feed(QByteArray piece);
    void complete();
    /// `transform`(item), or `item` when it fails.
    static Object transformed(const TransformFunc &transform, const Object &item);
    /// Items from index `from` on through `transform` (nothing for a failed list).
    static void transformItems(const TransformFunc &transform, Parsed *parsed, qsizetype from);
    /// The list's first `packer->samples()` items that the packer returned unpacked while it
    /// sampled, packed now that its dictionary exists (else they stayed whole in the cache).
    static void packSamples(const std::shared_ptr<ObjectPacker> &packer, Parsed *parsed);
    std::shared_ptr<ObjectPacker> m_packer;
    QPointer<QNetworkReply> m_reply;
    QList<QByteArray> m_pieces; ///< an error's body so far, as the reply delivered it
    struct Feed;
    std::shared_ptr<Feed> m_feed; ///< a successful answer's body so far, on the decoder thread
    /// The first bytes of a streamed answer, for an error that cuts it off (statusFromReply()
    /// quotes the body's start).
    QByteArray m_bodyStart;
    static constexpr qsizetype kBodyStartBytes = 256;
    QTimer m_moreArrived; ///< comes back for the next piece (zero timer, single shot)
    bool m_replyFinished = false;
    ReadLimits m_limits;
    TransformFunc m_itemTransform;
    QString m_listKind;
    QString m_listApiVersion;
    qint64 m_bytesTaken = 0;
    SilenceWatchdog *m_watchdog = nullptr;
    QFutureWatcher<Parsed> *m_parsing = nullptr;
    bool m_done = false;
};

/// A WATCH over one QNetworkReply; see WatchCall. Newline-delimited events are decoded on a
/// worker thread (WatchDecoder: the JSON parsing is most of a watch's cost) and emitted on this
/// object's thread in arrival order (client-go's StreamWatcher.receive), in slices of at most
/// sliceBudgetMs() of delivery per event-loop turn: when the server pours events in faster than
/// the thread takes them, the rest waits for the next pass of the event loop's timers instead
/// of stalling the thread (and the window on it) for as long as the backlog lasts. At most
/// maxDecodingBytes() of the stream are handed to the decoder ahead of delivery; the rest waits in
/// the reply's buffer.
///
/// Back-pressure: the reply buffers at most readBufferBytes() (QNetworkReply::setReadBufferSize);
/// past that Qt's network thread stops reading the socket, the kernel's buffers fill and the
/// server's writes wait, as a Go client's response body is read only as fast as its decoder
/// takes it. Without it, Qt read a WatchList's flood as fast as it arrived and the thread
/// spent its turns copying a backlog of tens of megabytes. Qt 6.4 applies the size on its
/// network thread by a queued call once the request has started, so bytes that arrive before
/// that (a server on loopback answering while this thread was preempted between get() and
/// attach()) are read without the limit: the backlog limit below then lets the stream go and
/// the reflector watches again from its last resourceVersion, as after any broken watch.
///
/// Bounded when behind: when more than `backlogLimit` bytes wait undelivered (in the reply, here
/// and in the decoder; with the read buffer bounded this only happens with a limit below
/// heldAtMostBytes(): twice readBufferBytes(), since Qt 6.4's network thread hands over what
/// it read ahead for the reply all at once when the stream ends, plus what is decoding and a
/// line or two), the call
/// keeps the first `backlogLimit` of them (at least one whole event), closes the connection,
/// delivers what it kept and then ends with Transport::ConnectionLost and a message saying how
/// far behind it was — as kube-apiserver closes a watcher that falls behind ("Forcing watcher
/// close due to unresponsiveness"). The reflector re-watches from its last resourceVersion, so
/// the events let go come again and none is lost or repeated; every round makes progress.
///
/// A line that is not a watch event becomes an ERROR event with a 500 InternalError Status
/// ("unable to decode an event from the watch stream: …"); a stream that ends in the middle of
/// a line ends with Transport::Truncated. A line longer than maxEventBytes() (16 MiB, the
/// limit of apimachinery's streaming decoder, whose ErrObjectTooLarge client-go's
/// StreamWatcher reports the same way) becomes that ERROR event too ("object to decode was
/// longer than maximum allowed size"), and the call lets the connection go and reads nothing
/// more: memory stays bounded however long the line (a server or proxy that never sends the
/// newline).
class HttpWatchCall final : public WatchCall {
    Q_OBJECT
public:
    /// `backlogLimit`: bytes of undelivered stream tolerated (<= 0: defaultBacklogLimit()).
    /// `reply` null: the request is not sent yet (its credential is being fetched); attach()
    /// or failBeforeSending() follows.
    explicit HttpWatchCall(QNetworkReply *reply, qint64 backlogLimit = 0);
    ~HttpWatchCall() override;
    void stop() override;
    /// deliverableBytes(): what this call will still deliver without another byte from the
    /// server. An unfinished last line alone counts 0 (it waits for the server).
    qint64 undeliveredBytes() const override { return deliverableBytes(); }
    /// The request went out: its reply (after a null one in the constructor). After stop()
    /// the reply is aborted at once.
    void attach(QNetworkReply *reply);
    /// The request could not be sent (no credential): ended() with `error`, the call not
    /// responded().
    void failBeforeSending(const ApiStatus &error);
    /// Gives the watch up when its server is silent (SilenceWatchdog on `clock`, null = real
    /// time): no answer in `noAnswerMs`, or no byte for `silenceMs` while nothing waits
    /// undelivered here. Ends with Transport::Timeout. Call before attach().
    void setSilenceLimits(const Clock *clock, qint64 noAnswerMs, qint64 silenceMs);
    /// ListOptions::packer: the object of each ADDED, MODIFIED and DELETED event is packed on
    /// the decoder thread as it is decoded (null: kept as received). Call before attach().
    void setObjectPacker(std::shared_ptr<ObjectPacker> packer);
    /// Milliseconds of delivery per event-loop turn before yielding.
    static constexpr int sliceBudgetMs() { return 8; }
    /// Undelivered bytes tolerated by default (16 MiB, some 7 000 pod events).
    static constexpr qint64 defaultBacklogLimit() { return 16 * 1024 * 1024; }
    /// The longest watch event line decoded (16 MiB, apimachinery's streaming decoder's
    /// maxBytes); a longer one ends the stream (see the class comment).
    static constexpr qint64 maxEventBytes() { return 16 * 1024 * 1024; }
    /// Bytes handed to the decoder ahead of delivery (1 MiB).
    static constexpr qint64 maxDecodingBytes() { return 1024 * 1024; }
    /// Bytes the reply reads ahead of this call (4 MiB, some 700 pod events): see the class
    /// comment.
    static constexpr qint64 readBufferBytes() { return 4 * 1024 * 1024; }
    /// The most a call holds undelivered while it keeps up (see "Bounded when behind" above):
    /// the reply's read buffer, as much again from Qt's network thread at the end of the
    /// stream (QHttpThreadDelegate::finishedSlot emits all it holds; one read of the socket
    /// takes up to the read buffer and a 128 KiB block more), two decoding shares and 256 KiB
    /// of lines. A backlog limit below it may let a stream go that was keeping up.
    static constexpr qint64 heldAtMostBytes()
    {
        return 2 * readBufferBytes() + 128 * 1024 + 2 * maxDecodingBytes() + 256 * 1024;
    }

private:
    void onReadyRead();
    void onFinished();
    /// Hands whole lines to the decoder and delivers decoded events for up to sliceBudgetMs()
    /// (then queues a continuation); ends the call once everything was delivered after the
    /// stream finished or fell behind.
    void pump();
    /// Hands whole lines (up to maxDecodingBytes() in flight) to the decoder.
    void submitLines();
    /// Every whole line was delivered: ends the call if the stream finished or fell behind.
    void allDelivered();
    /// Undelivered bytes: in the reply, in m_lines past m_pos and in the decoder.
    qint64 backlogBytes() const;
    /// backlogBytes() while any of it can move on without the server (bytes in the reply, a
    /// whole line not yet submitted, lines at the decoder); 0 when all it holds is an
    /// unfinished line. The silence watchdog and the scenario clock wait on this, not on
    /// backlogBytes(): a server gone quiet in the middle of an event is silence, not a backlog.
    qint64 deliverableBytes() const;
    /// Keeps what fits in the limit and closes the connection (see the class comment).
    void fallBehind();
    /// True when the unfinished line here and in the reply's buffer is past maxEventBytes().
    bool lineTooLong();
    /// The index of the last newline in m_lines at or after m_pos, or -1. Searches only the
    /// bytes appended since the last call (memrchr), so each byte of the stream is searched once.
    qsizetype lastNewline();
    /// Drops the submitted bytes [0, m_pos) from m_lines: the unsubmitted rest moves to a buffer
    /// of its own (the decoder may still be reading the old one, which it shares).
    void dropSubmitted();
    /// Lets go of every byte held (submitted or not) and what was known of them.
    void dropLines();
    /// Appends up to `maxBytes` of the reply's buffered bytes to m_lines, read straight into it.
    void readFromReply(qint64 maxBytes);
    /// Emits ErrObjectTooLarge's ERROR event and lets the connection go (see the class comment).
    void rejectLongLine();
    QPointer<QNetworkReply> m_reply;
    SilenceWatchdog *m_watchdog = nullptr;
    WatchDecoder *m_decoder;
    QByteArray m_errorBody;
    /// Bytes taken from the reply; [m_pos, end) not yet submitted. Submitted chunks share it
    /// with the decoder (no copy); dropSubmitted() starts a new one for what follows.
    QByteArray m_lines;
    qsizetype m_pos = 0;
    qsizetype m_searchedTo = 0;   ///< m_lines before this was searched by lastNewline()
    qsizetype m_lastNewline = -1; ///< the last newline in m_lines before m_searchedTo, or -1
    qint64 m_backlogLimit;
    double m_behindMiB = -1; ///< >= 0 once fallen behind: the backlog then, in MiB
    bool m_stopped = false;
    /// Zero-interval, single shot: the next slice after one that used its whole budget. Until
    /// it fires, pump() does nothing (the stream's readyRead and the decoder's ready() are
    /// queued events too, and each running its own slice in one pass of the queue would add
    /// up to several budgets in a row); a timer lets the window's timers and paints go first.
    QTimer m_nextSlice;
    bool m_finishedPending = false;
};

/// Decodes one watch line ({"type":..,"object":{..}}). Returns false with `*error` set when the
/// line is not a watch event.
bool decodeWatchEvent(QByteArrayView line, WatchEvent *out, QString *error);

} // namespace lens
