// SPDX-License-Identifier: Apache-2.0
#include "journalpanel.h"

#include "columnfit.h"
#include "historypanel.h"
#include "lens/journalfiltermodel.h"
#include "lens/journalmodel.h"
#include "lens/lensmodels.h"
#include "rowsleaving.h"
#include "tableview.h"
#include "trace/journal.h"

#include <QBoxLayout>
#include <QComboBox>
#include <QDoubleValidator>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QKeyEvent>
#include <QLineEdit>
#include <QMenu>
#include <QTableView>
#include <QTimer>
#include <QToolButton>

namespace lens {

namespace {
/// Seconds typed in a time field as journal milliseconds; -1 for an empty or invalid field.
qint64 msOf(const QLineEdit *field)
{
    bool ok = false;
    const double s = QLocale::c().toDouble(field->text().trimmed(), &ok);
    return ok && s >= 0 ? qint64(s * 1000.0 + 0.5) : -1;
}

/// Replaces `combo`'s items after the first ("any …") with `values`, keeping the chosen one.
void setChoices(QComboBox *combo, const QStringList &values)
{
    const QString chosen = combo->currentIndex() > 0 ? combo->currentText() : QString();
    QSignalBlocker block(combo);
    while (combo->count() > 1)
        combo->removeItem(1);
    for (const QString &v : values)
        combo->addItem(v, v);
    combo->setCurrentIndex(qMax(0, combo->findData(chosen)));
}
} // namespace

JournalPanel::JournalPanel(LensModels *body, QWidget *parent)
    : Panel(QString(), nullptr, parent), m_body(body), m_filter(new JournalFilterModel(this))
{
    JournalModel *model = body->journalModel();
    m_filter->setJournalModel(model);
    // Before the view has the model: rows trimmed at the journal's cap are not the user's
    // choice of their neighbour.
    auto *rowsLeaving = new RowsLeaving(m_filter, this);
    m_view = makeTable(m_filter, tr("Journal"), this);
    m_view->setObjectName(QStringLiteral("journalView"));
    rowsLeaving->clearMovedCurrent(m_view);
    setWidths(m_view, {40, 62, 70, 80, 100, 130, 74, 44});
    // Before hiding a column: Qt 6.4 leaves a hidden section's width as a gap when
    // stretchLastSection is switched off after the section was hidden.
    fitLastColumn(m_view, 160); // Detail: the rest of the width, at least its content
    m_view->setColumnHidden(JournalModel::ComponentColumn, true);
    // Whose row it is matters once two informers share the journal (fillChoices()).
    m_view->setColumnHidden(JournalModel::InformerColumn, true);
    // Every column can be shown or hidden from the column titles' context menu.
    QHeaderView *header = m_view->horizontalHeader();
    header->setContextMenuPolicy(Qt::CustomContextMenu);
    connect(header, &QHeaderView::customContextMenuRequested, this,
            [this, header](const QPoint &pos) {
                columnMenu()->popup(header->viewport()->mapToGlobal(pos));
            });
    fitColumnsToContents(m_view);
    m_view->verticalHeader()->setDefaultSectionSize(m_view->fontMetrics().height() + 6);
    keepMinimumRows(m_view, kMinimumTableRows);
    addContent(buildFilterBar());
    addContent(m_view, 1);
    // The filtered rows follow the tail as the unfiltered ones do.
    connect(m_filter, &QAbstractItemModel::rowsInserted, this, [this] { followTail(m_view); });
    connect(m_filter, &QAbstractItemModel::rowsInserted, this, &JournalPanel::updateSubtitle);
    connect(m_filter, &QAbstractItemModel::rowsRemoved, this, &JournalPanel::updateSubtitle);
    connect(m_filter, &QAbstractItemModel::modelReset, this, &JournalPanel::updateSubtitle);
    connect(m_filter, &JournalFilterModel::criteriaChanged, this, [this] {
        updateSubtitle();
        m_clear->setEnabled(m_filter->isActive());
        // The chosen row stays in view; without one the newest matches are shown.
        if (m_view->currentIndex().isValid())
            m_view->scrollTo(m_view->currentIndex());
        else
            QTimer::singleShot(0, m_view, &QTableView::scrollToBottom);
    });
    connect(m_filter, &JournalFilterModel::choicesChanged, this, &JournalPanel::fillChoices);
    connect(body, &LensModels::travelled, this, [this] {
        updateSubtitle();
        QTimer::singleShot(0, m_view, &QTableView::scrollToBottom);
    });
    // Indexes are the filter's: its data() answers the source's roles for the source row.
    connect(m_view->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this, rowsLeaving](const QModelIndex &current) {
                if (rowsLeaving->active())
                    return;
                const QString key = current.data(JournalModel::KeyRole).toString();
                if (!key.isEmpty())
                    Q_EMIT keySelected(key, current.data(JournalModel::InformerRole).toString());
                if (current.isValid())
                    Q_EMIT seqChosen(current.data(JournalModel::SeqRole).toULongLong());
            });
    m_view->installEventFilter(this);
    QTimer::singleShot(0, m_view, &QTableView::scrollToBottom);
    fillChoices();
    retranslate();
}

