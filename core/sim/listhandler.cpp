// SPDX-License-Identifier: Apache-2.0
#include "listhandler.h"

#include "api/fields.h"
#include "api/labels.h"
#include "continuetoken.h"
#include "faults.h"
#include "fieldlabels.h"
#include "httpresponder.h"
#include "jsonbytes.h"
#include "listoptions.h"
#include "store.h"
#include "tableconvertor.h"

#include <memory>
#include <vector>

#include <vector>

namespace lens::sim {

namespace {

/// A list body written a piece at a time: the head, the items with their commas, "]}". Each
/// piece holds whole items, about g_pieceBytes of them.
qsizetype g_streamFromBytes = 16 << 20;
qsizetype g_pieceBytes = 4 << 20;

struct StreamedList {
    QMap<QString, StoredObject> state; ///< keeps the picked items alive
    std::vector<const StoredObject *> picked;
    QByteArray head;
    size_t next = 0;
    bool headSent = false;

    /// Fills `piece`; false when it holds the body's last bytes.
    bool nextPiece(QByteArray *piece)
    {
        piece->reserve(g_pieceBytes + 64 * 1024);
        if (!headSent) {
            piece->append(head);
            headSent = true;
        }
        while (next < picked.size() && piece->size() < g_pieceBytes) {
            if (next > 0)
                piece->append(',');
            picked[next++]->appendItem(*piece);
        }
        if (next < picked.size())
            return true;
        piece->append("]}");
        return false;
    }
};

} // namespace

ListHandler::ListHandler(Store *store, HttpResponder *responder, Faults *faults)
    : m_store(store), m_responder(responder), m_faults(faults)
{
}

bool answerTooLargeFault(HttpCall &c, HttpResponder &responder, Faults &faults, const Store &store,
                         const QString &resourceVersion)
{
    if (!faults.takeTooLarge())
        return false;
    const qint64 current = store.revision();
    responder.respondStatus(
        c, tooLargeResourceVersion(qMax(resourceVersion.toLongLong(), current + 1), current));
    return true;
}

void ListHandler::handle(HttpCall &c, const ResourceType &type, const QString &ns, bool watchCache)
{
    const QString rvText = c.value("resourceVersion");
    if (answerTooLargeFault(c, *m_responder, *m_faults, *m_store, rvText))
        return;
    const QString match = c.value("resourceVersionMatch");
    const QByteArray cont = c.value("continue").toLatin1();
    // apimachinery ValidateListOptions, before any storage parsing.
    if (const QList<FieldError> errs = validateListOptions(
            {false, rvText, match, QString::fromLatin1(cont), c.has("sendInitialEvents")});
        !errs.isEmpty()) {
        m_responder->respondStatus(c, invalidListOptions(errs));
        return;
    }
    const qint64 limit = qMax<qint64>(0, c.value("limit").toLongLong());
    // An error in a selector is 400 BadRequest with the parser's message.
    QString selError;
    LabelSelector labels;
    FieldSelector fields;
    if (!parseSelectors(c, type, &labels, &fields, &selError)) {
        m_responder->respondStatus(c, 400, QStringLiteral("BadRequest"), selError);
        return;
    }
    const std::optional<qint64> parsedRv = parseResourceVersion(rvText);
    if (!parsedRv) {
        // v1.20: the cacher path (no limit) answers 500 without a reason (fixture 11), the
        // etcd path 400 BadRequest (fixture 13).
        if (limit > 0)
            m_responder->respondStatus(c, 400, QStringLiteral("BadRequest"),
                                       QStringLiteral("invalid resource version: ") +
                                           invalidResourceVersionText(rvText));
        else
            m_responder->respondStatus(c, 500, QString(), invalidResourceVersionText(rvText));
        return;
    }
    const qint64 rv = *parsedRv;
    if (!cont.isEmpty() && !rvText.isEmpty() && rvText != QLatin1String("0")) {
        m_responder->respondStatus(
            c, 400, QStringLiteral("BadRequest"),
            QStringLiteral("specifying resource version is not allowed when using "
                           "continue"));
        return;
    }
    const qint64 current = m_store->revision();
    const auto tooLarge = [&](qint64 asked) {
        m_responder->respondStatus(c, tooLargeResourceVersion(asked, current));
    };
    if (rv > current) {
        tooLarge(rv);
        return;
    }
    qint64 at = current;
    QString start;
    bool honourLimit = limit > 0;
    if (!cont.isEmpty()) {
        ContinueToken token;
        QString err;
        if (!ContinueToken::decode(cont, &token, &err)) {
            m_responder->respondStatus(c, 400, QStringLiteral("BadRequest"),
                                       QStringLiteral("invalid continue token: ") + err);
            return;
        }
        if (token.resourceVersion > current) {
            tooLarge(token.resourceVersion);
            return;
        }
        if (token.resourceVersion != -1 &&
            token.resourceVersion < m_store->oldestRetainedRevision()) {
            ContinueToken fresh{-1, token.start};
            m_responder->respondStatus(
                c, 410, QStringLiteral("Expired"),
                QStringLiteral(
                    "The provided continue parameter is too old to display a consistent list "
                    "result. You can start a new list without the continue parameter, or use the "
                    "continue token in this response to retrieve the remainder of the results. "
                    "Continuing with the provided token results in an inconsistent list - objects "
                    "that were created, modified, or deleted between the time the first chunk was "
                    "returned and now may show up in the list."),
                {}, JsonBuilder().str("continue", QString::fromLatin1(fresh.encode())).bytes());
            return;
        }
        if (token.resourceVersion != -1)
            at = token.resourceVersion;
        start = token.start;
    } else if (!rvText.isEmpty() && rv == 0 && watchCache) {
        honourLimit = false; // served from the watch cache: limit ignored (fixture 04)
    } else if (match == QLatin1String("Exact")) {
        if (rv < m_store->oldestRetainedRevision()) {
            m_responder->respondStatus(
                c, 410, QStringLiteral("Expired"),
                QStringLiteral("The resourceVersion for the provided list is too old."));
            return;
        }
        at = rv;
    }
    QMap<QString, StoredObject> state;
    if (!m_store->stateAt(type.key(), at, &state)) {
        m_responder->respondStatus(
            c, 410, QStringLiteral("Expired"),
            QStringLiteral("The resourceVersion for the provided list is too old."));
        return;
    }
    const QString prefix = (type.namespaced && !ns.isEmpty()) ? ns + QLatin1Char('/') : QString();
    // kubectl get asks for a meta.k8s.io Table (server-side printing).
    const QString tableVersion = TableConvertor::supports(type)
                                     ? TableConvertor::requestedVersion(c.header("Accept"))
                                     : QString();
    const TableConvertor table(type, m_store->now(), c.value("includeObject"), tableVersion);
    const bool filtered = !labels.isEmpty() || !fields.isEmpty();
    // The items are picked first and written after, into one buffer of the exact size (a list
    // of 150 000 pods is about 490 MB: it is copied once, never grown).
    std::vector<const StoredObject *> picked;
    QByteArray rows; // Table rows (kubectl), comma-separated
    qint64 taken = 0;
    qint64 remaining = 0;
    QString lastKey;
    // Const access only: a non-const lowerBound()/end() would detach (deep-copy) the state the
    // list shares with the store.
    const QMap<QString, StoredObject> &snapshot = state;
    // remainingItemCount without walking the rest of the collection on every page: the state at
    // a revision never changes, so the count left after a page is remembered for the next one
    // (keyed by resource, revision, prefix and start key); a first page of an unfiltered
    // all-namespaces list knows it from the size.
    const QString cacheKey = QStringLiteral("%1|%2|%3|").arg(type.key()).arg(at).arg(prefix);
    qint64 known = -1; // items at or after `start` (unfiltered lists only)
    if (!filtered && honourLimit) {
        if (start.isEmpty() && prefix.isEmpty())
            known = snapshot.size();
        else
            known = m_remainingCache.value(cacheKey + start, -1);
    }
    if (tableVersion.isEmpty())
        picked.reserve(honourLimit ? size_t(qMin<qint64>(limit, snapshot.size()))
                                   : size_t(snapshot.size()));
    for (auto it = snapshot.lowerBound(prefix + start);
         it != snapshot.cend() && it.key().startsWith(prefix); ++it) {
        const lens::Object &o = it.value().object;
        if (filtered && !(labels.matches(o) && fieldlabels::matches(type, fields, o)))
            continue;
        if (honourLimit && taken >= limit) {
            ++remaining;
            if (filtered || known >= 0)
                break; // only "is there more" is needed, or the count is known
            continue;
        }
        if (!tableVersion.isEmpty()) {
            if (taken > 0)
                rows += ',';
            rows += table.row(o);
        } else {
            picked.push_back(&it.value());
        }
        lastKey = it.key();
        ++taken;
    }
    JsonBuilder meta;
    meta.str("resourceVersion", QString::number(at));
    if (remaining > 0 && known >= 0)
        remaining = known - taken;
    if (remaining > 0) {
        ContinueToken next{at, lastKey.mid(prefix.size()) + QChar(0)};
        if (!filtered) {
            if (m_remainingCache.size() > 256)
                m_remainingCache.clear();
            m_remainingCache.insert(cacheKey + next.start, remaining);
        }
        meta.str("continue", QString::fromLatin1(next.encode()));
        if (!filtered)
            meta.num("remainingItemCount", remaining);
    }
    if (!tableVersion.isEmpty()) {
        m_responder->respond(
            c, 200,
            table.table(rows, QString::number(at),
                        remaining > 0
                            ? QString::fromLatin1(
                                  ContinueToken{at, lastKey.mid(prefix.size()) + QChar(0)}.encode())
                            : QString()));
        return;
    }
    // {"kind":..,"apiVersion":..,"metadata":{..},"items":[item,item,...]}
    const QByteArray head = JsonBuilder()
                                .str("kind", type.listKind)
                                .str("apiVersion", type.groupVersion)
                                .raw("metadata", meta.bytes())
                                .bytes();
    static constexpr char itemsKey[] = ",\"items\":[";
    qsizetype size = head.size() - 1 + qsizetype(sizeof itemsKey - 1) + 2 +
                     qMax<qsizetype>(0, qsizetype(picked.size()) - 1);
    for (const StoredObject *o : picked)
        size += o->itemSize();
    if (size >= g_streamFromBytes) {
        // Written piece by piece as the socket drains (HttpResponder::respondStreamed): the
        // state the items point into goes with the stream.
        auto list = std::make_shared<StreamedList>();
        list->state = std::move(state); // moving a QMap keeps its nodes where they are
        list->picked = std::move(picked);
        list->head = head.left(head.size() - 1) + itemsKey;
        m_responder->respondStreamed(c, size,
                                     [list](QByteArray *piece) { return list->nextPiece(piece); });
        return;
    }
    QByteArray body;
    body.reserve(size);
    body.append(head.constData(), head.size() - 1).append(itemsKey);
    for (size_t i = 0; i < picked.size(); ++i) {
        if (i > 0)
            body += ',';
        picked[i]->appendItem(body);
    }
    body += "]}";
    Q_ASSERT(body.size() == size);
    m_responder->respond(c, 200, body);
}

void ListHandler::setStreaming(qsizetype fromBytes, qsizetype pieceBytes)
{
    g_streamFromBytes = fromBytes;
    g_pieceBytes = qMax<qsizetype>(1, pieceBytes);
}

} // namespace lens::sim
