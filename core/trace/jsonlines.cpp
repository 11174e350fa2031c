// SPDX-License-Identifier: Apache-2.0
#include "jsonlines.h"

#include "traceevent.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QLocale>

#include <charconv>
#include <cmath>

namespace lens::jsonlines {

namespace {

/// Room for `extra` more bytes at the end of `out`; returns where they start. The caller
/// writes at most `extra` bytes and then calls done() with where it stopped.
char *reserveTail(QByteArray &out, qsizetype extra)
{
    const qsizetype at = out.size();
    if (out.capacity() < at + extra)
        out.reserve(qMax(at + extra, 2 * out.capacity()));
    out.resize(at + extra);
    return out.data() + at;
}

void done(QByteArray &out, const char *stop)
{
    out.resize(stop - out.constData());
}

constexpr char hexDigit(unsigned u)
{
    return char(u < 10 ? '0' + u : 'a' + u - 10);
}

/// Writes the escape of an ASCII character that needs one (below 0x20, `"` or `\`).
char *escapeAscii(char *p, char16_t u)
{
    *p++ = '\\';
    switch (u) {
    case u'"':
        *p++ = '"';
        break;
    case u'\\':
        *p++ = '\\';
        break;
    case 0x08:
        *p++ = 'b';
        break;
    case 0x0c:
        *p++ = 'f';
        break;
    case 0x0a:
        *p++ = 'n';
        break;
    case 0x0d:
        *p++ = 'r';
        break;
    case 0x09:
        *p++ = 't';
        break;
    default:
        *p++ = 'u';
        *p++ = '0';
        *p++ = '0';
        *p++ = hexDigit(u >> 4);
        *p++ = hexDigit(u & 0xf);
    }
    return p;
}

constexpr bool needsEscape(unsigned u)
{
    return u < 0x20 || u == '"' || u == '\\';
}

/// The top-level fields TraceEvent::toJson() writes, in QJsonObject's key order.
enum class Field { Component, Deltas, Informer, Key, Kind, ResourceVersion, Seq, T, Type, End };
constexpr QLatin1StringView kFieldNames[] = {
    QLatin1StringView("component"), QLatin1StringView("deltas"),
    QLatin1StringView("informer"),  QLatin1StringView("key"),
    QLatin1StringView("kind"),      QLatin1StringView("resourceVersion"),
    QLatin1StringView("seq"),       QLatin1StringView("t"),
    QLatin1StringView("type")};

/// The name of `value` (an enum whose values run from 0 to `last`) as `nameOf` gives it,
/// converted to Latin-1 once per enum.
template<typename E> QLatin1StringView latin1Name(E value, E last, QString (*nameOf)(E))
{
    static const auto names = [&] {
        std::vector<QByteArray> n;
        for (int v = 0; v <= int(last); ++v)
            n.push_back(nameOf(E(v)).toLatin1());
        return n;
    }();
    const QByteArray &n = names[size_t(value)];
    return QLatin1StringView(n.constData(), n.size());
}

QLatin1StringView kindName(TraceKind kind)
{
    return latin1Name(kind, TraceKind::Info, &traceKindName);
}

QLatin1StringView deltaName(DeltaType type)
{
    return latin1Name(type, DeltaType::Sync, &deltaTypeName);
}

void appendEscaped(QByteArray &out, QStringView s);

/// Delta::describe(key) as a JSON string, written piece by piece: every piece between two
/// variable ones is ASCII, so no surrogate pair can form across them and escaping the pieces
/// one by one writes what escaping the whole text writes.
void appendDelta(QByteArray &out, const Delta &d, const QString &key)
{
    out.append('"');
    out.append(deltaName(d.type));
    auto objText = [&] {
        if (d.object.isNull()) {
            out.append("null", 4);
            return;
        }
        appendEscaped(out, key);
        out.append('@');
        appendEscaped(out, d.object.resourceVersion());
    };
    if (d.tombstone) {
        out.append(" Tomb(", 6);
        appendEscaped(out, d.tombstoneKey);
        out.append(", ", 2);
        objText();
        out.append(')');
    } else {
        out.append(' ');
        objText();
    }
    out.append('"');
}

/// Whether the event writes `field` (toJson() leaves empty strings and lists out).
bool present(const TraceEvent &e, Field field)
{
    switch (field) {
    case Field::Informer:
        return !e.informer.isEmpty();
    case Field::Key:
        return !e.key.isEmpty();
    case Field::Type:
        return !e.type.isEmpty();
    case Field::ResourceVersion:
        return !e.resourceVersion.isEmpty();
    case Field::Deltas:
        return !e.deltas.isEmpty();
    default:
        return true;
    }
}

void appendField(QByteArray &out, const TraceEvent &e, Field field)
{
    out.append('"');
    out.append(kFieldNames[int(field)]);
    out.append("\":", 2);
    switch (field) {
    case Field::Component:
        appendString(out, e.component);
        break;
    case Field::Deltas: {
        out.append('[');
        bool first = true;
        for (const Delta &d : e.deltas) {
            if (!first)
                out.append(',');
            first = false;
            appendDelta(out, d, e.key);
        }
        out.append(']');
        break;
    }
    case Field::Informer:
        appendString(out, e.informer);
        break;
    case Field::Key:
        appendString(out, e.key);
        break;
    case Field::Kind:
        out.append('"');
        out.append(kindName(e.kind));
        out.append('"');
        break;
    case Field::ResourceVersion:
        appendString(out, e.resourceVersion);
        break;
    case Field::Seq:
        appendInteger(out, qint64(e.seq));
        break;
    case Field::T:
        appendInteger(out, e.t);
        break;
    case Field::Type:
        appendString(out, e.type);
        break;
    case Field::End:
        break;
    }
}

} // namespace

namespace {
/// `s` escaped, without quotes (appendString()'s rules).
void appendEscaped(QByteArray &out, QStringView s)
{
    // At most 6 bytes per UTF-16 unit (\u00xx, or an unpaired surrogate's \uxxxx).
    char *p = reserveTail(out, 6 * s.size());
    const char16_t *src = s.utf16();
    const char16_t *const end = src + s.size();
    while (src != end) {
        const char16_t u = *src++;
        if (u < 0x80) {
            if (needsEscape(u))
                p = escapeAscii(p, u);
            else
                *p++ = char(u);
        } else if (u < 0x800) {
            *p++ = char(0xc0 | (u >> 6));
            *p++ = char(0x80 | (u & 0x3f));
        } else if (!QChar::isSurrogate(u)) {
            *p++ = char(0xe0 | (u >> 12));
            *p++ = char(0x80 | ((u >> 6) & 0x3f));
            *p++ = char(0x80 | (u & 0x3f));
        } else if (QChar::isHighSurrogate(u) && src != end && QChar::isLowSurrogate(*src)) {
            const char32_t c = QChar::surrogateToUcs4(u, *src++);
            *p++ = char(0xf0 | (c >> 18));
            *p++ = char(0x80 | ((c >> 12) & 0x3f));
            *p++ = char(0x80 | ((c >> 6) & 0x3f));
            *p++ = char(0x80 | (c & 0x3f));
        } else {
            // Not valid UTF-16: Qt writes the unit as an escape (and keeps what follows).
            *p++ = '\\';
            *p++ = 'u';
            *p++ = hexDigit((u >> 12) & 0xf);
            *p++ = hexDigit((u >> 8) & 0xf);
            *p++ = hexDigit((u >> 4) & 0xf);
            *p++ = hexDigit(u & 0xf);
        }
    }
    done(out, p);
}
} // namespace

void appendString(QByteArray &out, QStringView s)
{
    out.append('"');
    appendEscaped(out, s);
    out.append('"');
}

void appendString(QByteArray &out, QLatin1StringView s)
{
    char *p = reserveTail(out, 6 * s.size() + 2);
    *p++ = '"';
    for (const char c : s) {
        const auto u = uchar(c);
        if (u < 0x80) {
            if (needsEscape(u))
                p = escapeAscii(p, u);
            else
                *p++ = char(u);
        } else {
            *p++ = char(0xc0 | (u >> 6));
            *p++ = char(0x80 | (u & 0x3f));
        }
    }
    *p++ = '"';
    done(out, p);
}

void appendInteger(QByteArray &out, qint64 v)
{
    char *p = reserveTail(out, 20);
    done(out, std::to_chars(p, p + 20, v).ptr);
}

void appendDouble(QByteArray &out, double d)
{
    if (std::isfinite(d))
        out.append(QByteArray::number(d, 'g', QLocale::FloatingPointShortest));
    else
        out.append("null", 4);
}

void appendObject(QByteArray &out, const QJsonObject &object)
{
    out.append('{');
    bool first = true;
    for (auto it = object.constBegin(); it != object.constEnd(); ++it) {
        if (!first)
            out.append(',');
        first = false;
        appendString(out, it.key());
        out.append(':');
        appendValue(out, it.value());
    }
    out.append('}');
}

void appendValue(QByteArray &out, const QJsonValue &v)
{
    switch (v.type()) {
    case QJsonValue::Bool:
        out.append(v.toBool() ? QByteArrayView("true") : QByteArrayView("false"));
        return;
    case QJsonValue::Double:
        // QJsonValue keeps an integer apart from a double; Qt writes each its own way.
        if (v.toVariant().typeId() == QMetaType::LongLong)
            appendInteger(out, v.toInteger());
        else
            appendDouble(out, v.toDouble());
        return;
    case QJsonValue::String:
        appendString(out, v.toString());
        return;
    case QJsonValue::Array: {
        out.append('[');
        bool first = true;
        for (const QJsonValue &item : v.toArray()) {
            if (!first)
                out.append(',');
            first = false;
            appendValue(out, item);
        }
        out.append(']');
        return;
    }
    case QJsonValue::Object:
        appendObject(out, v.toObject());
        return;
    case QJsonValue::Null:
    case QJsonValue::Undefined:
        out.append("null", 4);
        return;
    }
}

void appendEvent(QByteArray &out, const TraceEvent &event)
{
    // A merge of two sorted lists: the top-level fields and the detail's (kept in QJsonObject's
    // key order). On a tie the detail's value is written: toJson() inserts it last.
    out.append('{');
    bool first = true;
    auto comma = [&] {
        if (!first)
            out.append(',');
        first = false;
    };
    int field = 0;
    auto nextField = [&] {
        while (field < int(Field::End) && !present(event, Field(field)))
            ++field;
    };
    nextField();
    const auto stop = event.detail.end();
    for (auto it = event.detail.begin(); it != stop; ++it) {
        const QString key = it.key();
        int c = 1;
        while (field < int(Field::End) &&
               (c = QAnyStringView::compare(kFieldNames[field], key)) < 0) {
            comma();
            appendField(out, event, Field(field++));
            nextField();
        }
        if (c == 0) {
            ++field;
            nextField();
        }
        comma();
        appendString(out, key);
        out.append(':');
        it.appendJson(out);
    }
    while (field < int(Field::End)) {
        comma();
        appendField(out, event, Field(field++));
        nextField();
    }
    out.append('}');
}

} // namespace lens::jsonlines
