// SPDX-License-Identifier: Apache-2.0
#include "objecttreemodel.h"

#include "masking.h"

#include "api/jsonscalar.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <functional>

namespace lens {

ObjectTreeModel::ObjectTreeModel(QObject *parent)
    : QAbstractItemModel(parent), m_root(std::make_unique<Node>())
{
}

ObjectTreeModel::~ObjectTreeModel() = default;

QString ObjectTreeModel::identity() const
{
    if (m_object.isNull())
        return {};
    const QString uid = m_object.uid();
    return uid.isEmpty() ? QStringLiteral("key:") + m_key : QStringLiteral("uid:") + uid;
}

void ObjectTreeModel::setObject(const QString &key, const Object &object)
{
    beginResetModel();
    m_key = key;
    m_object = object;
    m_kind = object.isNull() ? QString() : object.kind();
    m_root = std::make_unique<Node>();
    m_root->container = true;
    m_sensitiveCount = 0;
    if (!object.isNull())
        build(m_root.get(), object.json(), {});
    endResetModel();
    Q_EMIT objectChanged();
}

void ObjectTreeModel::build(Node *node, const QJsonValue &v, const QStringList &segments)
{
    auto add = [&](const QString &field, const QString &segment, const QJsonValue &child) {
        auto n = std::make_unique<Node>();
        n->parent = node;
        n->row = int(node->children.size());
        n->field = field;
        const QStringList childSegments = segments + QStringList{segment};
        n->path = childSegments.join(QLatin1Char('.'));
        n->sensitive = isSensitivePath(m_kind, childSegments);
        n->base64 = n->sensitive && childSegments.first() == QLatin1String("data");
        Node *raw = n.get();
        node->children.push_back(std::move(n));
        // A sensitive value is one leaf, whatever its shape: its children would show it.
        if (!raw->sensitive && (child.isObject() || child.isArray())) {
            raw->container = true;
            raw->isArray = child.isArray();
            build(raw, child, childSegments);
        } else {
            raw->value = child;
            if (raw->sensitive)
                ++m_sensitiveCount;
        }
    };
    if (v.isObject()) {
        const QJsonObject o = v.toObject();
        for (auto it = o.begin(); it != o.end(); ++it)
            add(it.key(), it.key(), it.value());
    } else if (v.isArray()) {
        const QJsonArray a = v.toArray();
        for (qsizetype i = 0; i < a.size(); ++i)
            add(QStringLiteral("[%1]").arg(i), QString::number(i), a.at(i));
    }
}

void ObjectTreeModel::setRevealed(bool revealed)
{
    const QString id = identity();
    if (id.isEmpty() || revealed == m_revealed.contains(id))
        return;
    if (revealed)
        m_revealed.insert(id);
    else
        m_revealed.remove(id);
    // Only sensitive leaves change text; a reset keeps this simple and is rare (a click).
    beginResetModel();
    endResetModel();
    Q_EMIT objectChanged();
}

bool ObjectTreeModel::isRevealed() const
{
    return m_revealed.contains(identity());
}

const ObjectTreeModel::Node *ObjectTreeModel::nodeOf(const QModelIndex &index) const
{
    return index.isValid() ? static_cast<const Node *>(index.internalPointer()) : m_root.get();
}

QModelIndex ObjectTreeModel::index(int row, int column, const QModelIndex &parent) const
{
    if (!hasIndex(row, column, parent))
        return {};
    const Node *p = nodeOf(parent);
    return createIndex(row, column, p->children[size_t(row)].get());
}

QModelIndex ObjectTreeModel::parent(const QModelIndex &child) const
{
    if (!child.isValid())
        return {};
    const Node *n = nodeOf(child);
    if (!n->parent || n->parent == m_root.get())
        return {};
    return createIndex(n->parent->row, 0, n->parent);
}

int ObjectTreeModel::rowCount(const QModelIndex &parent) const
{
    if (parent.isValid() && parent.column() != 0)
        return 0;
    return int(nodeOf(parent)->children.size());
}

int ObjectTreeModel::columnCount(const QModelIndex &) const
{
    return ColumnCount;
}

QVariant ObjectTreeModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid))
        return {};
    const Node *n = nodeOf(index);
    const bool masked = n->sensitive && !isRevealed();
    switch (role) {
    case Qt::DisplayRole:
    case Qt::ToolTipRole:
        if (index.column() == FieldColumn)
            return role == Qt::ToolTipRole ? n->path : n->field;
        if (n->container)
            return n->isArray ? QStringLiteral("[%1]").arg(n->children.size())
                              : QStringLiteral("{%1}").arg(n->children.size());
        if (masked)
            return role == Qt::ToolTipRole
                       ? tr("Hidden: press Reveal to show this object's secret values")
                       : maskedValueText(n->value, n->base64);
        return jsonScalarText(n->value, JsonStrings::Quoted);
    case PathRole:
        return n->path;
    case SensitiveRole:
        return n->sensitive;
    case MaskedRole:
        return masked;
    }
    return {};
}

QVariant ObjectTreeModel::headerData(int section, Qt::Orientation o, int role) const
{
    if (o != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractItemModel::headerData(section, o, role);
    return section == FieldColumn ? tr("Field") : tr("Value");
}

QModelIndex ObjectTreeModel::indexOfPath(const QString &path) const
{
    std::function<const Node *(const Node *)> find = [&](const Node *n) -> const Node * {
        for (const auto &c : n->children) {
            if (c->path == path)
                return c.get();
            if (path.startsWith(c->path + QLatin1Char('.')))
                if (const Node *f = find(c.get()))
                    return f;
        }
        return nullptr;
    };
    const Node *n = find(m_root.get());
    return n ? createIndex(n->row, 0, const_cast<Node *>(n)) : QModelIndex();
}

} // namespace lens
