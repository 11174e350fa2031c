// SPDX-License-Identifier: Apache-2.0
#include "playgroundpanel.h"

#include "deltachipdelegate.h"
#include "fonts.h"
#include "panel.h"
#include "playgroundmodel.h"

#include <QComboBox>
#include <QDir>
#include <QEvent>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSplitter>
#include <QTableView>
#include <QTableWidget>
#include <QVBoxLayout>

namespace lens {

namespace {
constexpr auto kShippedPrefix = ":/playground/";
enum ScriptColumn { LineNoColumn, CommandColumn, OutputColumn };
} // namespace

PlaygroundPanel::PlaygroundPanel(QWidget *parent)
    : QWidget(parent), m_runner(new PlaygroundRunner(this)),
      m_queueModel(new PlaygroundQueueModel(this))
{
    setObjectName(QStringLiteral("playgroundPanel"));

    m_chooser = new QComboBox(this);
    m_chooser->setObjectName(QStringLiteral("playgroundChooser"));
    m_chooser->setMinimumContentsLength(22);
    m_chooser->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    const QStringList shipped = shippedScripts();
    for (const QString &s : shipped)
        m_chooser->addItem(s, QString::fromLatin1(kShippedPrefix) + s);
    m_openButton = new QPushButton(this);
    m_openButton->setObjectName(QStringLiteral("playgroundOpen"));
    m_stepButton = new QPushButton(this);
    m_stepButton->setObjectName(QStringLiteral("playgroundStep"));
    m_runButton = new QPushButton(this);
    m_runButton->setObjectName(QStringLiteral("playgroundRun"));
    m_resetButton = new QPushButton(this);
    m_resetButton->setObjectName(QStringLiteral("playgroundReset"));
    m_state = new QLabel(this);
    m_state->setObjectName(QStringLiteral("playgroundState"));
    m_state->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);

    // The script, one row per line, with what each line printed next to it.
    m_script = new QTableWidget(0, 3, this);
    m_script->setObjectName(QStringLiteral("playgroundScript"));
    m_script->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_script->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_script->setSelectionMode(QAbstractItemView::SingleSelection);
    m_script->setShowGrid(false);
    // The right column is narrow: a long line wraps (its row grows) instead of being elided,
    // and the script and what it printed share the width.
    m_script->setWordWrap(true);
    m_script->setTextElideMode(Qt::ElideNone);
    m_script->verticalHeader()->setVisible(false);
    m_script->verticalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_script->horizontalHeader()->setDefaultAlignment(Qt::AlignLeft | Qt::AlignVCenter);
    m_script->horizontalHeader()->setSectionResizeMode(LineNoColumn, QHeaderView::Fixed);
    m_script->horizontalHeader()->setSectionResizeMode(CommandColumn, QHeaderView::Stretch);
    m_script->horizontalHeader()->setSectionResizeMode(OutputColumn, QHeaderView::Fixed);
    m_script->setColumnWidth(LineNoColumn, 44);
    m_script->setFont(monospaceFont());

    // The queue after the last line run.
    m_queueView = new QTableView(this);
    m_queueView->setObjectName(QStringLiteral("playgroundQueue"));
    m_queueView->setModel(m_queueModel);
    m_queueView->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_queueView->setShowGrid(false);
    m_queueView->setWordWrap(false);
    m_queueView->setItemDelegateForColumn(
        PlaygroundQueueModel::DeltasColumn,
        new DeltaChipDelegate(PlaygroundQueueModel::DeltaChipsRole, this));
    m_queueView->verticalHeader()->setDefaultSectionSize(m_queueView->fontMetrics().height() + 9);
    m_queueView->verticalHeader()->setDefaultAlignment(Qt::AlignRight | Qt::AlignVCenter);
    m_queueView->horizontalHeader()->setDefaultAlignment(Qt::AlignLeft | Qt::AlignVCenter);
    m_queueView->horizontalHeader()->setStretchLastSection(false);
    m_queueView->horizontalHeader()->setSectionResizeMode(PlaygroundQueueModel::DeltasColumn,
                                                          QHeaderView::Stretch);
    m_queueView->setColumnWidth(PlaygroundQueueModel::KeyColumn, 90);
    m_queueView->setColumnWidth(PlaygroundQueueModel::ResourceVersionColumn, 76);
    m_known = new QLabel(this);
    m_known->setObjectName(QStringLiteral("playgroundKnown"));
    m_known->setWordWrap(true);
    m_known->setTextInteractionFlags(Qt::TextSelectableByMouse);

