// SPDX-License-Identifier: Apache-2.0
#include "headless.h"

#include "trace/journal.h"

#include <QJsonDocument>

namespace lens {

JournalPrinter::JournalPrinter(Journal *journal, FILE *out, QObject *parent)
    : QObject(parent), m_out(out)
{
    connect(journal, &Journal::eventRecorded, this, &JournalPrinter::print);
}

void JournalPrinter::print(const TraceEvent &event)
{
    const QByteArray line = QJsonDocument(event.toJson()).toJson(QJsonDocument::Compact);
    std::fwrite(line.constData(), 1, size_t(line.size()), m_out);
    std::fputc('\n', m_out);
    std::fflush(m_out);
}

} // namespace lens
