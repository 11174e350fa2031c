// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QJsonObject>
#include <QJsonValue>
#include <QStringList>

namespace lens {

/// Which values of an object the window never shows unless the user reveals that one object:
/// a Secret's `data.*` and `stringData.*` values, and every object's
/// `metadata.annotations["kubectl.kubernetes.io/last-applied-configuration"]` (which repeats a
/// Secret's data verbatim when it was created with `kubectl apply`).
///
/// `kind` is the object's top-level "kind"; `path` the object keys from the root, e.g.
/// {"data", "password"}. Only the values themselves are sensitive, not the maps holding them
/// (their keys are shown, as `kubectl describe secret` does).
bool isSensitivePath(const QString &kind, const QStringList &path);

/// "••••• (N bytes)": N is the decoded length of a base64 Secret `data` value when `base64`
/// (a string that is not strict base64: its UTF-8 length), else the UTF-8 length of the string
/// (or of the compact JSON of a non-string value). A value that already reads "••••• (N
/// bytes)" (a recording's, masked when it was written) is returned as it is: N is the count of
/// the value the recording never held.
QString maskedValueText(const QJsonValue &value, bool base64);

/// True for a value maskedValueText() wrote: "••••• (N bytes)".
bool isMaskedText(const QJsonValue &value);

/// A copy of `object` with every sensitive value replaced by its maskedValueText(); the same
/// object (shared, no copy) when nothing in it is sensitive.
QJsonObject maskSensitive(const QJsonObject &object);

} // namespace lens
