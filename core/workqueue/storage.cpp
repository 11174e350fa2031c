// SPDX-License-Identifier: Apache-2.0
#include "storage.h"

#include <deque>

namespace lens::workqueue {

namespace {
class Fifo final : public Storage {
public:
    void touch(const QString &) override {}
    void push(const QString &item) override { m_items.push_back(item); }
    int len() const override { return int(m_items.size()); }
    QString pop() override
    {
        QString item = std::move(m_items.front());
        m_items.pop_front(); // destroys the slot: no reference stays behind
        return item;
    }
    QStringList items() const override { return QStringList(m_items.begin(), m_items.end()); }

private:
    std::deque<QString> m_items;
};
} // namespace

std::unique_ptr<Storage> defaultStorage()
{
    return std::make_unique<Fifo>();
}

} // namespace lens::workqueue
