// SPDX-License-Identifier: Apache-2.0
// A recording as `--open FILE` and File ▸ Open read it (RecordedJournal::load →
// JournalFile::read: the header line, then one event per line with its objects by reference),
// and the restored journal's events read back as the views read them; and each event's
// --headless line (trace/jsonlines.h) is byte for byte what QJsonDocument writes for it.

#include "fuzzcommon.h"

#include "lens/journalfile.h"
#include "trace/journal.h"
#include "trace/jsonlines.h"

#include <QJsonDocument>

LENS_FUZZ_INITIALIZE

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QString path = lens::fuzz::writeInput(data, size, "recording.jsonl");
    QString error;
    const std::unique_ptr<lens::RecordedJournal> rec = lens::RecordedJournal::load(path, &error);
    if (!rec) {
        if (error.isEmpty())
            std::abort(); // a refused recording always says why
        return 0;
    }
    // What --headless --open prints and the views fold: every event, its object and details.
    for (const lens::TraceEvent &e : rec->journal()->events()) {
        lens::fuzz::touch(e.object);
        QByteArray line;
        lens::jsonlines::appendEvent(line, e);
        if (line != QJsonDocument(e.toJson()).toJson(QJsonDocument::Compact))
            std::abort(); // the fast writer and Qt's disagree
    }
    return 0;
}
