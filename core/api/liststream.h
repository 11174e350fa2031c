// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "objectdecode.h"

#include <QByteArray>
#include <QList>

#include <functional>
#include <span>

namespace lens::fastjson {

/// Decodes a LIST body while it arrives, so that the body is never held whole: the items
/// already decoded are Objects (which the informer's cache keeps anyway) and their bytes in the
/// body are released. At 150 000 pods the body is 912 MB, and holding it beside the cache (and
/// simdjson's index over it) made the peak resident set three times the cache.
///
/// append() takes the body's pieces in order. Once the start of the body up to `"items":[` has
/// arrived and names kind and apiVersion (decodeListHead()), each append() decodes the items
/// that arrived whole (decodeItemsPrefix() on the bytes up to an item's closing brace followed
/// by `,{`) and drops their bytes, but for the last of them, which stays as bytes so that what
/// follows it reads as in the whole body. What it cannot decode this way stays as bytes: the
/// start of the body, the last item (never followed by a comma), an item only the Qt path
/// accepts and everything after it. remainder() is then the body without the decoded items, a valid
/// LIST body exactly when the whole body was one; decode it with decodeList() (or the Qt path,
/// with removedBytes() and decodedItems() to translate its byte offsets and item indices to
/// the whole body's) and put takeItems() in front of its items.
///
/// Not thread-safe: one thread at a time (the list's decoder tasks run one after another).
class ListStream {
public:
    /// Items are decoded once this many bytes (256 KiB) wait after the last decoded one.
    static constexpr qsizetype kBatchBytes = qsizetype(256) << 10;
    /// Decoding stops for good (everything left stays bytes) when this many bytes (32 MiB)
    /// wait and no item in them can be decoded: an item the fast path declines, or not a list.
    static constexpr qsizetype kGiveUpBytes = qsizetype(32) << 20;

    /// `batchBytes`: decode once this many bytes wait after the last decoded item (tests and
    /// the fuzzer stream small bodies with small batches).
    explicit ListStream(qsizetype batchBytes = kBatchBytes) : m_batchBytes(batchBytes) {}

    /// The next bytes of the body.
    void append(const QByteArray &piece);
    /// The body without the items decoded so far (moves it out: call once, at the end).
    QByteArray takeRemainder();
    /// The items decoded so far, in the body's order (moves them out).
    QList<Object> takeItems();
    /// Replaces each item decoded since the last call (and not taken) by `map(item)`:
    /// HttpListCall applies a list's itemTransform this way, on the decoder thread, right after
    /// each piece, so that an original it replaces is freed at once.
    void mapNewItems(const std::function<Object(const Object &)> &map);
    /// The items decoded since the last mapNewItems() or markNewItemsMapped(), to be replaced in
    /// place: each element by one thread, several elements on several threads at once
    /// (HttpListCall packs a piece's items on two). Then call markNewItemsMapped().
    std::span<Object> newItems()
    {
        return std::span<Object>(m_items.data() + m_mapped, size_t(m_items.size() - m_mapped));
    }
    void markNewItemsMapped() { m_mapped = m_items.size(); }
    /// How many bytes of the body the decoded items (and their commas) took: a byte offset
    /// into remainder() at or past headBytes() is this much further into the whole body.
    qsizetype removedBytes() const { return m_removed; }
    /// The bytes of remainder() before the first item still in it.
    qsizetype headBytes() const { return m_headBytes; }
    /// How many decoded items are held (not taken yet).
    qsizetype heldItems() const { return m_items.size(); }
    /// How many items were decoded (remainder()'s item i is the body's item i + this).
    qsizetype decodedItems() const { return m_decodedCount; }
    /// The body's bytes held now (what takeRemainder() would return).
    qsizetype heldBytes() const { return m_head.size() + m_tail.size(); }

private:
    void findHead();
    void decodeWholeItems();

    enum class State { Head, Items, Off };
    State m_state = State::Head;
    ListHead m_list;
    QByteArray m_head; ///< the body up to `"items":[` (before that: everything so far)
    QByteArray m_tail; ///< the bytes after m_head and the decoded items
    QList<Object> m_items;
    qsizetype m_mapped = 0; ///< m_items before this index went through mapNewItems()
    qsizetype m_removed = 0;
    qsizetype m_decodedCount = 0;
    qsizetype m_searchedHead = 0;
    qsizetype m_headBytes = 0;
    qsizetype m_batchBytes = kBatchBytes;
    qsizetype m_retryAt = 0; ///< after an attempt that let nothing go: wait for this many bytes
};

} // namespace lens::fastjson
