// SPDX-License-Identifier: Apache-2.0
#include "journalfiltermodel.h"

#include "eventbatcher.h"
#include "journalmodel.h"
#include "trace/journal.h"

#include <algorithm>

namespace lens {

namespace {
QStringList sorted(const QSet<QString> &set)
{
    QStringList out(set.begin(), set.end());
    std::sort(out.begin(), out.end(), [](const QString &a, const QString &b) {
        const int c = a.compare(b, Qt::CaseInsensitive);
        return c != 0 ? c < 0 : a < b;
    });
    return out;
}

const QLatin1String kHandler("handler");
} // namespace

JournalFilterModel::JournalFilterModel(QObject *parent) : QSortFilterProxyModel(parent)
{
    setDynamicSortFilter(true);
}

JournalFilterModel::~JournalFilterModel() = default;

void JournalFilterModel::setJournalModel(JournalModel *model)
{
    if (m_model)
        disconnect(m_model, nullptr, this, nullptr);
    m_model = model;
    m_gatheredSeq = 0;
    m_handlers.clear();
    m_types.clear();
    m_informers.clear();
    setSourceModel(model);
    if (!model)
        return;
    connect(model, &QAbstractItemModel::rowsInserted, this, &JournalFilterModel::gather);
    connect(model, &QAbstractItemModel::modelReset, this, &JournalFilterModel::gather);
    gather();
}

void JournalFilterModel::gather()
{
    const Journal *journal = m_model ? m_model->batcher()->journal() : nullptr;
    if (!journal)
        return;
    const auto &all = journal->events();
    auto it = std::upper_bound(all.begin(), all.end(), m_gatheredSeq,
                               [](quint64 s, const TraceEvent &e) { return s < e.seq; });
    bool grew = false;
    auto add = [&grew](QSet<QString> &set, const QString &value) {
        if (!value.isEmpty() && !set.contains(value)) {
            set.insert(value);
            grew = true;
        }
    };
    for (; it != all.end(); ++it) {
        const TraceEvent &e = *it;
        m_gatheredSeq = e.seq;
        if (!m_model->batcher()->accepts(e))
            continue;
        add(m_types, e.type);
        add(m_informers, e.informer);
        if (const auto h = e.detail.constFind(kHandler); h != e.detail.constEnd())
            add(m_handlers, h.value().toString());
    }
    if (grew)
        Q_EMIT choicesChanged();
}

JournalFilterModel::Choices JournalFilterModel::choices() const
{
    return {sorted(m_handlers), sorted(m_types), sorted(m_informers)};
}

void JournalFilterModel::refilter()
{
    invalidateRowsFilter();
    Q_EMIT criteriaChanged();
}

void JournalFilterModel::setText(const QString &text)
{
    if (text == m_text)
        return;
    m_text = text;
    refilter();
}

void JournalFilterModel::setKind(std::optional<TraceKind> kind)
{
    if (kind == m_kind)
        return;
    m_kind = kind;
    refilter();
}

void JournalFilterModel::setHandler(const QString &handler)
{
    if (handler == m_handler)
        return;
    m_handler = handler;
    refilter();
}

void JournalFilterModel::setType(const QString &type)
{
    if (type == m_type)
        return;
    m_type = type;
    refilter();
}

void JournalFilterModel::setInformer(const QString &informer)
{
    if (informer == m_informer)
        return;
    m_informer = informer;
    refilter();
}

void JournalFilterModel::setTimeRange(qint64 fromMs, qint64 toMs)
{
    fromMs = qMax<qint64>(-1, fromMs);
    toMs = qMax<qint64>(-1, toMs);
    if (fromMs == m_fromMs && toMs == m_toMs)
        return;
    m_fromMs = fromMs;
    m_toMs = toMs;
    refilter();
}

void JournalFilterModel::clearCriteria()
{
    if (!isActive())
        return;
    m_text.clear();
    m_kind.reset();
    m_handler.clear();
    m_type.clear();
    m_informer.clear();
    m_fromMs = m_toMs = -1;
    refilter();
}

bool JournalFilterModel::isActive() const
{
    return !m_text.isEmpty() || m_kind || !m_handler.isEmpty() || !m_type.isEmpty() ||
           !m_informer.isEmpty() || m_fromMs >= 0 || m_toMs >= 0;
}

bool JournalFilterModel::matches(const TraceEvent &e) const
{
    if (m_kind && e.kind != *m_kind)
        return false;
    if (m_fromMs >= 0 && e.t < m_fromMs)
        return false;
    if (m_toMs >= 0 && e.t > m_toMs)
        return false;
    if (!m_type.isEmpty() && e.type != m_type)
        return false;
    if (!m_informer.isEmpty() && e.informer != m_informer)
        return false;
    if (!m_handler.isEmpty() && e.detail.value(kHandler).toString() != m_handler)
        return false;
    if (!m_text.isEmpty() && !e.key.contains(m_text, Qt::CaseInsensitive) &&
        !e.informer.contains(m_text, Qt::CaseInsensitive))
        return false;
    return true;
}

bool JournalFilterModel::filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const
{
    if (sourceParent.isValid() || !m_model)
        return false;
    if (!isActive())
        return true;
    const TraceEvent *e = m_model->eventPtr(sourceRow);
    return e && matches(*e);
}

} // namespace lens
