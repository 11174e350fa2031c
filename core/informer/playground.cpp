// SPDX-License-Identifier: Apache-2.0
#include "playground.h"

#include "deltafifo.h"
#include "realfifo.h"

#include <QRegularExpression>

namespace lens {

namespace {

QString quoted(const QString &s)
{
    return QLatin1Char('"') + s + QLatin1Char('"');
}

QStringList splitList(const QStringList &words, qsizetype from)
{
    QStringList out;
    for (qsizetype i = from; i < words.size(); ++i)
        out << words.at(i).split(QLatin1Char(','), Qt::SkipEmptyParts);
    return out;
}

QString validKey(const QString &key)
{
    QString ns, name, err;
    if (!splitMetaNamespaceKey(key, &ns, &name, &err))
        return err;
    if (name.isEmpty())
        return QStringLiteral("expected a key \"name\" or \"ns/name\", got ") + quoted(key);
    return {};
}

} // namespace

Playground::Playground()
{
    rebuildQueue();
}

Playground::~Playground() = default;

void Playground::rebuildQueue()
{
    m_lastPopped.clear();
    if (m_mode == Mode::RealFIFO) {
        RealFIFO::Options o;
        o.knownObjects = &m_known;
        m_queue = std::make_unique<RealFIFO>(o);
    } else {
        DeltaFIFO::Options o;
        o.knownObjects = &m_known;
        o.emitDeltaTypeReplaced = m_emitReplaced;
        m_queue = std::make_unique<DeltaFIFO>(o);
    }
}

QString Playground::formatDeltas(const Deltas &deltas)
{
    QStringList parts;
    parts.reserve(deltas.size());
    for (const Delta &d : deltas) {
        const QString objectKey =
            d.object.isNull() ? QString() : metaNamespaceKeyFunc(d.object).key;
        parts << d.describe(objectKey);
    }
    return QLatin1Char('[') + parts.join(QStringLiteral(", ")) + QLatin1Char(']');
}

Object Playground::parseObject(const QString &spec, QString *error)
{
    const qsizetype at = spec.indexOf(QLatin1Char('@'));
    if (at < 0) {
        *error = QStringLiteral("expected K@V (key@payload), got ") + quoted(spec);
        return {};
    }
    const QString key = spec.left(at);
    QString ns, name, err;
    if (!splitMetaNamespaceKey(key, &ns, &name, &err)) {
        *error = err;
        return {};
    }
    if (name.isEmpty()) {
        *error = QStringLiteral("expected K@V with a non-empty name, got ") + quoted(spec);
        return {};
    }
    return Object::make(ns, name, spec.mid(at + 1));
}

QStringList Playground::run(const QString &script)
{
    QStringList out;
    const QStringList lines = script.split(QLatin1Char('\n'));
    for (qsizetype i = 0; i < lines.size(); ++i) {
        // A trailing newline does not make an extra (blank) line.
        if (i == lines.size() - 1 && lines.at(i).isEmpty())
            break;
        const QString r = runLine(lines.at(i));
        if (!r.isEmpty())
            out << r;
    }
    return out;
}

QString Playground::runLine(const QString &line)
{
    ++m_lines;
    QString text = line;
    const qsizetype hash = text.indexOf(QLatin1Char('#'));
    if (hash >= 0)
        text.truncate(hash);
    static const QRegularExpression ws(QStringLiteral("\\s+"));
    const QStringList words = text.split(ws, Qt::SkipEmptyParts);
    if (words.isEmpty())
        return {};
    const QString err = exec(words);
    return err;
}

QString Playground::exec(const QStringList &w)
{
    const QString cmd = w.first();
    auto error = [](const QString &msg) { return QStringLiteral("error: ") + msg; };
    auto arity = [&](qsizetype n, const char *usage) -> QString {
        if (w.size() != n)
            return error(QStringLiteral("usage: ") + QString::fromUtf8(usage));
        return {};
    };
    auto mutate = [&](QString (Queue::*fn)(const Object &), const char *usage) -> QString {
        if (QString u = arity(2, usage); !u.isEmpty())
            return u;
        QString perr;
        const Object o = parseObject(w.at(1), &perr);
        if (o.isNull())
            return error(perr);
        const QString e = (m_queue.get()->*fn)(o);
        return e.isEmpty() ? QString() : error(e);
    };

    if (cmd == QLatin1String("new"))
        return cmdNew(w);
    if (cmd == QLatin1String("known"))
        return cmdKnown(w);
    if (cmd == QLatin1String("add"))
        return mutate(&Queue::add, "add K@V");
    if (cmd == QLatin1String("update"))
        return mutate(&Queue::update, "update K@V");
    if (cmd == QLatin1String("delete"))
        return mutate(&Queue::remove, "delete K@V");
    if (cmd == QLatin1String("replace")) {
        QList<Object> list;
        for (const QString &spec : splitList(w, 1)) {
            QString perr;
            const Object o = parseObject(spec, &perr);
            if (o.isNull())
                return error(perr);
            list << o;
        }
        const QString e = m_queue->replace(list, QString());
        return e.isEmpty() ? QString() : error(e);
    }
    if (cmd == QLatin1String("resync")) {
        if (QString u = arity(1, "resync"); !u.isEmpty())
            return u;
        const QString e = m_queue->resync();
        return e.isEmpty() ? QString() : error(e);
    }
    if (cmd == QLatin1String("close")) {
        if (QString u = arity(1, "close"); !u.isEmpty())
            return u;
        m_queue->close();
        return {};
    }
    if (cmd == QLatin1String("pop")) {
        if (QString u = arity(1, "pop"); !u.isEmpty())
            return u;
        return cmdPop();
    }
    if (cmd == QLatin1String("hassynced")) {
        if (QString u = arity(1, "hassynced"); !u.isEmpty())
            return u;
        return QStringLiteral("hassynced ") +
               (m_queue->hasSynced() ? QStringLiteral("true") : QStringLiteral("false"));
    }
    if (cmd == QLatin1String("listkeys")) {
        if (QString u = arity(1, "listkeys"); !u.isEmpty())
            return u;
        return QStringLiteral("listkeys [") + m_queue->listKeys().join(QStringLiteral(", ")) +
               QLatin1Char(']');
    }
    if (cmd == QLatin1String("get")) {
        if (QString u = arity(2, "get K"); !u.isEmpty())
            return u;
        return cmdGet(w.at(1));
    }
    if (cmd == QLatin1String("addifnotpresent")) {
        if (QString u = arity(2, "addifnotpresent K"); !u.isEmpty())
            return u;
        return cmdAddIfNotPresent(w.at(1));
    }
    return error(QStringLiteral("unknown command ") + quoted(cmd) +
                 QStringLiteral(" (new, add, update, delete, replace, resync, close, pop, "
                                "hassynced, listkeys, get, addifnotpresent, known)"));
}

QString Playground::cmdNew(const QStringList &w)
{
    auto error = [](const QString &msg) { return QStringLiteral("error: ") + msg; };
    if (w.size() < 2)
        return error(QStringLiteral(
            "usage: new deltafifo [emitReplaced] [known=K@V,...] | new realfifo [known=K@V,...]"));
    Mode mode;
    if (w.at(1) == QLatin1String("deltafifo"))
        mode = Mode::DeltaFIFO;
    else if (w.at(1) == QLatin1String("realfifo"))
        mode = Mode::RealFIFO;
    else
        return error(QStringLiteral("unknown queue ") + quoted(w.at(1)) +
                     QStringLiteral(" (deltafifo or realfifo)"));
    bool emitReplaced = false;
    QList<Object> known;
    bool sawKnown = false;
    for (qsizetype i = 2; i < w.size(); ++i) {
        const QString &opt = w.at(i);
        if (opt == QLatin1String("emitReplaced")) {
            if (mode == Mode::RealFIFO)
                return error(QStringLiteral(
                    "emitReplaced is a DeltaFIFO option; RealFIFO always emits Replaced"));
            emitReplaced = true;
        } else if (opt.startsWith(QLatin1String("known="))) {
            if (sawKnown)
                return error(QStringLiteral("known= given twice"));
            sawKnown = true;
            for (const QString &spec : opt.mid(6).split(QLatin1Char(','), Qt::SkipEmptyParts)) {
                QString perr;
                const Object o = parseObject(spec, &perr);
                if (o.isNull())
                    return error(perr);
                known << o;
            }
        } else {
            return error(QStringLiteral("unknown option ") + quoted(opt) +
                         (mode == Mode::RealFIFO
                              ? QStringLiteral(" (new realfifo [known=K@V,...])")
                              : QStringLiteral(" (new deltafifo [emitReplaced] [known=K@V,...])")));
        }
    }
    m_mode = mode;
    m_emitReplaced = emitReplaced;
    m_known.replace(known, QString());
    rebuildQueue();
    return {};
}

QString Playground::cmdKnown(const QStringList &w)
{
    auto error = [](const QString &msg) { return QStringLiteral("error: ") + msg; };
    if (w.size() == 3 && w.at(1) == QLatin1String("add")) {
        QString perr;
        const Object o = parseObject(w.at(2), &perr);
        if (o.isNull())
            return error(perr);
        const KeyResult k = m_known.add(o);
        return k.ok() ? QString() : error(k.error);
    }
    if (w.size() == 3 && w.at(1) == QLatin1String("delete")) {
        if (const QString e = validKey(w.at(2)); !e.isEmpty())
            return error(e);
        m_known.removeByKey(w.at(2));
        return {};
    }
    return error(QStringLiteral("usage: known add K@V | known delete K"));
}

QString Playground::cmdPop()
{
    const PopResult r = m_queue->pop(nullptr);
    if (!r.popped) {
        if (r.closed)
            return QStringLiteral("pop closed");
        return QStringLiteral("error: Pop would block: the queue is empty and not closed");
    }
    m_lastPopped.insert(r.key, r.deltas);
    return QStringLiteral("pop ") + r.key + QLatin1Char(' ') + formatDeltas(r.deltas) +
           QStringLiteral(" initial=") +
           (r.isInInitialList ? QStringLiteral("true") : QStringLiteral("false"));
}

QString Playground::cmdGet(const QString &key)
{
    if (const QString e = validKey(key); !e.isEmpty())
        return QStringLiteral("error: ") + e;
    Deltas all;
    bool found = false;
    for (const QueueEntry &e : m_queue->entries()) {
        if (e.key != key)
            continue;
        found = true;
        all << e.deltas;
    }
    if (!found)
        return QStringLiteral("get ") + key + QStringLiteral(" none");
    return QStringLiteral("get ") + key + QLatin1Char(' ') + formatDeltas(all);
}

QString Playground::cmdAddIfNotPresent(const QString &key)
{
    if (const QString e = validKey(key); !e.isEmpty())
        return QStringLiteral("error: ") + e;
    auto *fifo = dynamic_cast<DeltaFIFO *>(m_queue.get());
    if (!fifo)
        return QStringLiteral("error: RealFIFO has no AddIfNotPresent (it never re-queues; "
                              "client-go removed AddIfNotPresent with ErrRequeue)");
    const QString e = fifo->addIfNotPresent(m_lastPopped.value(key));
    return e.isEmpty() ? QString() : QStringLiteral("error: ") + e;
}

} // namespace lens
