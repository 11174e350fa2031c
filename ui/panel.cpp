// SPDX-License-Identifier: Apache-2.0
#include "panel.h"

#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QResizeEvent>
#include <QVBoxLayout>

namespace lens {

namespace {
constexpr int kMaxTitleWidth = 300; // pixels
constexpr int kShortSubtitle = 110; // pixels: "16 objects" always shows whole

/// A label of one line that shows as much of its text as its width holds, elided at the right
/// ("…"), the whole text in its tooltip and accessible name. Its height never grows with the
/// text, so a long subtitle in a narrow column costs no rows of the panel's content (a label
/// that wrapped took five lines of a 300 px key history at 1280x800).
class ElidedLabel final : public QLabel {
public:
    explicit ElidedLabel(QWidget *parent) : QLabel(parent) { setTextFormat(Qt::PlainText); }

    void setFullText(const QString &text)
    {
        m_full = text;
        setToolTip(text);
        setAccessibleName(text);
        elide();
        updateGeometry();
    }
    QString fullText() const { return m_full; }

    QSize sizeHint() const override
    {
        const QMargins m = contentsMargins();
        // The laid-out line, not the font's own height: Chinese text is drawn in a fallback
        // font (Noto Sans CJK) that stands taller than the Latin one, and a row only as high
        // as the Latin font cut its descenders off.
        const QFontMetrics fm = fontMetrics();
        const int line =
            qMax(fm.height(), fm.boundingRect(QRect(0, 0, QWIDGETSIZE_MAX, QWIDGETSIZE_MAX),
                                              Qt::TextSingleLine, m_full)
                                  .height());
        return {fm.horizontalAdvance(m_full) + m.left() + m.right() + 2 * margin(),
                line + m.top() + m.bottom() + 2 * margin()};
    }
    QSize minimumSizeHint() const override { return {0, sizeHint().height()}; }

protected:
    void resizeEvent(QResizeEvent *e) override
    {
        QLabel::resizeEvent(e);
        elide();
    }

private:
    void elide()
    {
        const int room = contentsRect().width() - 2 * margin();
        const QString shown = fontMetrics().elidedText(m_full, Qt::ElideRight, qMax(0, room));
        if (shown != text())
            setText(shown);
    }
    QString m_full;
};
} // namespace

Panel::Panel(const QString &title, QWidget *content, QWidget *parent)
    : QFrame(parent), m_title(new QLabel(title, this)), m_subtitle(new ElidedLabel(this)),
      m_layout(new QVBoxLayout(this)), m_header(new QHBoxLayout)
{
    setFrameShape(QFrame::NoFrame);
    QFont f = m_title->font();
    f.setBold(true);
    f.setPointSizeF(f.pointSizeF() * 1.05);
    m_title->setFont(f);
    m_subtitle->setForegroundRole(QPalette::PlaceholderText);
    m_subtitle->setTextInteractionFlags(Qt::TextSelectableByMouse);
    // Titles and subtitles carry live text (the selected key, counts): both are elided (the
    // full text stays in the tooltip) rather than clipped, wrapped (which ate the content's
    // rows) or pushing the window wider; a short subtitle (a count) keeps its room before
    // header widgets such as filter fields get theirs.
    m_subtitle->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Fixed);
    setTitle(title);
    m_header->setContentsMargins(2, 0, 2, 0);
    m_header->setSpacing(10);
    m_header->addWidget(m_title);
    m_header->addWidget(m_subtitle, 1);
    m_layout->setContentsMargins(4, 4, 4, 4);
    m_layout->setSpacing(4);
    m_layout->addLayout(m_header);
    if (content)
        m_layout->addWidget(content, 1);
}

void Panel::setTitle(const QString &title)
{
    m_title->setText(m_title->fontMetrics().elidedText(title, Qt::ElideMiddle, kMaxTitleWidth));
    m_title->setToolTip(title);
}

void Panel::setSubtitle(const QString &subtitle)
{
    static_cast<ElidedLabel *>(m_subtitle)->setFullText(subtitle);
    // A short subtitle (a count: "16 objects") keeps its width; a longer one may be elided
    // down to nothing rather than make the window wider than asked.
    const int width = m_subtitle->fontMetrics().horizontalAdvance(subtitle) + 8;
    m_subtitle->setMinimumWidth(width <= kShortSubtitle ? width : 0);
}

QString Panel::title() const
{
    return m_title->text();
}

QString Panel::subtitle() const
{
    return static_cast<const ElidedLabel *>(m_subtitle)->fullText();
}

void Panel::addHeaderWidget(QWidget *w)
{
    m_header->addWidget(w);
}

void Panel::addContent(QWidget *w, int stretch)
{
    m_layout->addWidget(w, stretch);
}

void Panel::changeEvent(QEvent *e)
{
    if (e->type() == QEvent::LanguageChange)
        retranslate();
    QFrame::changeEvent(e);
}

} // namespace lens
