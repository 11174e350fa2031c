// SPDX-License-Identifier: Apache-2.0
// The indexer view's proxy sorts and filters from the objects (per-row sort keys and
// IndexerModel::showsText) instead of a QVariant per cell: its order and its rows must be
// exactly those of a plain QSortFilterProxyModel on SortRole / DisplayRole, including while
// rows arrive, change and leave under a dynamic sort.
#include "indexerfilterproxy.h"
#include "lens/indexermodel.h"
#include "trace/clock.h"
#include "trace/journal.h"

#include <QAbstractItemModelTester>
#include <QJsonObject>
#include <QSortFilterProxyModel>
#include <QTest>

using namespace lens;

namespace {

Object pod(const QString &ns, const QString &name, const QString &rv, const QString &app,
           const QString &phase, int padding = 0)
{
    QJsonObject meta{{QStringLiteral("name"), name},
                     {QStringLiteral("namespace"), ns},
                     {QStringLiteral("resourceVersion"), rv}};
    if (!app.isEmpty())
        meta.insert(QStringLiteral("labels"),
                    QJsonObject{{QStringLiteral("app"), app},
                                {QStringLiteral("tier"),
                                 name.size() % 2 ? QStringLiteral("fe") : QStringLiteral("be")}});
    QJsonObject o{{QStringLiteral("metadata"), meta},
                  {QStringLiteral("spec"),
                   QJsonObject{{QStringLiteral("pad"), QString(padding, QLatin1Char('x'))}}}};
    if (!phase.isEmpty())
        o.insert(QStringLiteral("status"), QJsonObject{{QStringLiteral("phase"), phase}});
    return Object::fromJson(o);
}

class Feed {
public:
    explicit Feed(Journal *j) : m_journal(j) {}
    void put(TraceKind kind, const Object &o)
    {
        TraceEvent e;
        e.kind = kind;
        e.component = QStringLiteral("indexer");
        e.key = o.namespace_() + QLatin1Char('/') + o.name();
        e.resourceVersion = o.resourceVersion();
        e.object = o;
        m_journal->record(std::move(e));
    }

private:
    Journal *m_journal;
};

QStringList keysInOrder(const QAbstractItemModel &m)
{
    QStringList out;
    for (int r = 0; r < m.rowCount(); ++r)
        out << m.index(r, 0).data(IndexerModel::KeyRole).toString();
    return out;
}

} // namespace

class tst_IndexerProxy : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void init();
    void cleanup();
    void sortsAsSortRoleDoes_data();
    void sortsAsSortRoleDoes();
    void staysSortedWhileRowsChange();
    void textFilterFindsWhatEveryColumnShows_data();
    void textFilterFindsWhatEveryColumnShows();
    void textFilterAndSelectorTogether();

private:
    void fill();
    ManualClock m_clock;
    std::unique_ptr<Journal> m_journal;
    std::unique_ptr<IndexerModel> m_model;
};

void tst_IndexerProxy::init()
{
    m_journal = std::make_unique<Journal>(&m_clock);
    m_model = std::make_unique<IndexerModel>(m_journal.get());
}

void tst_IndexerProxy::cleanup()
{
    m_model.reset();
    m_journal.reset();
}

void tst_IndexerProxy::fill()
{
    Feed f(m_journal.get());
    // Equal names in different namespaces, equal phases, numbers of different lengths,
    // a resourceVersion that is not a number, objects without labels or phase.
    f.put(TraceKind::IndexerAdded,
          pod(QStringLiteral("b"), QStringLiteral("web-2"), QStringLiteral("95"),
              QStringLiteral("web"), QStringLiteral("Running"), 40));
    f.put(TraceKind::IndexerAdded,
          pod(QStringLiteral("a"), QStringLiteral("web-2"), QStringLiteral("1001"),
              QStringLiteral("web"), QStringLiteral("Pending"), 3));
    f.put(TraceKind::IndexerAdded,
          pod(QStringLiteral("a"), QStringLiteral("db-0"), QStringLiteral("7"),
              QStringLiteral("db"), QStringLiteral("Running"), 400));
    f.put(TraceKind::IndexerAdded, pod(QStringLiteral("c"), QStringLiteral("cache"),
                                       QStringLiteral("120"), QString(), QString(), 0));
    f.put(TraceKind::IndexerAdded,
          pod(QStringLiteral("kube-system"), QStringLiteral("dns-1"), QStringLiteral("33"),
              QStringLiteral("dns"), QStringLiteral("Succeeded"), 12));
    m_model->flush();
    QCOMPARE(m_model->rowCount(), 5);
}

void tst_IndexerProxy::sortsAsSortRoleDoes_data()
{
    QTest::addColumn<int>("column");
    QTest::addColumn<int>("order");
    for (int c = 0; c < IndexerModel::ColumnCount; ++c)
        for (int o : {int(Qt::AscendingOrder), int(Qt::DescendingOrder)})
            QTest::addRow("column %d %s", c, o == Qt::AscendingOrder ? "up" : "down") << c << o;
}

