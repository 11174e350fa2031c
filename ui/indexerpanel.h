// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "panel.h"

class QLabel;
class QLineEdit;
class QTableView;
class QTimer;
class QTreeView;

namespace lens {

class IndexerFilterProxy;
class LensModels;

/// The indexer panel of one informer's body: the objects of its Indexer, sortable, with a text
/// filter (name, namespace, label, phase) and a label selector (apimachinery's syntax; an
/// invalid one is refused with apimachinery's message and the last valid one stays in
/// effect). Typing is applied 250 ms after the last key. The subtitle counts the objects shown
/// of all.
class IndexerPanel final : public Panel {
    Q_OBJECT
public:
    explicit IndexerPanel(LensModels *body, QWidget *parent = nullptr);

    QTableView *view() const { return m_view; }
    IndexerFilterProxy *proxy() const { return m_proxy; }
    QLineEdit *filterEdit() const { return m_filter; }
    QLineEdit *selectorEdit() const { return m_selectorEdit; }
    /// Applies the filter and the label selector now (instead of 250 ms after typing).
    void applyFilter();
    /// Why the label selector typed is not applied ("" when it is).
    QString selectorError() const;
    /// Makes `key`'s row current when the indexer holds it and the filter shows it.
    void selectKey(const QString &key);

Q_SIGNALS:
    /// The user made an object's row current.
    void keySelected(const QString &key);

protected:
    void retranslate() override;

private:
    void updateSubtitle();

    LensModels *m_body;
    IndexerFilterProxy *m_proxy;
    QTableView *m_view;
    QLineEdit *m_filter;
    QLineEdit *m_selectorEdit;
    QLabel *m_selectorError;
    QTimer *m_filterTimer;
};

/// The Indices panel of one informer's body: index → value → keys, as Indexer.ByIndex() sees
/// them (the namespace index). Choosing a key selects it (keySelected).
class IndicesPanel final : public Panel {
    Q_OBJECT
public:
    explicit IndicesPanel(LensModels *body, QWidget *parent = nullptr);

    QTreeView *view() const { return m_view; }

Q_SIGNALS:
    void keySelected(const QString &key);

protected:
    void retranslate() override;

private:
    LensModels *m_body;
    QTreeView *m_view;
};

} // namespace lens
