// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QtGlobal>

namespace lens {

/// What every model that folds the journal offers its body (LensModels): apply what is pending
/// now, and show the journal up to a seq (time travel). The events arrive through an
/// EventBatcher, by seq range, from the journal's own storage.
class JournalFold {
public:
    virtual ~JournalFold() = default;
    /// Applies the events recorded and not yet folded, now (no-op when none are pending).
    virtual void flush() = 0;
    /// Time travel: shows the state as of journal seq `seq` (rebuilt from the journal's
    /// retained events with seq ≤ `seq`) and stops following the journal; `seq` == 0 rebuilds
    /// from everything and follows the journal again.
    virtual void foldUpTo(quint64 seq) = 0;
    /// The seq shown (0 = live).
    virtual quint64 foldedUpTo() const = 0;
};

} // namespace lens