    m_output = new QPlainTextEdit(this);
    m_output->setObjectName(QStringLiteral("playgroundOutput"));
    m_output->setReadOnly(true);
    m_output->setFont(monospaceFont());
    m_output->setLineWrapMode(QPlainTextEdit::WidgetWidth); // all of it, in a narrow column

    m_queueTitle = new QLabel(this);
    m_outputTitle = new QLabel(this);
    for (QLabel *l : {m_queueTitle, m_outputTitle}) {
        QFont f = l->font();
        f.setBold(true);
        l->setFont(f);
    }

    auto *buttons = new QHBoxLayout;
    buttons->setContentsMargins(2, 0, 2, 0);
    buttons->addWidget(m_stepButton);
    buttons->addWidget(m_runButton);
    buttons->addWidget(m_resetButton);
    buttons->addStretch(1);

    // Stacked, so the panel reads well in the window's narrow right column: the script with
    // each line's output, then the queue after the last line, then the whole output.
    auto *queueBox = new QWidget(this);
    auto *qv = new QVBoxLayout(queueBox);
    qv->setContentsMargins(0, 0, 0, 0);
    qv->setSpacing(2);
    qv->addWidget(m_queueTitle);
    qv->addWidget(m_queueView, 1);
    qv->addWidget(m_known);
    auto *outputBox = new QWidget(this);
    auto *ov = new QVBoxLayout(outputBox);
    ov->setContentsMargins(0, 0, 0, 0);
    ov->setSpacing(2);
    ov->addWidget(m_outputTitle);
    ov->addWidget(m_output, 1);

    auto *split = new QSplitter(Qt::Vertical, this);
    split->addWidget(m_script);
    split->addWidget(queueBox);
    split->addWidget(outputBox);
    split->setSizes({300, 200, 110});
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 2);
    split->setStretchFactor(2, 1);
    split->setChildrenCollapsible(false);

    auto *body = new QWidget(this);
    auto *bv = new QVBoxLayout(body);
    bv->setContentsMargins(0, 0, 0, 0);
    bv->addLayout(buttons);
    bv->addWidget(m_state);
    bv->addWidget(split, 1);

    m_panel = new Panel(QString(), body, this);
    m_panel->addHeaderWidget(m_chooser);
    m_panel->addHeaderWidget(m_openButton);
    auto *outer = new QVBoxLayout(this);
    outer->setContentsMargins(0, 0, 0, 0);
    outer->addWidget(m_panel);

    connect(m_stepButton, &QPushButton::clicked, m_runner, &PlaygroundRunner::step);
    connect(m_runButton, &QPushButton::clicked, m_runner, &PlaygroundRunner::runToEnd);
    connect(m_resetButton, &QPushButton::clicked, m_runner, &PlaygroundRunner::reset);
    connect(m_openButton, &QPushButton::clicked, this, &PlaygroundPanel::openFile);
    connect(m_chooser, &QComboBox::activated, this, [this](int i) {
        const QString path = m_chooser->itemData(i).toString();
        if (!path.isEmpty())
            loadFile(path);
    });
    connect(m_runner, &PlaygroundRunner::changed, this, &PlaygroundPanel::refresh);

    retranslate();
    if (!shipped.isEmpty())
        loadShipped(shipped.first());
    else
        refresh();
}

PlaygroundPanel::~PlaygroundPanel() = default;

