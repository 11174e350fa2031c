// SPDX-License-Identifier: Apache-2.0
#include "journalfile.h"

#include "api/boundedfile.h"

#include "api/version.h"
#include "masking.h"
#include "trace/jsonlines.h"

#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QTimer>

namespace lens {

namespace {
const QLatin1String kReplay("replay");

QString where(const QString &path, qint64 line)
{
    return QStringLiteral("%1:%2").arg(QFileInfo(path).fileName()).arg(line);
}

/// The top-level names TraceEvent::toJson() writes itself; every other name is a detail field.
bool isEventField(const QString &name)
{
    static const QStringList names{QStringLiteral("seq"),      QStringLiteral("t"),
                                   QStringLiteral("kind"),     QStringLiteral("component"),
                                   QStringLiteral("informer"), QStringLiteral("key"),
                                   QStringLiteral("type"),     QStringLiteral("resourceVersion"),
                                   QStringLiteral("deltas"),   kReplay};
    return names.contains(name);
}

/// Decodes one event line; false with `*why` on anything malformed.
bool decodeEvent(const QByteArray &line, QHash<qint64, Object> *objects, TraceEvent *e,
                 QString *why)
{
    QJsonParseError pe;
    const QJsonDocument doc = QJsonDocument::fromJson(line, &pe);
    if (pe.error != QJsonParseError::NoError) {
        *why = QStringLiteral("malformed JSON at byte %1: %2").arg(pe.offset).arg(pe.errorString());
        return false;
    }
    if (!doc.isObject()) {
        *why = QStringLiteral("an event line must be a JSON object");
        return false;
    }
    const QJsonObject o = doc.object();
    const QString kind = o.value(QLatin1String("kind")).toString();
    if (!traceKindFromName(kind, &e->kind)) {
        *why = QStringLiteral("unknown event kind \"%1\"").arg(kind);
        return false;
    }
    const qint64 seq = o.value(QLatin1String("seq")).toInteger(-1);
    if (seq <= 0) {
        *why = QStringLiteral("\"seq\" must be a positive number");
        return false;
    }
    e->seq = quint64(seq);
    e->t = o.value(QLatin1String("t")).toInteger();
    e->component = o.value(QLatin1String("component")).toString();
    e->informer = o.value(QLatin1String("informer")).toString();
    e->key = o.value(QLatin1String("key")).toString();
    e->type = o.value(QLatin1String("type")).toString();
    e->resourceVersion = o.value(QLatin1String("resourceVersion")).toString();
    for (auto it = o.begin(); it != o.end(); ++it) {
        if (!isEventField(it.key()))
            e->detail.insert(it.key(), it.value());
    }
    const QJsonObject replay = o.value(kReplay).toObject();
    const QJsonObject defs = replay.value(QLatin1String("objects")).toObject();
    for (auto it = defs.begin(); it != defs.end(); ++it)
        objects->insert(it.key().toLongLong(), Object::fromJson(it.value().toObject()));
    auto lookup = [objects, why](const QJsonValue &id, Object *out) {
        if (id.isNull() || id.isUndefined())
            return true;
        const auto found = objects->constFind(id.toInteger());
        if (found == objects->constEnd()) {
            *why = QStringLiteral("object %1 is used before it is defined").arg(id.toInteger());
            return false;
        }
        *out = found.value();
        return true;
    };
    if (!lookup(replay.value(QLatin1String("object")), &e->object))
        return false;
    const QJsonArray deltas = replay.value(QLatin1String("deltas")).toArray();
    for (const QJsonValue &v : deltas) {
        const QJsonArray d = v.toArray();
        Delta delta;
        if (!deltaTypeFromName(d.at(0).toString(), &delta.type)) {
            *why = QStringLiteral("unknown delta type \"%1\"").arg(d.at(0).toString());
            return false;
        }
        if (!lookup(d.at(1), &delta.object))
            return false;
        if (d.size() > 2) {
            delta.tombstone = true;
            delta.tombstoneKey = d.at(2).toString();
        }
        e->deltas.append(delta);
    }
    return true;
}
} // namespace

QJsonObject JournalFileHeader::toJson() const
{
    QJsonObject h;
    h.insert(QLatin1String("format"), formatName());
    h.insert(QLatin1String("version"), version);
    h.insert(QLatin1String("app"), appVersion);
    h.insert(QLatin1String("source"), source);
    h.insert(QLatin1String("capacity"), qint64(capacity));
    h.insert(QLatin1String("dropped"), qint64(dropped));
    h.insert(QLatin1String("clockOrigin"), clockOrigin.toUTC().toString(Qt::ISODateWithMs));
    h.insert(QLatin1String("masked"), masked);
    if (!informers.isEmpty())
        h.insert(QLatin1String("informers"), QJsonArray::fromStringList(informers));
    return h;
}

JournalFileWriter::JournalFileWriter() = default;

JournalFileWriter::~JournalFileWriter()
{
    close();
}

bool JournalFileWriter::open(const QString &path, const JournalFileHeader &header, QString *error)
{
    // Opening a FIFO no one reads blocks for ever (--duration and the first signal waited
    // behind it): a recording is a file.
    if (QString why; !checkRegularFile(path, &why)) {
        if (error)
            *error = QStringLiteral("%1: cannot write: it is not a regular file (a directory, a "
                                    "device, a FIFO or a socket), and a recording is a file")
                         .arg(path);
        return false;
    }
    m_file.setFileName(path);
    if (!m_file.open(QIODevice::WriteOnly | QIODevice::Truncate)) {
        if (error)
            *error = QStringLiteral("%1: cannot write: %2").arg(path, m_file.errorString());
        return false;
    }
    JournalFileHeader h = header;
    if (h.appVersion.isEmpty())
        h.appVersion = projectVersion();
    m_failed = m_file.write(QJsonDocument(h.toJson()).toJson(QJsonDocument::Compact) + '\n') < 0;
    return true;
}

QJsonValue JournalFileWriter::ref(const Object &o, QJsonObject *defs)
{
    if (o.isNull())
        return QJsonValue::Null;
    const QByteArray bytes = o.toJson();
    auto it = m_ids.constFind(bytes);
    if (it != m_ids.constEnd())
        return it.value();
    // Bound the table in long recordings: an object seen again later is simply written again.
    if (m_ids.size() >= 50000)
        m_ids.clear();
    const qint64 id = ++m_nextId;
    m_ids.insert(bytes, id);
    defs->insert(QString::number(id), maskSensitive(o.json()));
    return id;
}

QByteArray JournalFileWriter::eventLine(const TraceEvent &event)
{
    QByteArray line;
    jsonlines::appendEvent(line, event);
    QJsonObject replay, defs;
    if (!event.object.isNull())
        replay.insert(QLatin1String("object"), ref(event.object, &defs));
    if (!event.deltas.isEmpty()) {
        QJsonArray deltas;
        for (const Delta &d : event.deltas) {
            QJsonArray one{deltaTypeName(d.type), ref(d.object, &defs)};
            if (d.tombstone)
                one.append(d.tombstoneKey);
            deltas.append(one);
        }
        replay.insert(QLatin1String("deltas"), deltas);
    }
    if (replay.isEmpty())
        return line;
    if (!defs.isEmpty())
        replay.insert(QLatin1String("objects"), defs);
    // The --headless line stays a prefix: the replay field goes last.
    line.chop(1);
    line += ",\"replay\":" + QJsonDocument(replay).toJson(QJsonDocument::Compact) + '}';
    return line;
}

void JournalFileWriter::write(const TraceEvent &event)
{
    if (!m_file.isOpen())
        return;
    if (m_file.write(eventLine(event) + '\n') < 0)
        m_failed = true;
    ++m_written;
}

bool JournalFileWriter::flush()
{
    if (m_file.isOpen() && !m_file.flush())
        m_failed = true;
    return !m_failed;
}

bool JournalFileWriter::close(QString *error)
{
    if (!m_file.isOpen())
        return !m_failed;
    flush();
    m_file.close();
    if (m_failed && error)
        *error =
            QStringLiteral("%1: write failed: %2").arg(m_file.fileName(), m_file.errorString());
    return !m_failed;
}

bool JournalFileWriter::save(const Journal &journal, const QString &path, JournalFileHeader header,
                             QString *error)
{
    JournalFileWriter w;
    header.dropped = journal.droppedCount();
    if (header.capacity == 0)
        header.capacity = journal.capacity();
    if (!w.open(path, header, error))
        return false;
    for (const TraceEvent &e : journal.events())
        w.write(e);
    return w.close(error);
}

bool JournalFile::read(const QString &path, JournalFileContents *contents, QString *error,
                       qsizetype maxEvents)
{
    auto fail = [error](const QString &why) {
        if (error)
            *error = why;
        return false;
    };
    if (QString why; !checkRegularFile(path, &why))
        return fail(why);
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return fail(QStringLiteral("%1: cannot open: %2").arg(path, file.errorString()));
    QByteArray first;
    if (!readBoundedLine(file, fileLimits::kLine, &first))
        return fail(QStringLiteral("%1: not an informer-lens journal (its first line runs past %2 "
                                   "without ending)")
                        .arg(where(path, 1), byteLimitText(fileLimits::kLine)));
    QJsonParseError pe;
    const QJsonObject h = QJsonDocument::fromJson(first, &pe).object();
    if (pe.error != QJsonParseError::NoError ||
        h.value(QLatin1String("format")).toString() != JournalFileHeader::formatName())
        return fail(QStringLiteral("%1: not an informer-lens journal (the first line must be a "
                                   "header with \"format\":\"%2\")")
                        .arg(where(path, 1), JournalFileHeader::formatName()));
    JournalFileHeader &hd = contents->header;
    hd.version = h.value(QLatin1String("version")).toInt();
    if (hd.version < 1 || hd.version > JournalFileHeader::kVersion)
        return fail(QStringLiteral("%1: journal format version %2 is not one this informer-lens "
                                   "reads (1 to %3)")
                        .arg(where(path, 1))
                        .arg(hd.version)
                        .arg(JournalFileHeader::kVersion));
    hd.appVersion = h.value(QLatin1String("app")).toString();
    hd.source = h.value(QLatin1String("source")).toString();
    hd.capacity = h.value(QLatin1String("capacity")).toInteger();
    hd.dropped = quint64(h.value(QLatin1String("dropped")).toInteger());
    hd.clockOrigin =
        QDateTime::fromString(h.value(QLatin1String("clockOrigin")).toString(), Qt::ISODateWithMs);
    hd.masked = h.value(QLatin1String("masked")).toBool(true);
    for (const QJsonValue &v : h.value(QLatin1String("informers")).toArray())
        hd.informers << v.toString();

    QHash<qint64, Object> objects;
    qint64 lineNo = 1;
    quint64 lastSeq = 0;
    bool namesInformers = !hd.informers.isEmpty();
    while (!file.atEnd()) {
        QByteArray line;
        const bool whole = readBoundedLine(file, fileLimits::kLine, &line);
        ++lineNo;
        if (!whole) {
            contents->warning = QStringLiteral("%1: the line runs past %2 without ending; kept "
                                               "the %3 events read before it")
                                    .arg(where(path, lineNo), byteLimitText(fileLimits::kLine))
                                    .arg(contents->events.size());
            break;
        }
        if (line.trimmed().isEmpty())
            continue;
        TraceEvent e;
        QString why;
        bool ok = decodeEvent(line, &objects, &e, &why);
        if (ok && e.seq <= lastSeq) {
            why = QStringLiteral("seq %1 does not follow seq %2").arg(e.seq).arg(lastSeq);
            ok = false;
        }
        if (!ok) {
            if (!line.endsWith('\n'))
                why = QStringLiteral("the last line is truncated (%1)").arg(why);
            contents->warning = QStringLiteral("%1: %2; kept the %3 events read before it")
                                    .arg(where(path, lineNo), why)
                                    .arg(contents->events.size());
            break;
        }
        lastSeq = e.seq;
        namesInformers = namesInformers || !e.informer.isEmpty();
        contents->events.push_back(std::move(e));
        if (maxEvents > 0 && qsizetype(contents->events.size()) > maxEvents) {
            contents->events.pop_front();
            ++hd.dropped;
        }
    }
    if (!namesInformers) {
        // Recorded before events named their informer: there was one, watching the resource
        // the source begins with.
        const QString name = hd.source.section(QLatin1Char(' '), 0, 0);
        if (!name.isEmpty()) {
            hd.informers = {name};
            for (TraceEvent &e : contents->events)
                if (TraceEvent::isInformerComponent(e.component))
                    e.informer = name;
        }
    }
    return true;
}

JournalFileHeader headerFor(const Journal &journal, const QString &source,
                            const QStringList &informers)
{
    JournalFileHeader h;
    h.appVersion = projectVersion();
    h.source = source;
    h.informers = informers;
    h.capacity = journal.capacity();
    h.dropped = journal.droppedCount();
    h.clockOrigin = journal.wallClockOrigin().isValid()
                        ? journal.wallClockOrigin().toUTC()
                        : QDateTime::currentDateTimeUtc().addMSecs(-journal.clock()->nowMs());
    return h;
}

JournalRecorder::JournalRecorder(Journal *journal, QObject *parent)
    : QObject(parent), m_journal(journal)
{
}

JournalRecorder::~JournalRecorder()
{
    stop();
}

bool JournalRecorder::start(const QString &path, JournalFileHeader header, QString *error,
                            int flushIntervalMs)
{
    if (!header.clockOrigin.isValid())
        header.clockOrigin = headerFor(*m_journal, {}).clockOrigin;
    if (!m_writer.open(path, header, error))
        return false;
    for (const TraceEvent &e : m_journal->events())
        m_writer.write(e);
    connect(m_journal, &Journal::eventRecorded, this,
            [this](const TraceEvent &e) { m_writer.write(e); });
    m_flushTimer = new QTimer(this);
    connect(m_flushTimer, &QTimer::timeout, this, [this] { m_writer.flush(); });
    m_flushTimer->start(flushIntervalMs);
    return true;
}

bool JournalRecorder::stop(QString *error)
{
    if (m_journal)
        disconnect(m_journal, nullptr, this, nullptr);
    if (m_flushTimer)
        m_flushTimer->stop();
    return m_writer.close(error);
}

RecordedJournal::RecordedJournal() : m_journal(&m_clock) {}

std::unique_ptr<RecordedJournal> RecordedJournal::load(const QString &path, QString *error)
{
    JournalFileContents c;
    if (!JournalFile::read(path, &c, error))
        return nullptr;
    std::unique_ptr<RecordedJournal> r(new RecordedJournal);
    r->m_path = path;
    r->m_header = c.header;
    r->m_warning = c.warning;
    if (!c.events.empty())
        r->m_clock.advance(c.events.back().t);
    r->m_journal.restore(std::move(c.events), c.header.dropped);
    r->m_journal.setWallClockOrigin(c.header.clockOrigin);
    return r;
}

} // namespace lens