QWidget *JournalPanel::buildFilterBar()
{
    auto *bar = new QWidget(this);
    bar->setObjectName(QStringLiteral("journalFilterBar"));
    auto *rows = new QVBoxLayout(bar);
    rows->setContentsMargins(0, 0, 0, 0);
    rows->setSpacing(2);
    auto combo = [this](const char *name) {
        auto *c = new QComboBox(this);
        c->setObjectName(QString::fromLatin1(name));
        // Never wider than the room: a long kind or handler name must not widen the window.
        c->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
        c->setMinimumContentsLength(6);
        c->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Fixed);
        c->setMinimumWidth(60);
        c->addItem(QString(), QString()); // "any …", named in retranslate()
        connect(c, &QComboBox::currentIndexChanged, this, &JournalPanel::applyFilter);
        c->installEventFilter(this);
        return c;
    };
    auto field = [this](const char *name) {
        auto *f = new QLineEdit(this);
        f->setObjectName(QString::fromLatin1(name));
        f->setClearButtonEnabled(true);
        connect(f, &QLineEdit::textChanged, this, &JournalPanel::applyFilter);
        f->installEventFilter(this);
        return f;
    };
    m_search = field("journalSearch");
    m_search->setMinimumWidth(120);
    m_kind = combo("journalKindFilter");
    for (int k = 0; k <= int(TraceKind::Info); ++k)
        m_kind->addItem(traceKindName(TraceKind(k)), k);
    m_informer = combo("journalInformerFilter");
    m_type = combo("journalTypeFilter");
    m_handler = combo("journalHandlerFilter");
    m_from = field("journalFromTime");
    m_to = field("journalToTime");
    for (QLineEdit *f : {m_from, m_to}) {
        auto *v = new QDoubleValidator(0, 1e9, 3, f);
        v->setNotation(QDoubleValidator::StandardNotation);
        v->setLocale(QLocale::c());
        f->setValidator(v);
        f->setMaximumWidth(80);
    }
    m_clear = new QToolButton(this);
    m_clear->setObjectName(QStringLiteral("journalClearFilter"));
    m_clear->setEnabled(false);
    connect(m_clear, &QToolButton::clicked, this, &JournalPanel::clearFilter);
    // Two rows that fit the right column at 1400 px: the text and the time range, then the
    // four lists, each as wide as the room allows.
    auto *first = new QHBoxLayout;
    first->setSpacing(4);
    first->addWidget(m_search, 1);
    first->addWidget(m_from);
    first->addWidget(m_to);
    first->addWidget(m_clear);
    auto *second = new QHBoxLayout;
    second->setSpacing(4);
    for (QComboBox *c : {m_kind, m_type, m_handler, m_informer})
        second->addWidget(c, 1);
    rows->addLayout(first);
    rows->addLayout(second);
    return bar;
}

void JournalPanel::applyFilter()
{
    // One criterion at a time re-filters once each; the bar changes one field at a time.
    m_filter->setText(m_search->text());
    const int kind = m_kind->currentData().isValid() && m_kind->currentIndex() > 0
                         ? m_kind->currentData().toInt()
                         : -1;
    m_filter->setKind(kind < 0 ? std::nullopt : std::optional<TraceKind>(TraceKind(kind)));
    m_filter->setHandler(m_handler->currentData().toString());
    m_filter->setType(m_type->currentData().toString());
    m_filter->setInformer(m_informer->currentData().toString());
    m_filter->setTimeRange(msOf(m_from), msOf(m_to));
}

void JournalPanel::clearFilter()
{
    for (QLineEdit *f : {m_search, m_from, m_to}) {
        QSignalBlocker block(f);
        f->clear();
    }
    for (QComboBox *c : {m_kind, m_handler, m_type, m_informer}) {
        QSignalBlocker block(c);
        c->setCurrentIndex(0);
    }
    m_filter->clearCriteria();
}

void JournalPanel::fillChoices()
{
    const JournalFilterModel::Choices c = m_filter->choices();
    setChoices(m_handler, c.handlers);
    setChoices(m_type, c.types);
    setChoices(m_informer, c.informers);
    m_handler->setEnabled(!c.handlers.isEmpty());
    // One informer (or none named): nothing to choose between, and every row is its. With
    // several, a listFailed or backoff row says whose Reflector it is in the Informer column
    // (unless the user hid or showed it with the column menu).
    m_informer->setVisible(c.informers.size() > 1);
    if (!m_informerColumnChosen)
        m_view->setColumnHidden(JournalModel::InformerColumn, c.informers.size() <= 1);
}

