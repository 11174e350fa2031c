// SPDX-License-Identifier: Apache-2.0
#include "memorystatus.h"

#include "api/objectmemory.h"
#include "heap/heap.h"
#include "mainwindow.h"
#include "trace/journal.h"

#include <QEvent>
#include <QLabel>
#include <QLocale>
#include <QStatusBar>
#include <QTimer>

namespace lens {

MemoryStatus::MemoryStatus(MainWindow *window)
    : QObject(window), m_window(window), m_label(new QLabel(window)), m_timer(new QTimer(this))
{
    setObjectName(QStringLiteral("memoryStatus"));
    m_label->setObjectName(QStringLiteral("memoryLabel"));
    m_label->setAccessibleName(tr("Memory per view"));
    window->statusBar()->addPermanentWidget(m_label);
    connect(m_timer, &QTimer::timeout, this, &MemoryStatus::refresh);
    m_timer->start(2000);
    window->installEventFilter(this);
    refresh();
}

bool MemoryStatus::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_window && event->type() == QEvent::LanguageChange)
        refresh();
    return QObject::eventFilter(watched, event);
}

void MemoryStatus::setCaches(std::function<PartMemory()> caches)
{
    m_caches = std::move(caches);
    refresh();
}

void MemoryStatus::refresh()
{
    const Journal *journal = m_window->journal();
    if (!journal) {
        m_label->clear();
        return;
    }
    QList<LensModels *> bodies = m_window->bodies();
    bodies << m_window->streamBody();
    m_figures = MemoryUse::measure(*journal, bodies);
    if (m_caches)
        m_figures.addCaches(m_caches());
    m_label->setText(text());
    m_label->setToolTip(toolTip());
}

QString MemoryStatus::text() const
{
    const QLocale l;
    return tr("Memory: journal %1 \u00b7 indexer %2 \u00b7 history %3")
        .arg(l.formattedDataSize(m_figures.journal.bytes(), 1),
             l.formattedDataSize(m_figures.indexer.bytes(), 1),
             l.formattedDataSize(m_figures.history.bytes(), 1));
}

QString MemoryStatus::toolTip() const
{
    const QLocale l;
    const MemoryUse &m = m_figures;
    const Journal *journal = m_window->journal();
    const qsizetype cap = journal ? journal->capacity() : 0;
    QStringList lines;
    lines << tr("Memory per view, estimated from the structures' sizes. Each object version "
                "is counted once: to the indexer while an informer's cache stores it, else to "
                "the journal.");
    lines << tr("Journal: %1 events retained (at most %2): %3 for the events, their details "
                "and the journal list's rows; %4 for %5 object versions only the journal keeps "
                "(older versions, deleted objects, versions still queued).")
                 .arg(l.toString(m.journal.items), l.toString(qlonglong(cap)),
                      l.formattedDataSize(m.journal.ownBytes, 1),
                      l.formattedDataSize(m.journal.objectBytes, 1),
                      l.toString(ObjectMemory::journalOnlyVersions()));
    if (m_caches)
        lines << tr("Indexer: %1 objects in the informers' caches: %2 for the objects, %3 for "
                    "the keys, the indices and the Indexer view's rows.")
                     .arg(l.toString(m.indexer.items),
                          l.formattedDataSize(m.indexer.objectBytes, 1),
                          l.formattedDataSize(m.indexer.ownBytes, 1));
    if (m_caches && m.indexer.packedObjects > 0)
        lines << tr("Packed since the informers started: %1 objects, %2 of JSON kept in %3 "
                    "(%4 % saved), each informer's with a zstd dictionary trained on its first "
                    "objects; --no-pack-objects keeps them as received.")
                     .arg(l.toString(m.indexer.packedObjects),
                          l.formattedDataSize(m.indexer.packedJsonBytes, 1),
                          l.formattedDataSize(m.indexer.packedBytes, 1),
                          l.toString(100.0 *
                                         double(m.indexer.packedJsonBytes - m.indexer.packedBytes) /
                                         double(m.indexer.packedJsonBytes),
                                     'f', 1));
    if (!m_caches)
        lines << tr("Indexer: %1 rows in the Indexer view, %2; no informer runs here, so their "
                    "objects are counted with the journal that carries them.")
                     .arg(l.toString(m.indexer.items), l.formattedDataSize(m.indexer.ownBytes, 1));
    lines << tr("History: %1 rows in the key history, %2.")
                 .arg(l.toString(m.history.items), l.formattedDataSize(m.history.ownBytes, 1));
    const heap::Figures heap = heap::figures();
    lines << tr("Heap (%1): %2 in use, %3 more held by the allocator.")
                 .arg(heap::allocatorName(),
                      l.formattedDataSize(qint64(heap.inUseMiB * 1048576.0), 1),
                      l.formattedDataSize(qint64(heap.heldMiB * 1048576.0), 1));
    return lines.join(QLatin1Char('\n'));
}

} // namespace lens
