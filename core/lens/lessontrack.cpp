// SPDX-License-Identifier: Apache-2.0
#include "lessontrack.h"

#include "trace/journal.h"
#include "waitmiss.h"

#include <QJsonArray>

namespace lens {

namespace {
QStringList names(const QJsonValue &v)
{
    QStringList out;
    for (const QJsonValue &n : v.toArray())
        out << n.toString();
    return out;
}
} // namespace

LessonTrack LessonTrack::fold(const Journal *journal, quint64 upTo)
{
    LessonTrack t;
    if (!journal)
        return t;
    for (const TraceEvent &e : journal->events()) {
        if (upTo != 0 && e.seq > upTo)
            break;
        if (e.kind != TraceKind::Info || e.component != QLatin1String("scenario"))
            continue;
        const EventDetail &d = e.detail;
        if (e.type == QLatin1String("started")) {
            t.stepCount = d.value(u"steps").toInt();
        } else if (e.type == QLatin1String("finished")) {
            t.finished = true;
        } else if (e.type == QLatin1String("lesson")) {
            t.enabled = d.value(u"enabled").toBool();
            if (!t.enabled) {
                t.paused.clear();
                t.held.clear();
            }
        } else if (e.type == QLatin1String("lessonStep")) {
            t.steps.append({e.seq, d.value(u"step").toInt(), d.value(u"last").toInt()});
            if (t.stepCount == 0)
                t.stepCount = d.value(u"steps").toInt();
            t.paused.clear();
            t.held.clear();
        } else if (e.type == QLatin1String("lessonPause")) {
            t.paused = names(d.value(u"paused"));
            t.held = names(d.value(u"held"));
        } else if (e.type == QLatin1String("caption")) {
            t.captions.append({e.seq, d.value(u"step").toInt(-1), d.value(u"message").toString(),
                               d.value(u"aboutKey").toString(),
                               WaitMiss::isMiss(d) ? d.toJsonObject() : QJsonObject()});
        }
    }
    return t;
}

quint64 LessonTrack::momentOf(int position) const
{
    if (position < 0 || position >= steps.size())
        return 0;
    return qMax<quint64>(1, steps.at(position).seq - 1);
}

int LessonTrack::positionAt(quint64 seq) const
{
    if (seq == 0)
        return livePosition();
    int p = 0;
    while (p < steps.size() && steps.at(p).seq <= seq)
        ++p;
    return p;
}

int LessonTrack::positionOfCaption(int captionIndex) const
{
    if (captionIndex < 0 || captionIndex >= captions.size())
        return -1;
    const quint64 seq = captions.at(captionIndex).seq;
    int p = 0;
    while (p < steps.size() && steps.at(p).seq < seq)
        ++p;
    return p;
}

int LessonTrack::captionAt(int position) const
{
    const quint64 moment = momentOf(position);
    int found = -1;
    for (int i = 0; i < captions.size(); ++i)
        if (moment == 0 || captions.at(i).seq <= moment)
            found = i;
    return found;
}

int LessonTrack::stepNumberAt(int position) const
{
    if (position <= 0 || position > steps.size())
        return 0;
    return steps.at(position - 1).first + 1;
}

} // namespace lens

namespace lens {

int LessonTrack::lastStepNumberAt(int position) const
{
    if (position <= 0 || position > steps.size())
        return 0;
    return steps.at(position - 1).last + 1;
}

} // namespace lens