void tst_IndexerProxy::sortsAsSortRoleDoes()
{
    QFETCH(int, column);
    QFETCH(int, order);
    fill();
    IndexerFilterProxy fast;
    fast.setIndexer(m_model.get());
    fast.setSortRole(IndexerModel::SortRole);
    QAbstractItemModelTester tester(&fast, QAbstractItemModelTester::FailureReportingMode::QtTest);
    fast.sort(column, Qt::SortOrder(order));
    QSortFilterProxyModel reference;
    reference.setSourceModel(m_model.get());
    reference.setSortRole(IndexerModel::SortRole);
    reference.sort(column, Qt::SortOrder(order));
    QStringList expected = keysInOrder(reference);
    if (column == IndexerModel::NamespaceColumn) {
        // The namespace column breaks ties by name (a/db-0 before a/web-2 either way up).
        expected = order == Qt::AscendingOrder
                       ? QStringList{QStringLiteral("a/db-0"), QStringLiteral("a/web-2"),
                                     QStringLiteral("b/web-2"), QStringLiteral("c/cache"),
                                     QStringLiteral("kube-system/dns-1")}
                       : QStringList{QStringLiteral("kube-system/dns-1"), QStringLiteral("c/cache"),
                                     QStringLiteral("b/web-2"), QStringLiteral("a/web-2"),
                                     QStringLiteral("a/db-0")};
    }
    QCOMPARE(keysInOrder(fast), expected);
}

void tst_IndexerProxy::staysSortedWhileRowsChange()
{
    fill();
    IndexerFilterProxy fast;
    fast.setIndexer(m_model.get());
    fast.setSortRole(IndexerModel::SortRole);
    fast.setDynamicSortFilter(true);
    QAbstractItemModelTester tester(&fast, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QSortFilterProxyModel reference;
    reference.setSourceModel(m_model.get());
    reference.setSortRole(IndexerModel::SortRole);
    reference.setDynamicSortFilter(true);
    Feed f(m_journal.get());
    for (int column : {int(IndexerModel::ResourceVersionColumn), int(IndexerModel::SizeColumn),
                       int(IndexerModel::NameColumn)}) {
        fast.sort(column);
        reference.sort(column);
        QCOMPARE(keysInOrder(fast), keysInOrder(reference));
        // New rows, a changed row (new resourceVersion, size and phase), a row gone.
        const QString rv = QString::number(10 + column);
        f.put(TraceKind::IndexerAdded,
              pod(QStringLiteral("d"), QStringLiteral("new-%1").arg(column), rv,
                  QStringLiteral("new"), QStringLiteral("Pending"), 50 * column));
        f.put(TraceKind::IndexerUpdated,
              pod(QStringLiteral("a"), QStringLiteral("db-0"), QString::number(5000 + column),
                  QStringLiteral("db"), QStringLiteral("Failed"), column));
        m_model->flush();
        QCOMPARE(keysInOrder(fast), keysInOrder(reference));
        f.put(TraceKind::IndexerDeleted, pod(QStringLiteral("b"), QStringLiteral("web-2"),
                                             QStringLiteral("95"), QString(), QString()));
        m_model->flush();
        QCOMPARE(keysInOrder(fast), keysInOrder(reference));
        f.put(TraceKind::IndexerAdded,
              pod(QStringLiteral("b"), QStringLiteral("web-2"), QStringLiteral("96"),
                  QStringLiteral("web"), QStringLiteral("Running"), 1));
        m_model->flush();
        QCOMPARE(keysInOrder(fast), keysInOrder(reference));
    }
}

void tst_IndexerProxy::textFilterFindsWhatEveryColumnShows_data()
{
    QTest::addColumn<QString>("needle");
    for (const char *n :
         {"web", "WEB-2", "a", "kube", "app=web", "app=web,tier=be", "app=db,tier=be", "tier",
          "running", "1001", "1,0", "33", "nothing-like-this", ""})
        QTest::addRow("%s", n) << QString::fromUtf8(n);
}

void tst_IndexerProxy::textFilterFindsWhatEveryColumnShows()
{
    QFETCH(QString, needle);
    fill();
    IndexerFilterProxy fast;
    fast.setIndexer(m_model.get());
    fast.setTextFilter(needle);
    QSortFilterProxyModel reference;
    reference.setSourceModel(m_model.get());
    reference.setFilterKeyColumn(-1);
    reference.setFilterCaseSensitivity(Qt::CaseInsensitive);
    reference.setFilterFixedString(needle);
    QCOMPARE(keysInOrder(fast), keysInOrder(reference));
}

void tst_IndexerProxy::textFilterAndSelectorTogether()
{
    fill();
    IndexerFilterProxy fast;
    fast.setIndexer(m_model.get());
    fast.setTextFilter(QStringLiteral("running"));
    QCOMPARE(fast.rowCount(), 2);
    QVERIFY(fast.setLabelSelector(QStringLiteral("app=db")));
    QCOMPARE(keysInOrder(fast), QStringList{QStringLiteral("a/db-0")});
    fast.setTextFilter(QString());
    QCOMPARE(keysInOrder(fast), QStringList{QStringLiteral("a/db-0")});
    QVERIFY(fast.setLabelSelector(QString()));
    QCOMPARE(fast.rowCount(), 5);
}

QTEST_MAIN(tst_IndexerProxy)
#include "tst_indexerproxy.moc"
