// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QByteArray>
#include <QJsonObject>
#include <QJsonValue>
#include <QList>
#include <QString>

#include <span>

namespace lens::sim {

/// Writes one JSON object with its keys in the order given (QJsonDocument sorts keys; the
/// kube-apiserver writes Go struct order: kind, apiVersion, metadata, ...). Values are encoded
/// as QJsonDocument encodes them (encode(), compared with it in tst_simstore); `raw()` splices
/// already-encoded JSON (cached object bytes). Output only — nothing here parses.
class JsonBuilder {
public:
    JsonBuilder &raw(const char *key, const QByteArray &json);
    JsonBuilder &str(const char *key, const QString &value);
    JsonBuilder &num(const char *key, qint64 value);
    JsonBuilder &val(const char *key, const QJsonValue &value);
    /// The finished object, e.g. {"a":1,"b":"x"}.
    QByteArray bytes() const;

    /// `value` encoded as compact JSON (a string gets quotes and escapes), byte for byte what
    /// QJsonDocument writes (see appendCompact()).
    static QByteArray encode(const QJsonValue &value);

private:
    QByteArray m_buf;
};

/// Compact JSON of `object`: byte for byte what QJsonDocument(object).toJson(Compact) writes
/// (keys in QJsonObject's sorted order; quotes, backslashes and control characters escaped as Qt
/// escapes them; integers as integers, other numbers in the shortest form that reads back the same,
/// infinities and NaN as null), but written into one buffer that grows geometrically. Qt 6.4's
/// writer reserves only a few bytes per nested object, so a 3 KB pod costs it a copy of the
/// buffer at every level; this writer is several times faster, which is what the store's
/// writes and the seed of a 150 000-pod cluster spend their time on. The writing is the
/// journal's (trace/jsonlines.h: appendObject, appendValue), one writer for both. Output only —
/// nothing here parses.
QByteArray compactJson(const QJsonObject &object);
/// Appends the compact JSON of `value` to `out` (see compactJson()).
void appendCompact(QByteArray &out, const QJsonValue &value);

/// Compact JSON with holes, for writing many objects that differ only in a few string values
/// (the seed of 150 000 pods from six templates). Built once from an object in which each hole
/// is a string value equal to marker(slot); fill() then writes, byte for byte, compactJson() of
/// the same object with each hole's value in place of its marker, by copying the fixed bytes
/// between the holes and escaping only the values (the keys sort the same whatever the values
/// are, so nothing around a hole moves). A slot may fill any number of holes, or none.
class JsonTemplate {
public:
    /// The string value that marks a hole for `slot` (0 ≤ slot < 100): control characters
    /// around a name, which no object from a server or a fixture carries.
    static QString marker(int slot);

    JsonTemplate() = default;
    /// Renders `object` with compactJson() and cuts it at every marker of slots 0..slotCount-1.
    JsonTemplate(const QJsonObject &object, int slotCount);

    /// False when a marker of one of the slots was found inside a longer string (a hole must be
    /// a whole string value), or the template was default-constructed: fill() must not be used.
    bool isValid() const { return m_valid; }
    /// True when at least one hole is of `slot`.
    bool hasSlot(int slot) const { return m_holes.contains(slot); }
    /// The JSON with values[i] in the holes of slot i, escaped as compactJson() escapes strings.
    /// `values` holds one string per slot given to the constructor.
    QByteArray fill(std::span<const QStringView> values) const;

private:
    QList<QByteArray> m_pieces; ///< the fixed bytes: one more than m_holes
    QList<int> m_holes;         ///< the slot of each hole, in order
    int m_slots = 0;
    qsizetype m_fixedBytes = 0;
    bool m_valid = false;
};

} // namespace lens::sim