QStringList PlaygroundPanel::shippedScripts()
{
    QStringList names = QDir(QString::fromLatin1(kShippedPrefix))
                            .entryList({QStringLiteral("*.play")}, QDir::Files);
    names.sort();
    return names;
}

bool PlaygroundPanel::loadShipped(const QString &name)
{
    return loadFile(QString::fromLatin1(kShippedPrefix) + name);
}

bool PlaygroundPanel::loadFile(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly | QIODevice::Text)) {
        m_state->setText(
            tr("cannot read %1: %2").arg(QDir::toNativeSeparators(path), f.errorString()));
        return false;
    }
    const QString name = QFileInfo(path).fileName();
    int at = m_chooser->findData(path);
    if (at < 0) {
        m_chooser->addItem(name, path);
        at = m_chooser->count() - 1;
    }
    m_chooser->setCurrentIndex(at);
    m_runner->setScript(name, QString::fromUtf8(f.readAll()));
    return true;
}

void PlaygroundPanel::openFile()
{
    const QString path =
        QFileDialog::getOpenFileName(this, tr("Open a playground script"), QString(),
                                     tr("Playground scripts (*.play);;All files (*)"));
    if (!path.isEmpty())
        loadFile(path);
}

void PlaygroundPanel::refresh()
{
    const QStringList lines = m_runner->lines();
    if (lines != m_shownLines) {
        m_shownLines = lines;
        m_script->setRowCount(int(lines.size()));
        for (int i = 0; i < lines.size(); ++i) {
            auto *no = new QTableWidgetItem(QString::number(i + 1));
            no->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
            no->setForeground(palette().brush(QPalette::PlaceholderText));
            m_script->setItem(i, LineNoColumn, no);
            auto *cmd = new QTableWidgetItem(lines.at(i));
            if (lines.at(i).trimmed().startsWith(QLatin1Char('#')))
                cmd->setForeground(palette().brush(QPalette::PlaceholderText));
            m_script->setItem(i, CommandColumn, cmd);
            m_script->setItem(i, OutputColumn, new QTableWidgetItem);
        }
    }
    const int next = m_runner->nextLine();
    fitOutputColumn();
    for (int i = 0; i < lines.size(); ++i) {
        const QString out = m_runner->outputOfLine(i);
        QTableWidgetItem *o = m_script->item(i, OutputColumn);
        if (o->text() != out) {
            o->setText(out);
            o->setToolTip(out);
            o->setForeground(out.startsWith(QLatin1String("error:")) ? QColor(0xc6, 0x28, 0x28)
                                                                     : palette().text().color());
        }
        QFont f = m_script->font();
        f.setBold(i == next);
        m_script->item(i, CommandColumn)->setFont(f);
        m_script->item(i, LineNoColumn)
            ->setText(i == next ? QStringLiteral("\u25B6 %1").arg(i + 1) : QString::number(i + 1));
    }
    if (next < lines.size()) {
        m_script->selectRow(next);
        m_script->scrollTo(m_script->model()->index(next, 0), QAbstractItemView::EnsureVisible);
    } else {
        m_script->clearSelection();
        if (!lines.isEmpty())
            m_script->scrollToBottom();
    }

    const Playground &p = m_runner->playground();
    m_queueModel->setEntries(p.entries());
    const QStringList outs = m_runner->outputs();
    m_output->setPlainText(outs.join(QLatin1Char('\n')));
    m_output->moveCursor(QTextCursor::End);

    QStringList known;
    for (const Object &o : p.knownObjects().list()) {
        const QString ns = o.namespace_();
        known << (ns.isEmpty() ? o.name() : ns + QLatin1Char('/') + o.name()) + QLatin1Char('@') +
                     o.resourceVersion();
    }
    known.sort();
    m_known->setText(tr("knownObjects: %1")
                         .arg(known.isEmpty() ? tr("(empty)") : known.join(QStringLiteral(", "))));

    const QString mode = p.mode() == Playground::Mode::RealFIFO ? QStringLiteral("RealFIFO")
                                                                : QStringLiteral("DeltaFIFO");
    QString state = tr("line %1 of %2").arg(qMin(next + 1, int(lines.size()))).arg(lines.size());
    if (m_runner->atEnd())
        state = tr("end of script (%n line(s))", nullptr, int(lines.size()));
    state += tr(" \u00B7 %1").arg(mode);
    if (p.mode() == Playground::Mode::DeltaFIFO && p.emitDeltaTypeReplaced())
        state += tr(" \u00B7 emitDeltaTypeReplaced");
    state +=
        p.queue()->hasSynced() ? tr(" \u00B7 HasSynced \u2713") : tr(" \u00B7 HasSynced \u2717");
    if (p.queue()->isClosed())
        state += tr(" \u00B7 closed");
    m_state->setText(state);
    m_state->setToolTip(state);
    m_queueTitle->setText(tr("%1 after the last line \u00B7 %n entry(ies) in Pop order", nullptr,
                             int(p.entries().size()))
                              .arg(mode));
    m_stepButton->setEnabled(!m_runner->atEnd());
    m_runButton->setEnabled(!m_runner->atEnd());
    m_resetButton->setEnabled(next > 0);
}

