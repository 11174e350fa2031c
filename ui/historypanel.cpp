// SPDX-License-Identifier: Apache-2.0
#include "historypanel.h"

#include "columnfit.h"
#include "deltachipdelegate.h"
#include "lens/format.h"
#include "lens/keyhistorymodel.h"
#include "lens/lensmodels.h"
#include "tableview.h"
#include "trace/journal.h"

#include <QCompleter>
#include <QEvent>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLineEdit>
#include <QScrollBar>
#include <QStringListModel>
#include <QTableView>
#include <QTimer>

namespace lens {

void followTail(QTableView *view)
{
    QScrollBar *sb = view->verticalScrollBar();
    if (sb->value() >= sb->maximum() - 2)
        QTimer::singleShot(0, view, &QTableView::scrollToBottom);
}

HistoryPanel::HistoryPanel(LensModels *body, QWidget *parent)
    : Panel(QString(), nullptr, parent), m_body(body), m_keyField(new QLineEdit(this)),
      m_keys(new QStringListModel(this)), m_completer(new QCompleter(m_keys, this))
{
    KeyHistoryModel *history = body->history();
    m_view = makeTable(history, tr("Key history"), this);
    m_view->setObjectName(QStringLiteral("historyView"));
    m_view->setItemDelegateForColumn(KeyHistoryModel::TypeColumn,
                                     new DeltaChipDelegate(KeyHistoryModel::DeltaChipsRole, this));
    setWidths(m_view, {48, 66, 120, 110, 170, 52});
    fitLastColumn(m_view, 160); // Detail (the diff): the rest of the width, at least its content
    // After fitLastColumn (Qt 6.4 leaves a section hidden before as a gap): whose row each is,
    // once rows of other objects, queues or requests join the key's (a controller's loop);
    // hidden while every row is the key's own.
    m_view->setColumnHidden(KeyHistoryModel::ResourceColumn, true);
    fitColumnsToContents(m_view);
    m_keyField->setObjectName(QStringLiteral("historyKeyField"));
    m_keyField->setClearButtonEnabled(true);
    m_keyField->setMinimumWidth(150);
    m_completer->setCaseSensitivity(Qt::CaseInsensitive);
    m_completer->setFilterMode(Qt::MatchContains);
    m_completer->setMaxVisibleItems(12);
    m_keyField->setCompleter(m_completer);
    m_keyField->installEventFilter(this);
    connect(m_keyField, &QLineEdit::textEdited, this, &HistoryPanel::refreshCompletions);
    connect(m_keyField, &QLineEdit::textEdited, this, [this] {
        if (!m_note.isEmpty()) {
            m_note.clear();
            updateSubtitle();
        }
    });
    connect(m_keyField, &QLineEdit::returnPressed, this, &HistoryPanel::chooseTypedKey);
    connect(m_completer, qOverload<const QString &>(&QCompleter::activated), this,
            [this](const QString &key) { Q_EMIT keyChosen(key); });
    addHeaderWidget(m_keyField);
    addContent(m_view, 1);
    // A key's story needs a few rows to be read: the window's splitters never squeeze the
    // table below kMinimumRows (the timeline scrolls its lanes instead). The column titles'
    // height follows their language and font.
    keepMinimumRows(m_view, kMinimumRows);
    connect(history, &KeyHistoryModel::keyChanged, this, [this] { m_note.clear(); });
    connect(history, &KeyHistoryModel::keyChanged, this, &HistoryPanel::retranslate);
    // The field names the key shown (the title does not repeat it), wide enough to read it.
    connect(history, &KeyHistoryModel::keyChanged, this, [this](const QString &key) {
        if (!m_keyField->hasFocus())
            m_keyField->setText(key);
        m_keyField->setMinimumWidth(
            qBound(150, m_keyField->fontMetrics().horizontalAdvance(key) + 40, 320));
    });
    // A key's story is read backwards from its latest row ("why did my handler get this
    // update?"), so a newly selected key opens at its newest rows.
    connect(history, &KeyHistoryModel::keyChanged, this,
            [this] { QTimer::singleShot(0, m_view, &QTableView::scrollToBottom); });
    connect(history, &QAbstractItemModel::rowsInserted, this, [this] { followTail(m_view); });
    // A delete arrives live, or comes and goes with time travel.
    connect(history, &QAbstractItemModel::rowsInserted, this, &HistoryPanel::updateSubtitle);
    connect(history, &QAbstractItemModel::modelReset, this, &HistoryPanel::updateSubtitle);
    const auto showResources = [this] {
        m_view->setColumnHidden(KeyHistoryModel::ResourceColumn,
                                !m_body->history()->hasLinkedRows());
    };
    connect(history, &QAbstractItemModel::rowsInserted, this, showResources);
    connect(history, &QAbstractItemModel::modelReset, this, showResources);
    connect(body, &LensModels::travelled, this,
            [this] { QTimer::singleShot(0, m_view, &QTableView::scrollToBottom); });
    connect(m_view->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this](const QModelIndex &current) {
                if (current.isValid())
                    Q_EMIT seqChosen(current.data(KeyHistoryModel::SeqRole).toULongLong());
            });
    retranslate();
}

