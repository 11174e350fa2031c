// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QCoreApplication>
#include <QString>

namespace lens {

/// The journal's words for people: the journal itself (JSON Lines, `--headless`, recordings)
/// stays in English, but what the window paints from it (the timeline's LIST cause, a watch's
/// end, a backoff's reason, an error) is shown in the window's language.
///
/// phrase() translates, through the installed Qt translators (context "lens::JournalText"):
///  * the Reflector's list causes and backoff reasons ("initial", "expired", "too large",
///    "watch error", "list failed", "continue expired", "fallback", "429 on watch", …; see
///    Reflector::listAndWatch);
///  * how a watch ended ("closed by server") and ApiStatus::describe()'s transport errors
///    ("the connection was lost: %1", "cannot connect: connection refused (%1)", …), with the
///    Qt network message inside them where it is a common one ("Connection closed"), also
///    after an operation ("failed to list /v1, Kind=Pod: %2");
///  * an API status "CODE Reason: message" (reason names such as Expired stay as they are),
///    with kube-apiserver's common messages ("too old resource version: %1 (%2)", "Too large
///    resource version: %1, current: %2", the continue-token expiry, "Internal error occurred:
///    %1", "The server is currently unable to handle the request").
/// Anything else is returned unchanged (resource names, keys, messages it does not know).
class JournalText {
    Q_DECLARE_TR_FUNCTIONS(lens::JournalText)
public:
    static QString phrase(const QString &english);
};

} // namespace lens
