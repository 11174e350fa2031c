// SPDX-License-Identifier: Apache-2.0
#include "objectdecode.h"

#include "jsoncompact.h"
#include "object_p.h"
#include "objectdecode_p.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonValue>

#include <cctype>
#include <cstring>
#include <string>
#include <utility>

namespace lens::fastjson {

namespace {

using namespace detail;
using Span = Object::Data::Span;

/// Deeper nesting is left to QJsonDocument (which refuses more than 1 024 levels); this bounds
/// the recursion below on the decoder thread's stack.
constexpr int kMaxDepth = 256;
/// A string value is well-formed: simdjson's first stage checked its UTF-8 and control
/// characters; escapes are checked by unescaping, which only strings with a backslash need.
bool validString(od::value &v)
{
    const std::string_view token = v.raw_json_token();
    if (std::memchr(token.data(), '\\', token.size()) == nullptr) {
        // Consumed, not only looked at: simdjson 3.0 skips a value left unread, and a string
        // followed by ':' then reads as a key, so `{"a":"b":"c"}}` passed as an object.
        od::raw_json_string raw;
        return !v.get_raw_json_string().get(raw);
    }
    std::string_view s;
    return !v.get_string().get(s);
}

/// A number Qt's parser takes as simdjson does. simdjson reads a number too small for a double
/// (1e-400, 2.4e-324) as 0; QJsonDocument refuses it ("illegal number"). Such a number is
/// declined here, so that whatever the fast path accepts Qt's parser accepts too: a body is
/// judged by Qt when the fast path declines anything in it, and a LIST streamed in pieces
/// (ListStream) must not have accepted earlier items that Qt, judging the whole body, refuses.
bool validNumber(od::value &v)
{
    const std::string_view token = v.raw_json_token();
    od::number n;
    if (v.get_number().get(n))
        return false;
    if (!n.is_double() || n.get_double() != 0.0)
        return true;
    // Zero: fine when every digit of the mantissa is a zero.
    for (const char c : token) {
        if (c == 'e' || c == 'E')
            break;
        if (c >= '1' && c <= '9')
            return false;
    }
    return true;
}

/// simdjson::minify, or a copy when `raw` is compact already (jsonHasNoWhitespace()). `out` has
/// room for raw.size() bytes; *written is what it holds after. False: minify failed.
bool compactInto(std::string_view raw, char *out, size_t *written)
{
    if (jsonHasNoWhitespace(raw)) {
        std::memcpy(out, raw.data(), raw.size());
        *written = raw.size();
        return true;
    }
    return !simdjson::minify(raw.data(), raw.size(), out, *written);
}

/// Reads `v` to its end, so that malformed JSON anywhere in it is an error.
bool validate(od::value &v, int depth)
{
    od::json_type t;
    if (v.type().get(t))
        return false;
    switch (t) {
    case od::json_type::object: {
        od::object o;
        if (depth >= kMaxDepth || v.get_object().get(o))
            return false;
        for (auto fr : o) {
            od::field f;
            std::string_view key;
            if (std::move(fr).get(f) || !keyOf(f, &key) || !validate(f.value(), depth + 1))
                return false;
        }
        return true;
    }
    case od::json_type::array: {
        od::array a;
        if (depth >= kMaxDepth || v.get_array().get(a))
            return false;
        for (auto er : a) {
            od::value e;
            if (std::move(er).get(e) || !validate(e, depth + 1))
                return false;
        }
        return true;
    }
    case od::json_type::string:
        return validString(v);
    case od::json_type::number:
        return validNumber(v);
    case od::json_type::boolean: {
        bool b = false;
        return !v.get_bool().get(b);
    }
    case od::json_type::null: {
        bool isNull = false;
        return !v.is_null().get(isNull) && isNull;
    }
    }
    return false;
}

/// What openObject() found.
enum class Opened { Object, Null, Invalid };

/// `v` as a JSON object (in *out), JSON null (consumed), or anything else / a parse error.
Opened openObject(od::value &v, od::object *out)
{
    od::json_type t;
    if (v.type().get(t))
        return Opened::Invalid;
    if (t == od::json_type::null) {
        bool isNull = false;
        return !v.is_null().get(isNull) && isNull ? Opened::Null : Opened::Invalid;
    }
    return t == od::json_type::object && !v.get_object().get(*out) ? Opened::Object
                                                                   : Opened::Invalid;
}

/// A string or null (`*s` stays empty); anything else declines, as decodeError() would refuse it.
bool stringOrNull(od::value &v, std::string_view *s)
{
    od::json_type t;
    if (v.type().get(t))
        return false;
    if (t == od::json_type::null) {
        bool isNull = false;
        *s = {};
        return !v.is_null().get(isNull) && isNull;
    }
    return t == od::json_type::string && !v.get_string().get(*s);
}

/// An object of strings (or null); null when the value is null. `add` gets each key and value.
template<typename Add> bool stringMap(od::value &v, Add add)
{
    od::object o;
    if (const Opened r = openObject(v, &o); r != Opened::Object)
        return r == Opened::Null; // null reads as absent
    for (auto fr : o) {
        od::field f;
        std::string_view key, value;
        if (std::move(fr).get(f) || !keyOf(f, &key))
            return false;
        // The key's view may point into the string buffer the value is unescaped into next.
        const std::string keyCopy(key);
        if (!stringOrNull(f.value(), &value))
            return false;
        add(std::string_view(keyCopy), value);
    }
    return true;
}

bool readMetadata(od::value &v, ObjectBuilder *b)
{
    od::object meta;
    if (const Opened r = openObject(v, &meta); r != Opened::Object)
        return r == Opened::Null; // null reads as absent
    b->setHasMeta(true);
    static const char *const kFields[] = {"name",
                                          "namespace",
                                          "generateName",
                                          "uid",
                                          "resourceVersion",
                                          "creationTimestamp",
                                          "deletionTimestamp",
                                          "labels",
                                          "annotations"};
    unsigned seen = 0;
    for (auto fr : meta) {
        od::field f;
        std::string_view key;
        if (std::move(fr).get(f) || !keyOf(f, &key))
            return false;
        int which = -1;
        for (int i = 0; i < int(std::size(kFields)); ++i)
            if (key == kFields[i])
                which = i;
        if (which < 0) {
            if (!validate(f.value(), 2))
                return false;
            continue;
        }
        if (seen & (1u << which)) // a repeated key: QJsonDocument decides which value counts
            return false;
        seen |= 1u << which;
        std::string_view s;
        switch (which) {
        case 0:
            if (!stringOrNull(f.value(), &s))
                return false;
            b->setName(qstring(s));
            break;
        case 1:
            if (!stringOrNull(f.value(), &s))
                return false;
            b->setNamespace(qstring(s));
            break;
        case 2:
        case 3:
        case 5:
        case 6: {
            if (!stringOrNull(f.value(), &s))
                return false;
            const Object::Data::SpanIndex index = which == 2   ? Object::Data::GenerateName
                                                  : which == 3 ? Object::Data::Uid
                                                  : which == 5 ? Object::Data::Created
                                                               : Object::Data::Deleted;
            b->setExtra(index, s);
            break;
        }
        case 4:
            if (!stringOrNull(f.value(), &s))
                return false;
            b->setResourceVersion(qstring(s));
            break;
        case 7:
            if (!stringMap(f.value(),
                           [b](std::string_view k, std::string_view v) { b->addLabel(k, v); }) ||
                b->labelsRepeatAKey())
                return false;
            break;
        case 8:
            // Checked, not kept: annotations are read from the bytes when asked for.
            if (!stringMap(f.value(), [](std::string_view, std::string_view) {}))
                return false;
            break;
        }
    }
    return true;
}

bool readStatus(od::value &v, ObjectBuilder *b)
{
    od::json_type t;
    if (v.type().get(t))
        return false;
    if (t != od::json_type::object)
        return validate(v, 1);
    od::object status;
    if (v.get_object().get(status))
        return false;
    bool seenPhase = false;
    for (auto fr : status) {
        od::field f;
        std::string_view key;
        if (std::move(fr).get(f) || !keyOf(f, &key))
            return false;
        if (key != "phase") {
            if (!validate(f.value(), 2))
                return false;
            continue;
        }
        if (seenPhase)
            return false;
        seenPhase = true;
        od::json_type pt;
        if (f.value().type().get(pt))
            return false;
        std::string_view phase;
        if (pt == od::json_type::string) {
            if (f.value().get_string().get(phase))
                return false;
            b->setPhase(qstring(phase));
        } else if (!validate(f.value(), 2)) {
            return false;
        }
    }
    return true;
}

/// kind and apiVersion a list writes into items that lack them: "kind":"Pod" as JSON.
struct Fill {
    QString kind, apiVersion;
    QByteArray kindField, apiVersionField;
};

QByteArray jsonField(const char *name, const QString &value)
{
    const QByteArray quoted = QJsonDocument(QJsonArray{value}).toJson(QJsonDocument::Compact);
    return '"' + QByteArray(name) + "\":" + quoted.mid(1, quoted.size() - 2);
}

/// One object: its bytes (minified; kind / apiVersion written in from `fill` when absent) and
/// its metadata. When the object is all of `*whole` and already compact, its bytes are `*whole`
/// itself (shared, not copied), unless `*whole` carries much spare capacity.
bool readObject(od::object &obj, const Fill *fill, Object *out, const QByteArray *whole = nullptr,
                std::string_view *rawOut = nullptr)
{
    std::string_view raw;
    if (obj.raw_json().get(raw) || obj.reset().error())
        return false;
    if (rawOut)
        *rawOut = raw;
    ObjectBuilder b;
    bool seenKind = false, seenApiVersion = false, seenMeta = false, seenStatus = false;
    bool empty = true;
    for (auto fr : obj) {
        od::field f;
        std::string_view key;
        if (std::move(fr).get(f) || !keyOf(f, &key))
            return false;
        empty = false;
        if (key == "kind" || key == "apiVersion") {
            bool &seen = key == "kind" ? seenKind : seenApiVersion;
            std::string_view s;
            if (seen || !stringOrNull(f.value(), &s))
                return false;
            seen = true;
            const QString value = qstring(s);
            key == "kind" ? b.setKind(value) : b.setApiVersion(value);
        } else if (key == "metadata") {
            if (seenMeta || !readMetadata(f.value(), &b))
                return false;
            seenMeta = true;
        } else if (key == "status") {
            if (seenStatus || !readStatus(f.value(), &b))
                return false;
            seenStatus = true;
        } else if (!validate(f.value(), 1)) {
            return false;
        }
    }
    QByteArray prefix;
    if (fill && !seenKind && !fill->kind.isEmpty()) {
        prefix += fill->kindField;
        b.setKind(fill->kind);
    }
    if (fill && !seenApiVersion && !fill->apiVersion.isEmpty()) {
        prefix += (prefix.isEmpty() ? "" : ",") + fill->apiVersionField;
        b.setApiVersion(fill->apiVersion);
    }
    // raw is "{...}" plus any whitespace up to the next token; minify drops the whitespace
    // (a compact object comes out as it went in).
    QByteArray bytes;
    size_t written = 0;
    // (capacity() is 0 for QByteArray::fromRawData(): bytes someone else owns are copied.)
    const bool mayShare = whole && prefix.isEmpty() && qsizetype(raw.size()) == whole->size() &&
                          whole->capacity() >= whole->size() &&
                          whole->capacity() - whole->size() <= whole->size() / 8 + 64;
    if (mayShare && jsonHasNoWhitespace(raw)) {
        bytes = *whole;
        written = raw.size();
    } else if (mayShare) {
        thread_local std::string scratch;
        if (scratch.size() < raw.size())
            scratch.resize(raw.size());
        if (simdjson::minify(raw.data(), raw.size(), scratch.data(), written))
            return false;
        bytes = written == raw.size() ? *whole : QByteArray(scratch.data(), qsizetype(written));
    } else if (prefix.isEmpty()) {
        bytes = QByteArray(qsizetype(raw.size()), Qt::Uninitialized);
        if (!compactInto(raw, bytes.data(), &written))
            return false;
    } else {
        prefix.prepend('{');
        if (!empty)
            prefix.append(',');
        bytes = QByteArray(prefix.size() + qsizetype(raw.size()) - 1, Qt::Uninitialized);
        std::memcpy(bytes.data(), prefix.constData(), size_t(prefix.size()));
        if (!compactInto(raw.substr(1), bytes.data() + prefix.size(), &written))
            return false;
        written += size_t(prefix.size());
    }
    if (qsizetype(written) != bytes.size()) {
        bytes.truncate(qsizetype(written));
        bytes.squeeze();
    }
    b.setBytes(std::move(bytes));
    *out = b.build();
    return true;
}

/// One element of a list's items: an object, read as readObject() reads it (`*raw`: its bytes
/// in the input).
bool readItem(simdjson::simdjson_result<od::value> element, const Fill *fill, Object *out,
              std::string_view *raw = nullptr)
{
    od::value item;
    od::json_type t;
    od::object o;
    return !std::move(element).get(item) && !item.type().get(t) && t == od::json_type::object &&
           !item.get_object().get(o) && readObject(o, fill, out, nullptr, raw);
}

bool readListMeta(od::value &v, ListBody *out)
{
    od::object meta;
    if (const Opened r = openObject(v, &meta); r != Opened::Object)
        return r == Opened::Null; // null reads as absent
    unsigned seen = 0;
    for (auto fr : meta) {
        od::field f;
        std::string_view key, s;
        if (std::move(fr).get(f) || !keyOf(f, &key))
            return false;
        const unsigned bit = key == "resourceVersion"      ? 1u
                             : key == "continue"           ? 2u
                             : key == "remainingItemCount" ? 4u
                                                           : 0u;
        if (bit & seen)
            return false;
        seen |= bit;
        if (bit == 1u || bit == 2u) {
            if (!stringOrNull(f.value(), &s))
                return false;
            (bit == 1u ? out->resourceVersion : out->continueToken) = qstring(s);
        } else if (bit == 4u) {
            int64_t n = 0;
            if (f.value().get_int64().get(n))
                return false;
            out->remainingItemCount = n;
        } else if (!validate(f.value(), 2)) {
            return false;
        }
    }
    return true;
}

/// The list in `doc`; `*fillOut` (when given) gets the kind and apiVersion its items are filled
/// in with.
bool readList(od::document &doc, ListBody *out, Fill *fillOut = nullptr)
{
    od::object list;
    if (doc.get_object().get(list))
        return false;
    Fill fill;
    bool seenKind = false, seenApiVersion = false, seenMeta = false, seenItems = false;
    bool itemsFirst = false;
    for (auto fr : list) {
        od::field f;
        std::string_view key;
        if (std::move(fr).get(f) || !keyOf(f, &key))
            return false;
        if (key == "kind" || key == "apiVersion") {
            const bool isKind = key == "kind";
            bool &seen = isKind ? seenKind : seenApiVersion;
            std::string_view s;
            od::json_type t;
            // A kind or apiVersion after the items would have been needed for them.
            if (seen || itemsFirst || f.value().type().get(t) || t != od::json_type::string ||
                f.value().get_string().get(s))
                return false;
            seen = true;
            QString value = qstring(s);
            if (isKind) {
                out->kind = value;
                if (value.endsWith(QLatin1String("List")))
                    value.chop(4);
                fill.kind = value;
                fill.kindField = jsonField("kind", value);
            } else {
                out->apiVersion = value;
                fill.apiVersion = value;
                fill.apiVersionField = jsonField("apiVersion", value);
            }
        } else if (key == "metadata") {
            if (seenMeta || !readListMeta(f.value(), out))
                return false;
            seenMeta = true;
        } else if (key == "items") {
            if (seenItems)
                return false;
            seenItems = true;
            itemsFirst = !seenKind || !seenApiVersion;
            od::json_type t;
            if (f.value().type().get(t))
                return false;
            if (t == od::json_type::null) {
                bool isNull = false;
                if (f.value().is_null().get(isNull) || !isNull)
                    return false;
                continue;
            }
            od::array items;
            if (t != od::json_type::array || f.value().get_array().get(items))
                return false;
            for (auto ir : items) {
                Object obj;
                if (!readItem(std::move(ir), &fill, &obj))
                    return false;
                out->items.append(std::move(obj));
            }
        } else if (!validate(f.value(), 1)) {
            return false;
        }
    }
    if (fillOut)
        *fillOut = fill;
    return atEnd(doc);
}

} // namespace

bool decodeList(QByteArray &body, ListBody *out)
{
    const qsizetype size = body.size();
    // Parse in place when the buffer is ours and has room for the padding; else one copy.
    constexpr qsizetype kPadding = kParserPadding;
    static_assert(size_t(kParserPadding) >= simdjson::SIMDJSON_PADDING);
    if (!body.isDetached() || body.data_ptr().freeSpaceAtEnd() < kPadding)
        body.reserve(size + kPadding);
    *out = ListBody{};
    const bool ok =
        withDocument(simdjson::padded_string_view(body.constData(), size_t(size),
                                                  size_t(size + body.data_ptr().freeSpaceAtEnd())),
                     [out](od::document &doc) { return readList(doc, out); });
    if (!ok)
        *out = ListBody{};
    return ok;
}

bool decodeListHead(QByteArrayView head, ListHead *out)
{
    const QByteArray doc = head.toByteArray() + "]}";
    Fill fill;
    ListBody body;
    if (!withDocument(padded(doc), [&](od::document &d) { return readList(d, &body, &fill); }) ||
        fill.kind.isEmpty() || fill.apiVersion.isEmpty())
        return false;
    out->kind = fill.kind;
    out->apiVersion = fill.apiVersion;
    return true;
}

qsizetype decodeItemsPrefix(QByteArrayView items, const ListHead &head, QList<Object> *out,
                            QList<qsizetype> *ends)
{
    Fill fill;
    fill.kind = head.kind;
    fill.apiVersion = head.apiVersion;
    fill.kindField = jsonField("kind", head.kind);
    fill.apiVersionField = jsonField("apiVersion", head.apiVersion);
    const simdjson::padded_string_view buf = padded(items);
    qsizetype end = 0;
    const bool parsed = withDocument(buf, [&](od::document &doc) {
        od::array array;
        if (doc.get_array().get(array))
            return false;
        for (auto ir : array) {
            Object obj;
            std::string_view raw;
            if (!readItem(std::move(ir), &fill, &obj, &raw))
                break; // cut off here, or an item for the Qt path: the caller keeps it
            out->append(std::move(obj));
            end = qsizetype(raw.data() + raw.size() - buf.data());
            if (ends)
                ends->append(end);
        }
        return true;
    });
    return parsed ? end : -1;
}

bool decodeObject(const QByteArray &bytes, Object *out)
{
    return withDocument(padded(bytes), [&bytes, out](od::document &doc) {
        od::object o;
        Object obj;
        if (doc.get_object().get(o) || !readObject(o, nullptr, &obj, &bytes) || !atEnd(doc))
            return false;
        *out = std::move(obj);
        return true;
    });
}

bool decodeWatchEvent(QByteArrayView line, QString *type, Object *out)
{
    return withDocument(padded(line), [type, out](od::document &doc) {
        od::object ev;
        if (doc.get_object().get(ev))
            return false;
        bool seenType = false, seenObject = false;
        Object obj;
        for (auto fr : ev) {
            od::field f;
            std::string_view key;
            if (std::move(fr).get(f) || !keyOf(f, &key))
                return false;
            if (key == "type") {
                std::string_view s;
                od::json_type t;
                if (seenType || f.value().type().get(t) || t != od::json_type::string ||
                    f.value().get_string().get(s) || s == "ERROR")
                    return false;
                seenType = true;
                *type = qstring(s);
            } else if (key == "object") {
                od::json_type t;
                od::object o;
                if (seenObject || f.value().type().get(t) || t != od::json_type::object ||
                    f.value().get_object().get(o) || !readObject(o, nullptr, &obj))
                    return false;
                seenObject = true;
            } else if (!validate(f.value(), 1)) {
                return false;
            }
        }
        if (!seenType || !seenObject || !atEnd(doc))
            return false;
        *out = std::move(obj);
        return true;
    });
}

bool readStringMap(const QByteArray &bytes, const char *field, QMap<QString, QString> *out)
{
    return withDocument(padded(bytes), [field, out](od::document &doc) {
        od::object o, meta;
        od::value m, map;
        if (doc.get_object().get(o) || o.find_field_unordered("metadata").get(m) ||
            m.get_object().get(meta))
            return false;
        if (meta.find_field_unordered(field).get(map))
            return true; // no such field: an empty map
        QMap<QString, QString> result;
        if (!stringMap(map, [&result](std::string_view k, std::string_view v) {
                result.insert(qstring(k), qstring(v));
            }))
            return false;
        *out = std::move(result);
        return true;
    });
}

bool metadataFieldSpan(QByteArrayView bytes, const char *field, qsizetype *from, qsizetype *to)
{
    const simdjson::padded_string_view buf = padded(bytes);
    return withDocument(buf, [&](od::document &doc) {
        od::object o, meta;
        od::value m;
        if (doc.get_object().get(o) || o.find_field_unordered("metadata").get(m) ||
            m.get_object().get(meta))
            return false;
        for (auto fr : meta) {
            od::field f;
            std::string_view key;
            if (std::move(fr).get(f) || !keyOf(f, &key))
                return false;
            if (key != field)
                continue;
            const char *start = f.key().raw() - 1; // the opening quote
            od::value v = f.value();
            od::json_type t;
            std::string_view raw;
            if (v.type().get(t))
                return false;
            if (t == od::json_type::array) {
                od::array a;
                if (v.get_array().get(a) || a.raw_json().get(raw))
                    return false;
            } else if (t == od::json_type::object) {
                od::object obj;
                if (v.get_object().get(obj) || obj.raw_json().get(raw))
                    return false;
            } else {
                raw = v.raw_json_token();
                while (!raw.empty() && std::isspace(static_cast<unsigned char>(raw.back())))
                    raw.remove_suffix(1);
            }
            *from = qsizetype(start - buf.data());
            *to = qsizetype(raw.data() + raw.size() - buf.data());
            return true;
        }
        return false;
    });
}

} // namespace lens::fastjson