void PlaygroundPanel::fitOutputColumn()
{
    const QFontMetrics fm(m_script->font());
    int widest = m_script->horizontalHeader()->fontMetrics().horizontalAdvance(
                     m_script->horizontalHeaderItem(OutputColumn)
                         ? m_script->horizontalHeaderItem(OutputColumn)->text()
                         : QString()) +
                 24;
    for (int i = 0; i < m_script->rowCount(); ++i)
        widest = qMax(widest, fm.horizontalAdvance(m_runner->outputOfLine(i)) + 12);
    m_script->setColumnWidth(OutputColumn, qMin(widest, m_script->viewport()->width() * 45 / 100));
}

void PlaygroundPanel::resizeEvent(QResizeEvent *e)
{
    QWidget::resizeEvent(e);
    fitOutputColumn();
}

void PlaygroundPanel::retranslate()
{
    m_panel->setTitle(tr("Playground"));
    m_openButton->setText(tr("Open\u2026"));
    m_openButton->setToolTip(tr("Run your own playground script (see docs/playground.md)"));
    m_openButton->setAccessibleName(tr("Open a playground script"));
    m_chooser->setAccessibleName(tr("Playground script"));
    m_chooser->setToolTip(tr("Shipped scripts that teach one DeltaFIFO / RealFIFO behaviour each"));
    m_stepButton->setText(tr("Step"));
    m_stepButton->setToolTip(tr("Run the next line of the script"));
    m_stepButton->setAccessibleName(tr("Step one playground line"));
    m_runButton->setText(tr("Run"));
    m_runButton->setToolTip(tr("Run the script to its end"));
    m_runButton->setAccessibleName(tr("Run the playground script to the end"));
    m_resetButton->setText(tr("Reset"));
    m_resetButton->setToolTip(tr("Back to the first line, with a fresh queue"));
    m_resetButton->setAccessibleName(tr("Reset the playground"));
    m_script->setHorizontalHeaderLabels({tr("#"), tr("Script"), tr("Output")});
    m_script->setAccessibleName(tr("Playground script lines and their output"));
    m_queueView->setAccessibleName(tr("Playground queue"));
    m_output->setAccessibleName(tr("Playground output"));
    m_outputTitle->setText(tr("Output (what informer-lens-play prints)"));
    m_output->setPlaceholderText(tr("Nothing printed yet: Step runs the next line, Run runs "
                                    "the script to its end."));
    refresh();
}

void PlaygroundPanel::changeEvent(QEvent *e)
{
    if (e->type() == QEvent::LanguageChange)
        retranslate();
    QWidget::changeEvent(e);
}

} // namespace lens
