// SPDX-License-Identifier: Apache-2.0
#include "memoryuse.h"

#include "api/objectmemory.h"
#include "indexermodel.h"
#include "journalmodel.h"
#include "keyhistorymodel.h"
#include "lensmodels.h"
#include "trace/journal.h"

namespace lens {

MemoryUse MemoryUse::measure(const Journal &journal, const QList<LensModels *> &bodies)
{
    MemoryUse m;
    m.journal.items = qint64(journal.events().size());
    m.journal.ownBytes = journal.ownBytes();
    m.journal.objectBytes = ObjectMemory::journalOnlyBytes();
    for (const LensModels *body : bodies) {
        if (const JournalModel *rows = body->journalModel())
            m.journal.ownBytes += rows->memoryBytes();
        if (const IndexerModel *rows = body->indexer()) {
            m.indexer.items += rows->rowCount();
            m.indexer.ownBytes += rows->memoryBytes();
        }
        if (const KeyHistoryModel *rows = body->history()) {
            m.history.items += rows->rowCount();
            m.history.ownBytes += rows->memoryBytes();
        }
    }
    return m;
}

} // namespace lens
