// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QByteArray>
#include <QJsonObject>
#include <QJsonValue>
#include <QLatin1String>
#include <QStringView>

namespace lens {

struct TraceEvent;

/// The journal's JSON Lines, written straight into a byte buffer: the text is byte for byte
/// what `QJsonDocument(event.toJson()).toJson(QJsonDocument::Compact)` writes (keys in
/// QJsonObject's order, Qt's escapes, Qt's number formatting), without building the
/// QJsonObject, its CBOR container and the document for every event.
///
/// Why: `informer-lens --headless` prints every event (600 008 of them for a 150 000-pod sync);
/// building a QJsonObject per line cost more CPU than the sync itself (docs/performance.md,
/// "The journal's lines"). These functions only format what the journal holds; they parse
/// nothing. QJsonDocument stays the reference: tst_jsonlines compares the two on every kind of
/// value (control characters, lone surrogates, non-finite doubles, nested details) and on the
/// events of real runs, and fuzz_jsonlines on arbitrary strings.
namespace jsonlines {

/// Appends `s` as a JSON string with its quotes, escaped as Qt's JSON writer escapes: `"` and
/// `\` and the named controls (\b \f \n \r \t) by name, other controls below 0x20 as \u00xx
/// (lower-case hex), everything else as UTF-8, and an unpaired surrogate as \uxxxx.
void appendString(QByteArray &out, QStringView s);
/// The same for Latin-1 text (each byte one character U+0000..U+00FF).
void appendString(QByteArray &out, QLatin1StringView s);
/// An integer in decimal, as QByteArray::number(qint64).
void appendInteger(QByteArray &out, qint64 v);
/// A double in the shortest form that reads back exactly (QByteArray::number(d, 'g',
/// QLocale::FloatingPointShortest)); `null` for NaN and the infinities, as Qt writes them.
void appendDouble(QByteArray &out, double d);
/// Any JSON value, arrays and objects included (keys in QJsonObject's order). An undefined
/// value writes `null`, as QJsonDocument does for one inside an array. The built-in cluster's
/// object bytes are written with these too (sim/jsonbytes.h).
void appendValue(QByteArray &out, const QJsonValue &v);
/// `object` as QJsonDocument(object).toJson(Compact) writes it.
void appendObject(QByteArray &out, const QJsonObject &object);

/// Appends `event` as one JSON object, without a newline: the same bytes as
/// `QJsonDocument(event.toJson()).toJson(QJsonDocument::Compact)`. A detail field named like a
/// top-level field ("key", "type", ...) replaces it, as QJsonObject::insert does in toJson().
void appendEvent(QByteArray &out, const TraceEvent &event);

} // namespace jsonlines
} // namespace lens
