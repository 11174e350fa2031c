// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QObject>

#include <cstdio>

namespace lens {

class Journal;
struct TraceEvent;

/// Prints every journal event as one JSON object per line (JSON Lines) to a FILE*, flushed per
/// line so that a pipe sees events as they happen.
class JournalPrinter : public QObject {
    Q_OBJECT
public:
    JournalPrinter(Journal *journal, FILE *out, QObject *parent = nullptr);

private:
    void print(const TraceEvent &event);
    FILE *m_out;
};

} // namespace lens
