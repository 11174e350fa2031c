// SPDX-License-Identifier: Apache-2.0
#include "liststream.h"

#include <utility>

namespace lens::fastjson {

namespace {
constexpr QByteArrayView kItemsKey = "\"items\":[";
/// A candidate cut: an object's closing brace followed by the next element's opening one.
constexpr QByteArrayView kBetweenItems = "},{";
/// Candidates tried per append(): a cut that falls inside a string is refused as a whole.
constexpr int kCutAttempts = 4;
} // namespace

void ListStream::append(const QByteArray &piece)
{
    switch (m_state) {
    case State::Head:
        m_head.append(piece);
        findHead();
        break;
    case State::Items:
        m_tail.append(piece);
        decodeWholeItems();
        break;
    case State::Off:
        m_tail.append(piece);
        break;
    }
}

void ListStream::findHead()
{
    // `"items":[` cannot occur inside a string (a quote there is escaped); a nested key of that
    // name, or a body that is not a list, fails decodeListHead() and the body stays bytes.
    const qsizetype at =
        m_head.indexOf(kItemsKey, qMax<qsizetype>(0, m_searchedHead - kItemsKey.size()));
    if (at < 0) {
        m_searchedHead = m_head.size();
        return;
    }
    const qsizetype itemsFrom = at + kItemsKey.size();
    if (!decodeListHead(QByteArrayView(m_head).first(itemsFrom), &m_list)) {
        m_state = State::Off;
        return;
    }
    m_tail = m_head.sliced(itemsFrom);
    m_head.truncate(itemsFrom);
    m_head.squeeze();
    m_headBytes = itemsFrom;
    m_state = State::Items;
    decodeWholeItems();
}

void ListStream::decodeWholeItems()
{
    if (m_tail.size() < qMax(m_batchBytes, m_retryAt))
        return;
    qsizetype cut = m_tail.size();
    for (int attempt = 0; attempt < kCutAttempts && cut > 0; ++attempt) {
        cut = m_tail.lastIndexOf(kBetweenItems, cut - 1);
        if (cut < 0)
            break;
        QByteArray batch;
        batch.reserve(cut + 3);
        batch.append('[').append(m_tail.constData(), cut + 1).append(']');
        QList<Object> got;
        QList<qsizetype> ends;
        if (decodeItemsPrefix(batch, m_list, &got, &ends) < 0)
            continue; // the cut fell inside a string: an earlier one
        // The last item decoded stays bytes, first in what is left: the rest of the body then
        // follows an item and its comma as in the whole body, so that an error in it reads the
        // same (after "item," a "]" is a missing value, after "[" the end of the array). It is
        // decoded again by the next batch or at the end.
        if (got.size() < 2)
            break;
        // ends[] are just past an item in `batch`; in m_tail that is one less. Its comma follows.
        qsizetype next = ends.at(got.size() - 2) - 1;
        while (next < m_tail.size() && (m_tail.at(next) == ' ' || m_tail.at(next) == '\n' ||
                                        m_tail.at(next) == '\r' || m_tail.at(next) == '\t'))
            ++next;
        if (next >= m_tail.size() || m_tail.at(next) != ',')
            break;
        got.removeLast();
        m_removed += next + 1;
        m_decodedCount += got.size();
        m_items.append(std::move(got));
        m_tail = m_tail.sliced(next + 1); // from the kept item on
        m_retryAt = 0;
        return;
    }
    // Nothing to let go yet (items larger than what arrived, or a cut inside a string): try
    // again once the bytes waiting have doubled, so that a list of large items is not parsed
    // again at every piece (the work stays linear in the body).
    m_retryAt = m_tail.size() * 2;
    if (m_tail.size() >= kGiveUpBytes)
        m_state = State::Off;
}

QByteArray ListStream::takeRemainder()
{
    QByteArray out = std::move(m_head);
    out.reserve(out.size() + m_tail.size() + kParserPadding);
    out.append(m_tail);
    m_head = QByteArray();
    m_tail = QByteArray();
    return out;
}

void ListStream::mapNewItems(const std::function<Object(const Object &)> &map)
{
    for (; m_mapped < m_items.size(); ++m_mapped)
        m_items[m_mapped] = map(m_items.at(m_mapped));
}

QList<Object> ListStream::takeItems()
{
    m_mapped = 0;
    return std::exchange(m_items, {});
}

} // namespace lens::fastjson
