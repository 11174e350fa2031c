// SPDX-License-Identifier: Apache-2.0
#include "panel.h"

#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QVBoxLayout>

namespace lens {

namespace {
constexpr int kMaxTitleWidth = 300; // pixels
constexpr int kShortSubtitle = 110; // pixels: "16 objects" always shows whole
} // namespace

Panel::Panel(const QString &title, QWidget *content, QWidget *parent)
    : QFrame(parent), m_title(new QLabel(title, this)), m_subtitle(new QLabel(this)),
      m_layout(new QVBoxLayout(this)), m_header(new QHBoxLayout)
{
    setFrameShape(QFrame::NoFrame);
    QFont f = m_title->font();
    f.setBold(true);
    f.setPointSizeF(f.pointSizeF() * 1.05);
    m_title->setFont(f);
    m_subtitle->setForegroundRole(QPalette::PlaceholderText);
    m_subtitle->setTextInteractionFlags(Qt::TextSelectableByMouse);
    // Titles and subtitles carry live text (the selected key, counts): the title is elided
    // (the full text stays in the tooltip); the subtitle wraps onto more lines rather than
    // being clipped or pushing the window wider, and a short one (a count) keeps its room
    // before header widgets such as filter fields get theirs.
    m_subtitle->setWordWrap(true);
    m_subtitle->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
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
    m_subtitle->setText(subtitle);
    m_subtitle->setToolTip(subtitle);
    // A short subtitle (a count: "16 objects") keeps its width; a longer one may wrap down to
    // nothing rather than make the window wider than asked.
    const int width = m_subtitle->fontMetrics().horizontalAdvance(subtitle) + 8;
    m_subtitle->setMinimumWidth(width <= kShortSubtitle ? width : 0);
}

QString Panel::title() const
{
    return m_title->text();
}

QString Panel::subtitle() const
{
    return m_subtitle->text();
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
