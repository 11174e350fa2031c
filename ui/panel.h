// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QFrame>

class QHBoxLayout;
class QLabel;
class QVBoxLayout;

namespace lens {

/// A titled section of the window: a bold title, a grey subtitle (e.g. "12 keys · HasSynced ✓")
/// on one header line, then the content widget(s). Purely presentational.
class Panel : public QFrame {
    Q_OBJECT
public:
    Panel(const QString &title, QWidget *content, QWidget *parent = nullptr);

    void setTitle(const QString &title);
    QString title() const;
    void setSubtitle(const QString &subtitle);
    QString subtitle() const;
    /// Adds a widget to the right end of the header (e.g. a filter field).
    void addHeaderWidget(QWidget *w);
    /// Adds another content widget below the existing ones.
    void addContent(QWidget *w, int stretch = 0);

protected:
    /// Re-applies the panel's texts; called on QEvent::LanguageChange (subclasses that show
    /// text of their own override it, and call it once from their constructor).
    virtual void retranslate() {}
    void changeEvent(QEvent *e) override;

private:
    QLabel *m_title;
    QLabel *m_subtitle;
    QVBoxLayout *m_layout;
    QHBoxLayout *m_header;
};

} // namespace lens
