// SPDX-License-Identifier: Apache-2.0
#include "waitmiss.h"

#include "trace/journal.h"

#include <QHash>
#include <QJsonArray>
#include <QStringList>

namespace lens {

namespace {
/// A key's state in one informer's queue and indexer, folded from the journal.
struct KeyState {
    QStringList queued; ///< the types of its queued Deltas, oldest first
    bool inIndexer = false;
    bool known = false;
};
} // namespace

QJsonObject WaitMiss::facts(const Journal *journal, const QJsonObject &waitFor,
                            const QString &informer, int found, qint64 timeoutMs)
{
    QJsonObject f{{QLatin1String("missed"), true},
                  {QLatin1String("expected"), waitFor},
                  {QLatin1String("informer"), informer},
                  {QLatin1String("timeoutMs"), timeoutMs},
                  {QLatin1String("found"), found}};
    if (!journal)
        return f;
    if (waitFor.value(u"synced").toBool()) {
        bool synced = false;
        for (const TraceEvent &e : journal->events())
            synced = synced || (e.kind == TraceKind::Synced && e.informer == informer);
        f.insert(QLatin1String("synced"), synced);
        return f;
    }
    const QString key = waitFor.value(u"key").toString();
    if (key.isEmpty())
        return f;
    // Per informer: a key queued in one and popped in another is still queued.
    QHash<QString, KeyState> states;
    for (const TraceEvent &e : journal->events()) {
        if (e.key != key || (!informer.isEmpty() && e.informer != informer))
            continue;
        KeyState &s = states[e.informer];
        switch (e.kind) {
        case TraceKind::FifoQueued:
            s.known = true;
            if (e.component == QLatin1String("realfifo")) {
                s.queued << e.type; // one entry per event, popped one at a time
            } else {
                s.queued.clear(); // the DeltaFIFO's Deltas of the key, as they are now
                for (const Delta &d : e.deltas)
                    s.queued << deltaTypeName(d.type);
            }
            break;
        case TraceKind::FifoPopped:
            if (e.component == QLatin1String("realfifo") && !s.queued.isEmpty())
                s.queued.removeFirst();
            else
                s.queued.clear();
            break;
        case TraceKind::IndexerAdded:
        case TraceKind::IndexerUpdated:
            s.known = true;
            s.inIndexer = true;
            break;
        case TraceKind::IndexerDeleted:
            s.known = true;
            s.inIndexer = false;
            break;
        default:
            break;
        }
    }
    KeyState all;
    for (const KeyState &s : std::as_const(states)) {
        all.known = all.known || s.known;
        all.inIndexer = all.inIndexer || s.inIndexer;
        if (all.queued.isEmpty())
            all.queued = s.queued;
    }
    f.insert(QLatin1String("known"), all.known);
    f.insert(QLatin1String("queued"), QJsonArray::fromStringList(all.queued));
    f.insert(QLatin1String("inIndexer"), all.inIndexer);
    return f;
}

bool WaitMiss::isMiss(const EventDetail &detail)
{
    return detail.value(QLatin1String("missed")).toBool();
}

bool WaitMiss::isMiss(const QJsonObject &detail)
{
    return detail.value(u"missed").toBool();
}

QString WaitMiss::expected(const QJsonObject &w, const QString &informer)
{
    if (w.value(u"synced").toBool())
        return tr("%1 synced").arg(informer);
    QString what = w.value(u"kind").toString();
    if (const QString type = w.value(u"type").toString(); !type.isEmpty())
        what += QLatin1Char(' ') + type;
    if (const QString key = w.value(u"key").toString(); !key.isEmpty())
        what = tr("%1 for %2").arg(what, key);
    if (const QString handler = w.value(u"handler").toString(); !handler.isEmpty())
        what = tr("%1 to handler %2").arg(what, handler);
    const QJsonObject detail = w.value(u"detail").toObject();
    QStringList fields;
    for (auto it = detail.begin(); it != detail.end(); ++it)
        fields << QStringLiteral("%1 %2").arg(
            it.key(), it->isString() ? it->toString() : it->toVariant().toString());
    if (!fields.isEmpty())
        what += QStringLiteral(" (%1)").arg(fields.join(QLatin1String(", ")));
    if (const QString inf = w.value(u"informer").toString(); !inf.isEmpty())
        what = tr("%1 of informer %2").arg(what, inf);
    const int count = qMax(1, w.value(u"count").toInt(1));
    const bool sincePrevious = w.value(u"since").toString() == QLatin1String("previous");
    if (count > 1)
        return sincePrevious ? tr("%1 \u00D7 %2 since the step before").arg(count).arg(what)
                             : tr("%1 \u00D7 %2").arg(count).arg(what);
    return sincePrevious ? tr("a %1 since the step before").arg(what) : tr("a %1").arg(what);
}

QString WaitMiss::sentence(const QJsonObject &f)
{
    const QJsonObject w = f.value(u"expected").toObject();
    const QString informer = f.value(u"informer").toString();
    const QString seconds = QString::number(double(f.value(u"timeoutMs").toInteger()) / 1000);
    QStringList shows;
    if (w.value(u"synced").toBool()) {
        shows << (f.value(u"synced").toBool() ? tr("%1 has synced").arg(informer)
                                              : tr("%1 has not synced").arg(informer));
    } else {
        const int found = f.value(u"found").toInt();
        const int count = qMax(1, w.value(u"count").toInt(1));
        const QString key = w.value(u"key").toString();
        if (found > 0 || count > 1 || key.isEmpty()) {
            QString kind = w.value(u"kind").toString();
            if (const QString type = w.value(u"type").toString(); !type.isEmpty())
                kind += QLatin1Char(' ') + type;
            shows << tr("%1 \u00D7 %2").arg(found).arg(kind);
        }
        if (!key.isEmpty()) {
            QStringList types;
            for (const QJsonValue &t : f.value(u"queued").toArray())
                types << t.toString();
            if (!f.value(u"known").toBool()) {
                shows << tr("nothing of %1").arg(key);
            } else {
                const QString queued =
                    types.isEmpty()
                        ? tr("%1 not queued").arg(key)
                        : tr("%1 still queued (%2)").arg(key, types.join(QLatin1String(", ")));
                shows << (f.value(u"inIndexer").toBool()
                              ? tr("%1 and in the Indexer").arg(queued)
                              : tr("%1, not in the Indexer").arg(queued));
            }
        }
    }
    return tr("Expected: %1 \u2014 it did not happen within %2 s; the journal shows: %3.")
        .arg(expected(w, informer), seconds, shows.join(QLatin1String("; ")));
}

} // namespace lens
