// SPDX-License-Identifier: Apache-2.0
#include "playgroundmodel.h"

#include "lens/deltachip.h"

namespace lens {

PlaygroundRunner::PlaygroundRunner(QObject *parent)
    : QObject(parent), m_play(std::make_unique<Playground>())
{
}

PlaygroundRunner::~PlaygroundRunner() = default;

void PlaygroundRunner::setScript(const QString &name, const QString &script)
{
    m_name = name;
    m_lines = script.split(QLatin1Char('\n'));
    for (QString &l : m_lines) {
        if (l.endsWith(QLatin1Char('\r')))
            l.chop(1);
    }
    // A final newline does not make an extra (empty) line.
    if (!m_lines.isEmpty() && m_lines.last().isEmpty())
        m_lines.removeLast();
    reset();
}

void PlaygroundRunner::reset()
{
    m_play = std::make_unique<Playground>();
    m_next = 0;
    m_outputOf = QList<QString>(m_lines.size());
    m_outputLines.clear();
    Q_EMIT changed();
}

QString PlaygroundRunner::runOne()
{
    if (atEnd())
        return {};
    const int i = m_next++;
    const QString out = m_play->runLine(m_lines.at(i));
    m_outputOf[i] = out;
    if (!out.isEmpty())
        m_outputLines.append(i);
    return out;
}

QString PlaygroundRunner::step()
{
    const QString out = runOne();
    Q_EMIT changed();
    return out;
}

void PlaygroundRunner::runToEnd()
{
    while (!atEnd())
        runOne();
    Q_EMIT changed();
}

QStringList PlaygroundRunner::outputs() const
{
    QStringList out;
    for (int line : m_outputLines)
        out << m_outputOf.at(line);
    return out;
}

PlaygroundQueueModel::PlaygroundQueueModel(QObject *parent) : QAbstractTableModel(parent) {}

void PlaygroundQueueModel::setEntries(const QList<QueueEntry> &entries)
{
    beginResetModel();
    m_entries = entries;
    endResetModel();
}

int PlaygroundQueueModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_entries.size());
}

int PlaygroundQueueModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant PlaygroundQueueModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const QueueEntry &e = m_entries.at(index.row());
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case KeyColumn:
            return e.key;
        case DeltasColumn:
            return Playground::formatDeltas(e.deltas);
        case ResourceVersionColumn:
            return e.deltas.isEmpty() || e.deltas.last().object.isNull()
                       ? QString()
                       : e.deltas.last().object.resourceVersion();
        }
        break;
    case Qt::ToolTipRole:
        return describeDeltas(e.key, e.deltas);
    case DeltaChipsRole:
        return QVariant::fromValue(chipsFromDeltas(e.deltas));
    case KeyRole:
        return e.key;
    case DeltasTextRole:
        return Playground::formatDeltas(e.deltas);
    }
    return {};
}

QVariant PlaygroundQueueModel::headerData(int section, Qt::Orientation o, int role) const
{
    if (o == Qt::Vertical && role == Qt::DisplayRole)
        return section + 1;
    if (o != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, o, role);
    switch (section) {
    case KeyColumn:
        return tr("Key");
    case DeltasColumn:
        return tr("Deltas (oldest first)");
    case ResourceVersionColumn:
        return tr("Newest RV");
    }
    return {};
}

QHash<int, QByteArray> PlaygroundQueueModel::roleNames() const
{
    auto names = QAbstractTableModel::roleNames();
    names.insert(DeltaChipsRole, "deltaChips");
    names.insert(KeyRole, "key");
    names.insert(DeltasTextRole, "deltasText");
    return names;
}

} // namespace lens
