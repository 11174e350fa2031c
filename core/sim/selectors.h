// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QJsonObject>
#include <QList>
#include <QMap>
#include <QString>
#include <QStringList>

namespace lens::sim {

/// A label selector as sent in ?labelSelector=. Supports the equality forms (k=v, k==v, k!=v),
/// existence (k, !k) and the set forms (k in (a,b), k notin (a,b)), comma-separated (AND).
///
/// Mirrors: k8s.io/apimachinery/pkg/labels.Parse (without its full key/value validation).
class LabelSelector {
public:
    /// Parses `text`. An empty text selects everything. On a malformed term returns an empty
    /// selector and sets `*error` ("unable to parse requirement: ..."), which the server answers
    /// with 400 BadRequest.
    static LabelSelector parse(const QString &text, QString *error = nullptr);

    bool isEmpty() const { return m_reqs.isEmpty(); }
    bool matches(const QMap<QString, QString> &labels) const;

private:
    struct Requirement {
        enum Op { Equals, NotEquals, In, NotIn, Exists, DoesNotExist };
        QString key;
        Op op = Equals;
        QStringList values;
    };
    QList<Requirement> m_reqs;
};

/// A field selector as sent in ?fieldSelector=: comma-separated path=value, path==value or
/// path!=value terms, where path is a dotted JSON path into the object ("metadata.name",
/// "metadata.namespace", "spec.nodeName", "status.phase"). kubectl uses metadata.name for
/// `delete --wait` and `get NAME -w`.
///
/// Difference from kube-apiserver: every path is accepted; the real server allows only the
/// fields each resource registers and answers 400 "field label not supported" otherwise.
class FieldSelector {
public:
    static FieldSelector parse(const QString &text, QString *error = nullptr);

    bool isEmpty() const { return m_terms.isEmpty(); }
    bool matches(const QJsonObject &object) const;

    /// The value a term compares for `path` in `object` ("" when absent). Numbers and booleans
    /// render as Go's fmt would ("3", "true").
    static QString fieldValue(const QJsonObject &object, const QString &path);

private:
    struct Term {
        QString path;
        QString value;
        bool negate = false;
    };
    QList<Term> m_terms;
};

} // namespace lens::sim
