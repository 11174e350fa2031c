// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/object.h"

#include <QAbstractItemModel>
#include <QJsonValue>
#include <QSet>

#include <memory>
#include <vector>

namespace lens {

/// One Kubernetes object as a JSON tree (the object inspector): a row per object member or
/// array element, columns Field ("metadata", "labels", "[0]") and Value (scalars as JSON text;
/// objects and arrays as "{3}" / "[2]").
///
/// Masking (masking.h): a Secret's data/stringData values and the last-applied-configuration
/// annotation read "••••• (N bytes)" until setRevealed(true) for *that* object; the choice is
/// remembered per object (by uid, else key) and never carries over to another object.
///
/// setObject() replaces the tree (a model reset). Not live by itself: the window calls
/// setObject() with the indexer's current version of the selected key.
/// Concept shown: the object a lister returns — read-only, shared with the indexer.
class ObjectTreeModel final : public QAbstractItemModel {
    Q_OBJECT
public:
    enum Column { FieldColumn, ValueColumn, ColumnCount };
    Q_ENUM(Column)
    enum Role {
        PathRole = Qt::UserRole + 1, ///< QString "metadata.labels.app"
        SensitiveRole,               ///< bool: the value is masked unless revealed
        MaskedRole,                  ///< bool: the value is masked right now
    };

    explicit ObjectTreeModel(QObject *parent = nullptr);
    ~ObjectTreeModel() override;

    /// Shows `object` under `key` ("ns/name"); a null object clears the tree.
    void setObject(const QString &key, const Object &object);
    QString key() const { return m_key; }
    Object object() const { return m_object; }

    /// Reveals (or masks again) the sensitive values of the current object only.
    void setRevealed(bool revealed);
    /// Whether the current object's sensitive values are shown.
    bool isRevealed() const;
    /// Whether the current object has any sensitive value at all.
    bool hasSensitive() const { return m_sensitiveCount > 0; }

    QModelIndex index(int row, int column, const QModelIndex &parent = {}) const override;
    QModelIndex parent(const QModelIndex &child) const override;
    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation o, int role = Qt::DisplayRole) const override;

    /// The index whose PathRole is `path` (e.g. "data.password"), or invalid.
    QModelIndex indexOfPath(const QString &path) const;

Q_SIGNALS:
    /// After setObject() or setRevealed() changed what is shown.
    void objectChanged();

private:
    struct Node {
        Node *parent = nullptr;
        int row = 0;
        QString field;
        QString path;
        QJsonValue value; // scalars only; containers have children
        bool container = false;
        bool isArray = false;
        bool sensitive = false;
        bool base64 = false;
        std::vector<std::unique_ptr<Node>> children;
    };
    void build(Node *node, const QJsonValue &v, const QStringList &segments);
    const Node *nodeOf(const QModelIndex &index) const;
    QString identity() const;

    QString m_key;
    Object m_object;
    QString m_kind;
    std::unique_ptr<Node> m_root;
    int m_sensitiveCount = 0;
    QSet<QString> m_revealed; // identity() of each revealed object
};

} // namespace lens