void HistoryPanel::chooseTypedKey()
{
    const QString typed = m_keyField->text().trimmed();
    if (typed.isEmpty())
        return;
    // Any part of a key, any case (docs/window.md): the key it names, else the choice.
    const KeyHistoryModel::KeyMatch match = m_body->history()->matchKey(typed);
    if (!match.key.isEmpty()) {
        m_note.clear();
        if (match.key != typed)
            m_keyField->setText(match.key);
        Q_EMIT keyChosen(match.key);
        updateSubtitle();
        return;
    }
    if (match.candidates.isEmpty()) {
        m_note = tr("no key of this informer's journal contains \u201C%1\u201D").arg(typed);
    } else {
        m_note =
            tr("%n keys contain \u201C%1\u201D: choose one", nullptr, int(match.candidates.size()))
                .arg(typed);
        refreshCompletions();
        m_completer->setCompletionPrefix(typed);
        m_completer->complete();
    }
    updateSubtitle();
}

QStringList HistoryPanel::completions() const
{
    return m_keys->stringList();
}

void HistoryPanel::refreshCompletions()
{
    const QStringList keys = m_body->history()->knownKeys();
    if (keys != m_keys->stringList())
        m_keys->setStringList(keys);
}

bool HistoryPanel::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_keyField && event->type() == QEvent::FocusIn)
        refreshCompletions();
    return Panel::eventFilter(watched, event);
}

void HistoryPanel::updateSubtitle()
{
    if (!m_note.isEmpty()) { // what the key field made of the text typed, until the next edit
        setSubtitle(m_note);
        return;
    }
    const KeyHistoryModel *history = m_body->history();
    if (history->key().isEmpty()) {
        setSubtitle(tr("select a key in the queue, indexer or journal, or type one"));
        return;
    }
    // Live, nothing of the key among the retained events, and the journal has dropped some: say
    // so, rather than leave an empty table that reads as "nothing happened to it".
    const Journal *journal = m_body->journal();
    if (history->rowCount() == 0 && m_body->travelSeq() == 0 && journal &&
        journal->droppedCount() > 0) {
        setSubtitle(tr("dropped at the journal cap: no event of this key is retained "
                       "(--journal-cap)"));
        return;
    }
    const KeyHistoryModel::Deletion gone = history->deletion();
    if (gone.seq == 0) {
        setSubtitle(tr("watch → queue → pop → indexer → handlers"));
        return;
    }
    setSubtitle(gone.tombstone
                    ? tr("deleted at t=%1 (seq %2, via tombstone: a relist found it gone)")
                          .arg(formatTimeMs(gone.t))
                          .arg(gone.seq)
                    : tr("deleted at t=%1 (seq %2)").arg(formatTimeMs(gone.t)).arg(gone.seq));
}

int HistoryPanel::minimumRowsHeight(const QTableView *view, int rows)
{
    // The column titles, `rows` rows, the horizontal scroll bar the wide Detail column brings,
    // and the frame.
    return rowsHeight(view, rows);
}

void HistoryPanel::retranslate()
{
    const QString key = m_body->history()->key();
    m_view->setAccessibleName(tr("Key history"));
    setTitle(tr("Key history")); // the key is in the key field
    m_keyField->setPlaceholderText(tr("key\u2026"));
    m_keyField->setAccessibleName(tr("Key to show the history of"));
    m_keyField->setToolTip(tr("Any key the journal has recorded, also one deleted since: type "
                              "part of it, pick it and press Enter"));
    updateSubtitle();
}

} // namespace lens