QMenu *JournalPanel::columnMenu()
{
    auto *menu = new QMenu(this);
    menu->setAttribute(Qt::WA_DeleteOnClose);
    menu->setObjectName(QStringLiteral("journalColumnMenu"));
    QAbstractItemModel *model = m_view->model();
    int shown = 0;
    for (int c = 0; c < model->columnCount(); ++c)
        shown += !m_view->isColumnHidden(c);
    for (int c = 0; c < model->columnCount(); ++c) {
        QAction *a = menu->addAction(model->headerData(c, Qt::Horizontal).toString());
        a->setCheckable(true);
        a->setChecked(!m_view->isColumnHidden(c));
        a->setEnabled(m_view->isColumnHidden(c) || shown > 1); // never the last one
        connect(a, &QAction::toggled, this, [this, c](bool on) { setColumnShown(c, on); });
    }
    return menu;
}

void JournalPanel::setColumnShown(int column, bool shown)
{
    if (column == JournalModel::InformerColumn)
        m_informerColumnChosen = true;
    m_view->setColumnHidden(column, !shown);
}

bool JournalPanel::eventFilter(QObject *watched, QEvent *event)
{
    // Esc clears an active filter before it means "return to Live" (a window shortcut).
    if ((event->type() == QEvent::ShortcutOverride || event->type() == QEvent::KeyPress) &&
        static_cast<QKeyEvent *>(event)->key() == Qt::Key_Escape &&
        static_cast<QKeyEvent *>(event)->modifiers() == Qt::NoModifier && m_filter->isActive()) {
        event->accept();
        if (event->type() == QEvent::KeyPress)
            clearFilter();
        return true;
    }
    return Panel::eventFilter(watched, event);
}

void JournalPanel::updateSubtitle()
{
    const Journal *journal = m_body->journal();
    const quint64 travel = m_body->travelSeq();
    // While travelling the journal ends at the travel seq: seqs count events from 1.
    const quint64 recorded = travel ? travel : journal->lastSeq();
    const int newest = m_body->journalModel()->rowCount();
    QString text = (travel ? tr("past, at seq %1: ").arg(travel) : QString()) +
                   (m_filter->isActive()
                        ? tr("%1 events recorded · %2 of %3 shown")
                              .arg(recorded)
                              .arg(m_filter->rowCount())
                              .arg(newest)
                        : tr("%1 events recorded · newest %2 shown").arg(recorded).arg(newest));
    if (journal->droppedCount() > 0)
        text += tr(" · %1 oldest dropped (journal cap %2)")
                    .arg(journal->droppedCount())
                    .arg(journal->capacity());
    setSubtitle(text);
}

void JournalPanel::retranslate()
{
    setTitle(tr("Journal"));
    m_view->setAccessibleName(tr("Journal"));
    m_search->setPlaceholderText(tr("Search key or informer\u2026 (Ctrl+F)"));
    m_search->setAccessibleName(tr("Search the journal by key or informer"));
    m_search->setToolTip(tr("Shows the events whose key or informer contains this text "
                            "(any case). Esc clears the filter."));
    m_kind->setItemText(0, tr("any event"));
    m_kind->setAccessibleName(tr("Filter the journal by event kind"));
    m_handler->setItemText(0, tr("any handler"));
    m_handler->setAccessibleName(tr("Filter the journal by handler"));
    m_handler->setToolTip(tr("The events of one event handler: its notifications, when it "
                             "was added or removed, its resync period"));
    m_type->setItemText(0, tr("any type"));
    m_type->setAccessibleName(tr("Filter the journal by type"));
    m_type->setToolTip(tr("The type as recorded: a watch event's ADDED, MODIFIED or DELETED, "
                          "a queued Delta's Added, Updated, Deleted, Replaced or Sync, a "
                          "notification's add, update or delete"));
    m_informer->setItemText(0, tr("any informer"));
    m_informer->setAccessibleName(tr("Filter the journal by informer"));
    m_from->setPlaceholderText(tr("from (s)"));
    m_from->setAccessibleName(tr("Journal events from this time, in seconds"));
    m_to->setPlaceholderText(tr("to (s)"));
    m_to->setAccessibleName(tr("Journal events up to this time, in seconds"));
    m_clear->setText(tr("Clear"));
    m_clear->setAccessibleName(tr("Clear the journal filter"));
    m_clear->setToolTip(tr("Show every event again (Esc)"));
    updateSubtitle();
}

} // namespace lens
