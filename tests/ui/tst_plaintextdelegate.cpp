// SPDX-License-Identifier: Apache-2.0
// PlainTextDelegate paints the same pixels as QStyledItemDelegate, and its cache of laid-out
// texts never shows a stale text or a layout made for another width.
#include "plaintextdelegate.h"

#include <QHeaderView>
#include <QStandardItemModel>
#include <QStyledItemDelegate>
#include <QTableView>
#include <QTest>

using namespace lens;

class tst_PlainTextDelegate : public QObject {
    Q_OBJECT
private slots:
    void samePixelsAsTheStyledDelegate();
};

namespace {
/// Two tables over one model, the first painted by QStyledItemDelegate, the second by
/// PlainTextDelegate, same size, same selection.
struct Pair {
    QStandardItemModel model{0, 3};
    QTableView styled, plain;
    QStyledItemDelegate styledDelegate;
    PlainTextDelegate plainDelegate;
    Pair()
    {
        for (int r = 0; r < 8; ++r) {
            auto *seq = new QStandardItem(QString::number(1000 + r));
            seq->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
            model.appendRow({seq,
                             new QStandardItem(QStringLiteral("kube-system/coredns-%1").arg(r)),
                             new QStandardItem(r % 2 ? QStringLiteral("Updated")
                                                     : QStringLiteral("短 Added 中文"))});
        }
        styled.setItemDelegate(&styledDelegate);
        plain.setItemDelegate(&plainDelegate);
        for (QTableView *v : {&styled, &plain}) {
            v->setModel(&model);
            v->setAlternatingRowColors(true);
            v->setWordWrap(false); // as the live tables (makeTable): one line, elided
            v->resize(420, 300);
            v->selectRow(2);
        }
    }
    void setWidths(int seq, int key)
    {
        for (QTableView *v : {&styled, &plain}) {
            v->horizontalHeader()->resizeSection(0, seq);
            v->horizontalHeader()->resizeSection(1, key);
        }
    }
    /// The viewports' pixels, or a message naming the first that differs.
    QString compare()
    {
        const QImage a = styled.viewport()->grab().toImage();
        const QImage b = plain.viewport()->grab().toImage();
        if (a.size() != b.size())
            return QStringLiteral("sizes differ");
        for (int y = 0; y < a.height(); ++y)
            for (int x = 0; x < a.width(); ++x)
                if (a.pixel(x, y) != b.pixel(x, y))
                    return QStringLiteral("pixel %1,%2 differs").arg(x).arg(y);
        return {};
    }
};
} // namespace

void tst_PlainTextDelegate::samePixelsAsTheStyledDelegate()
{
    Pair p;
    p.setWidths(70, 220); // everything fits
    QCOMPARE(p.compare(), QString());
    p.setWidths(40, 90); // the same texts, now elided: not the layouts cached for 220 px
    QCOMPARE(p.compare(), QString());
    p.setWidths(70, 220); // back: the full texts again
    QCOMPARE(p.compare(), QString());
    // A changed text is drawn as it is now, not as cached.
    p.model.item(3, 1)->setText(QStringLiteral("default/nginx-renamed"));
    p.model.item(4, 0)->setText(QStringLiteral("7"));
    QCOMPARE(p.compare(), QString());
    const QImage before = p.plain.viewport()->grab().toImage();
    p.model.item(3, 1)->setText(QStringLiteral("default/nginx-renamed-again"));
    QVERIFY(p.plain.viewport()->grab().toImage() != before);
    QCOMPARE(p.compare(), QString());
}

QTEST_MAIN(tst_PlainTextDelegate)
#include "tst_plaintextdelegate.moc"
