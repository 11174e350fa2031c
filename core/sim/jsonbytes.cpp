// SPDX-License-Identifier: Apache-2.0
#include "jsonbytes.h"

#include "trace/jsonlines.h"

#include <QJsonObject>

#include <algorithm>

namespace lens::sim {

void appendCompact(QByteArray &out, const QJsonValue &value)
{
    jsonlines::appendValue(out, value);
}

QByteArray compactJson(const QJsonObject &object)
{
    // Written into a buffer that keeps its capacity between calls (growing a fresh array
    // through a 5 KB pod cost more than writing it), then copied out at its exact size.
    thread_local QByteArray scratch;
    scratch.resize(0);
    if (scratch.capacity() < 16384)
        scratch.reserve(16384);
    jsonlines::appendObject(scratch, object);
    QByteArray out(scratch.constData(), scratch.size());
    if (scratch.capacity() > (qsizetype(1) << 22)) // a huge object's buffer is not kept
        scratch = QByteArray();
    return out;
}

QString JsonTemplate::marker(int slot)
{
    return QChar(1) + QStringLiteral("lens-slot-%1").arg(slot, 2, 10, QLatin1Char('0')) + QChar(1);
}

JsonTemplate::JsonTemplate(const QJsonObject &object, int slotCount) : m_slots(slotCount)
{
    const QByteArray json = compactJson(object);
    // Each marker is written as "\u0001lens-slot-NN\u0001" (quotes included: a whole value).
    static const QByteArray head = QByteArrayLiteral("\"\\u0001lens-slot-");
    static const QByteArray tail = QByteArrayLiteral("\\u0001\"");
    static const QByteArray inner = QByteArrayLiteral("\\u0001lens-slot-");
    qsizetype from = 0;   // where the next fixed piece starts
    qsizetype search = 0; // where to look for the next marker
    for (;;) {
        const qsizetype at = json.indexOf(head, search);
        if (at < 0)
            break;
        const qsizetype digits = at + head.size();
        bool ok = false;
        const int slot = json.mid(digits, 2).toInt(&ok);
        const qsizetype after = digits + 2 + tail.size();
        // A key is followed by ':': not a hole (filling it could change the keys' order).
        if (!ok || slot < 0 || slot >= slotCount || json.mid(digits + 2, tail.size()) != tail ||
            (after < json.size() && json.at(after) == ':')) {
            search = digits;
            continue;
        }
        m_pieces.append(json.mid(from, at - from));
        m_holes.append(slot);
        from = search = after;
    }
    m_pieces.append(json.mid(from));
    m_valid = true;
    for (const QByteArray &piece : std::as_const(m_pieces)) {
        m_fixedBytes += piece.size();
        if (piece.contains(inner)) // a marker inside a longer string, or of an unknown slot
            m_valid = false;
    }
}

QByteArray JsonTemplate::fill(std::span<const QStringView> values) const
{
    Q_ASSERT(m_valid && qsizetype(values.size()) == m_slots);
    qsizetype size = m_fixedBytes;
    for (const int slot : m_holes)
        size += values[slot].size() + 2;
    QByteArray out;
    out.reserve(size + 16);
    for (qsizetype i = 0; i < m_holes.size(); ++i) {
        out.append(m_pieces.at(i));
        const QStringView v = values[m_holes.at(i)];
        const bool plain = std::all_of(v.begin(), v.end(), [](QChar c) {
            return c.unicode() >= 0x20 && c.unicode() < 0x80 && c != u'"' && c != u'\\';
        });
        if (!plain) {
            jsonlines::appendString(out, v);
            continue;
        }
        // Nothing to escape: the string's ASCII bytes between quotes, within the reserve (an
        // escaping writer reserves for the worst case and would grow the array past it).
        const qsizetype at = out.size();
        out.resize(at + v.size() + 2);
        char *p = out.data() + at;
        *p++ = '"';
        for (const QChar c : v)
            *p++ = char(c.unicode());
        *p = '"';
    }
    out.append(m_pieces.last());
    return out;
}

QByteArray JsonBuilder::encode(const QJsonValue &value)
{
    QByteArray out;
    appendCompact(out, value);
    return out;
}

JsonBuilder &JsonBuilder::raw(const char *key, const QByteArray &json)
{
    m_buf.append(m_buf.isEmpty() ? "{" : ",");
    m_buf.append('"').append(key).append("\":").append(json);
    return *this;
}

JsonBuilder &JsonBuilder::str(const char *key, const QString &value)
{
    return raw(key, encode(QJsonValue(value)));
}

JsonBuilder &JsonBuilder::num(const char *key, qint64 value)
{
    return raw(key, QByteArray::number(value));
}

JsonBuilder &JsonBuilder::val(const char *key, const QJsonValue &value)
{
    return raw(key, encode(value));
}

QByteArray JsonBuilder::bytes() const
{
    if (m_buf.isEmpty())
        return QByteArrayLiteral("{}");
    return m_buf + '}';
}

} // namespace lens::sim
