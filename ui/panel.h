// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QFrame>

class QHBoxLayout;
class QLabel;
class QVBoxLayout;

namespace lens {

/// A titled section of the window: a bold title, a grey subtitle (e.g. "12 keys · HasSynced ✓")
/// on one header line, then the content widget(s). Purely presentational.
///
/// The header is always one line high, so a narrow column never loses its content's rows to
/// it: a subtitle longer than its room is elided ("…") and its whole text is in its tooltip
/// and accessible name; a short one (a count, up to about 110 px) keeps its width.
class Panel : public QFrame {
    Q_OBJECT
public:
    /// The rows a panel's table or tree always has room for (keepMinimumRows): at 1280x800
    /// with three informers the splitters squeezed the DeltaFIFO's table to its titles.
    static constexpr int kMinimumTableRows = 3;

    Panel(const QString &title, QWidget *content, QWidget *parent = nullptr);

    void setTitle(const QString &title);
    QString title() const;
    /// Sets the subtitle; subtitle() returns it whole, whatever the label shows.
    void setSubtitle(const QString &subtitle);
    QString subtitle() const;
    /// The label that shows the subtitle (elided to its width when it does not fit).
    QLabel *subtitleLabel() const { return m_subtitle; }
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
