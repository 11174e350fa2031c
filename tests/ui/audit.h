// SPDX-License-Identifier: Apache-2.0
#pragma once
// The explanation audit's checks (tst_audit): what a caption's HTML says, checked against the
// journal it explains. Included by tst_audit.cpp only (one translation unit).
#include "i18n.h"
#include "lens/caption.h"
#include "lens/format.h"
#include "lens/rules.h"
#include "trace/journal.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QRegularExpression>

#include <map>
#include <vector>

namespace lens::auditcheck {

/// A regular expression matching Caption's "at %1 (journal event %2)" in the current language,
/// with the time and the seq captured.
inline QRegularExpression referencePattern()
{
    const QString tmpl = Caption::tr("at %1 (journal event %2)");
    const qsizetype a = tmpl.indexOf(QLatin1String("%1"));
    const qsizetype b = tmpl.indexOf(QLatin1String("%2"));
    Q_ASSERT(a >= 0 && b > a);
    const QString rx = QRegularExpression::escape(tmpl.left(a)) + QStringLiteral("([0-9.]+ s)") +
                       QRegularExpression::escape(tmpl.mid(a + 2, b - a - 2)) +
                       QStringLiteral("([0-9]+)") + QRegularExpression::escape(tmpl.mid(b + 2));
    return QRegularExpression(rx);
}

struct Reference {
    QString time;
    quint64 seq = 0;
};

inline QList<Reference> references(const QString &html)
{
    static thread_local QString lang;
    static thread_local QRegularExpression rx;
    if (lang != currentLanguage()) {
        lang = currentLanguage();
        rx = referencePattern();
    }
    QList<Reference> out;
    auto it = rx.globalMatch(html);
    while (it.hasNext()) {
        const auto m = it.next();
        out << Reference{m.captured(1), m.captured(2).toULongLong()};
    }
    return out;
}

inline const TraceEvent *bySeq(const Journal &j, quint64 seq)
{
    const auto &ev = j.events();
    auto it = std::lower_bound(ev.begin(), ev.end(), seq,
                               [](const TraceEvent &e, quint64 s) { return e.seq < s; });
    return it != ev.end() && it->seq == seq ? &*it : nullptr;
}

/// The first event before the run of FifoQueued events that `queued` belongs to (notes, such as
/// a scenario's captions recorded as it reacts to a list, other informers' events and the Pop
/// side's, which come between the slices of a long Replace and queue nothing, aside).
inline const TraceEvent *batchStart(const Journal &j, const TraceEvent &queued)
{
    const TraceEvent *found = nullptr;
    for (const TraceEvent &e : j.events()) {
        if (e.seq >= queued.seq)
            break;
        const bool popSide = e.kind == TraceKind::FifoPopped || e.kind == TraceKind::IndexerAdded ||
                             e.kind == TraceKind::IndexerUpdated ||
                             e.kind == TraceKind::IndexerDeleted ||
                             e.kind == TraceKind::HandlerNotified ||
                             e.kind == TraceKind::PumpMode || e.kind == TraceKind::Synced;
        if (e.kind != TraceKind::FifoQueued && e.kind != TraceKind::Info && !popSide &&
            e.informer == queued.informer)
            found = &e;
    }
    return found;
}

/// A regular expression that finds rule `r`'s sentence in a caption's HTML, in the current
/// language: its text escaped as Caption escapes it, each %N any text within the paragraph.
inline QRegularExpression rulePattern(const Rule &r)
{
    static const QRegularExpression arg(QStringLiteral("%[0-9]"));
    const QStringList pieces = Rules::translated(r).split(arg);
    QStringList escaped;
    for (const QString &piece : pieces)
        escaped << QRegularExpression::escape(piece.toHtmlEscaped());
    return QRegularExpression(escaped.join(QStringLiteral("[^<]*?")));
}

struct RuleCheck {
    const Rule *rule;
    QRegularExpression pattern;
};

/// Every rule's pattern in the current language.
inline const std::vector<RuleCheck> &ruleChecks()
{
    static thread_local QString lang = QStringLiteral("-");
    static thread_local std::vector<RuleCheck> checks;
    if (lang != currentLanguage()) {
        lang = currentLanguage();
        checks.clear();
        for (const Rule &r : Rules::all())
            checks.push_back({&r, rulePattern(r)});
    }
    return checks;
}

/// Rule sentences the audit found and checked (for the closing figures).
inline int g_rulesChecked = 0;

/// The findings about the rules `html` (event `e`'s explanation at time-travel point `upTo`)
/// states: each one whose predicate does not hold there.
inline void auditRule(const RuleCheck &c, const Journal &j, const TraceEvent &e, quint64 upTo,
                      const QString &html, QStringList *findings)
{
    if (!c.pattern.match(html).hasMatch())
        return;
    ++g_rulesChecked;
    if (!c.rule->holds(RuleContext{e, &j, upTo}))
        *findings << QStringLiteral("event %1 (%2 %3) at %4: states rule %5 (%6), whose "
                                    "predicate fails there: %7\n    %8")
                         .arg(e.seq)
                         .arg(traceKindName(e.kind), e.key,
                              upTo ? QString::number(upTo) : QStringLiteral("end"),
                              QLatin1String(c.rule->name), QString::fromUtf8(c.rule->clientGo),
                              QLatin1String(c.rule->checks), html.left(600));
}

inline void auditRules(const Journal &j, const TraceEvent &e, quint64 upTo, const QString &html,
                       QStringList *findings)
{
    for (const RuleCheck &c : ruleChecks())
        auditRule(c, j, e, upTo, html, findings);
}

/// The findings about `html`, the explanation of journal event `e`, in the current language.
inline void auditOne(const Journal &j, const TraceEvent &e, const QString &html,
                     QStringList *findings)
{
    auto finding = [findings](const TraceEvent &e, const QString &what, const QString &html) {
        *findings << QStringLiteral("event %1 (%2 %3): %4\n    %5")
                         .arg(e.seq)
                         .arg(traceKindName(e.kind), e.key, what, html.left(600));
    };
    {
        if (html.isEmpty()) {
            finding(e, QStringLiteral("no explanation"), html);
            return;
        }
        const QList<Reference> refs = references(html);
        // "The journal no longer shows …" is only true when the journal dropped events.
        if (j.events().front().seq == 1)
            for (const QString &gone :
                 {Caption::tr("The journal no longer shows what queued it (a resync tick or the "
                              "Replace of a list)."),
                  Caption::tr("The journal no longer shows the Pop that delivered it.")})
                if (html.contains(gone.toHtmlEscaped()))
                    finding(e, QStringLiteral("says the journal lacks what it holds"), html);
        // A translation that repeats the reference's own leading word ("at at", "于 于").
        const QString lead =
            Caption::tr("at %1 (journal event %2)").section(QLatin1Char('%'), 0, 0);
        if (!lead.trimmed().isEmpty() && html.contains(lead.trimmed() + QLatin1Char(' ') + lead))
            finding(e, QStringLiteral("repeats \"%1\" before a reference").arg(lead.trimmed()),
                    html);
        for (const Reference &r : refs) {
            const TraceEvent *x = bySeq(j, r.seq);
            if (!x)
                finding(
                    e, QStringLiteral("names journal event %1, which the journal lacks").arg(r.seq),
                    html);
            else if (formatTimeMs(x->t) != r.time)
                finding(e,
                        QStringLiteral("names event %1 at %2; it was at %3")
                            .arg(r.seq)
                            .arg(r.time, formatTimeMs(x->t)),
                        html);
        }
        switch (e.kind) {
        case TraceKind::ListStarted: {
            // The headline and the request sentence both state the recorded resourceVersion.
            if (!e.resourceVersion.isEmpty() && html.count(e.resourceVersion) < 2)
                finding(e,
                        QStringLiteral("does not state the recorded resourceVersion %1 twice "
                                       "(headline and request)")
                            .arg(e.resourceVersion),
                        html);
            break;
        }
        case TraceKind::HandlerNotified: {
            if (e.type != QLatin1String("update (resync)"))
                break;
            // The first two references: the queued delta and the pop; the next one the cause.
            if (refs.size() < 2) {
                finding(e, QStringLiteral("does not name the delta it came from"), html);
                break;
            }
            const TraceEvent *queued = bySeq(j, refs[0].seq);
            const TraceEvent *pop = bySeq(j, refs[1].seq);
            if (!queued || queued->kind != TraceKind::FifoQueued || queued->key != e.key ||
                (queued->type != QLatin1String("Sync") &&
                 queued->type != QLatin1String("Replaced")) ||
                queued->resourceVersion != e.resourceVersion || queued->seq > e.seq)
                finding(e,
                        QStringLiteral("its first reference is not a queued Sync/Replaced "
                                       "delta of its key and resourceVersion"),
                        html);
            if (!pop || pop->kind != TraceKind::FifoPopped || pop->key != e.key ||
                pop->seq > e.seq || (queued && pop->seq < queued->seq))
                finding(e, QStringLiteral("its second reference is not the Pop of its key"), html);
            if (queued && refs.size() >= 3) {
                const TraceEvent *cause = bySeq(j, refs[2].seq);
                const TraceEvent *start = batchStart(j, *queued);
                if (!cause || !start || cause->seq != start->seq)
                    finding(e,
                            QStringLiteral("names event %1 as the cause; the delta's batch "
                                           "follows event %2")
                                .arg(refs[2].seq)
                                .arg(start ? start->seq : 0),
                            html);
            }
            break;
        }
        case TraceKind::FifoQueued: {
            if (e.type != QLatin1String("Sync") && e.type != QLatin1String("Replaced"))
                break;
            const TraceEvent *start = batchStart(j, e);
            if (!refs.isEmpty() && (!start || refs[0].seq != start->seq))
                finding(e,
                        QStringLiteral("names event %1 as what queued it; its batch follows "
                                       "event %2")
                            .arg(refs[0].seq)
                            .arg(start ? start->seq : 0),
                        html);
            break;
        }
        default:
            break;
        }
        for (const Reference &r : refs)
            // A tick, a list, a watch error and a watch request may say what followed them
            // (delivered so far, the next request, the request's own failure).
            if (r.seq > e.seq && e.kind != TraceKind::Resync && e.kind != TraceKind::WatchError &&
                e.kind != TraceKind::ListCompleted && e.kind != TraceKind::WatchStarted)
                finding(e, QStringLiteral("is explained by a later event %1").arg(r.seq), html);
    }
}

/// A scenario caption is shown only when its step's `waitFor` happened: for each caption line
/// (not a timed-out step's, which carries detail.missed and says what did not happen), the
/// condition its step waited for ("waiting for {...}") is in the journal before it: a
/// `synced`, or `count` (default 1) events of its kind, key and type.
inline void auditScenarioCaptions(const Journal &j, QStringList *findings)
{
    std::map<qint64, const TraceEvent *> waiting; // step -> its "waiting" line
    const QString prefix = QStringLiteral("waiting for ");
    for (const TraceEvent &e : j.events()) {
        if (e.kind != TraceKind::Info || e.component != QLatin1String("scenario"))
            continue;
        const qint64 step = e.detail.value(QLatin1String("step")).toInteger(-1);
        if (e.type == QLatin1String("waiting")) {
            waiting[step] = &e;
            continue;
        }
        if (e.type != QLatin1String("caption") || e.detail.contains(QLatin1String("missed")))
            continue;
        const auto w = waiting.find(step);
        if (w == waiting.end())
            continue;
        const QString message = w->second->detail.value(QLatin1String("message")).toString();
        const QJsonObject cond =
            QJsonDocument::fromJson(message.mid(prefix.size()).toUtf8()).object();
        if (!message.startsWith(prefix) || cond.isEmpty())
            continue;
        bool happened = false;
        if (cond.value(QLatin1String("synced")).toBool()) {
            for (const TraceEvent &x : j.events()) {
                if (x.seq >= e.seq)
                    break;
                happened = happened || x.kind == TraceKind::Synced;
            }
        } else {
            TraceKind kind;
            if (!traceKindFromName(cond.value(QLatin1String("kind")).toString(), &kind))
                continue; // a condition this check does not read
            const QString key = cond.value(QLatin1String("key")).toString();
            const QString type = cond.value(QLatin1String("type")).toString();
            const int need = cond.value(QLatin1String("count")).toInt(1);
            int seen = 0;
            for (const TraceEvent &x : j.events()) {
                if (x.seq >= e.seq)
                    break;
                seen += x.kind == kind && (key.isEmpty() || x.key == key) &&
                        (type.isEmpty() || x.type == type);
            }
            happened = seen >= need;
        }
        if (!happened)
            *findings << QStringLiteral("caption event %1 (step %2) is shown, but what its step "
                                        "waited for did not happen before it: %3\n    %4")
                             .arg(e.seq)
                             .arg(step)
                             .arg(message, e.detail.value(QLatin1String("message")).toString());
    }
}

/// Every finding for one journal, in the current language. Each event is explained at the
/// journal's end (every check), and for its rules also as it was live (nothing after it) and at
/// the next scenario step after it (a time-travel point).
inline QStringList audit(const Journal &j)
{
    QStringList findings;
    auditScenarioCaptions(j, &findings);
    std::vector<quint64> steps; // the scenario's captions: one per step that has one
    for (const TraceEvent &e : j.events())
        if (e.kind == TraceKind::Info && e.component == QLatin1String("scenario"))
            steps.push_back(e.seq);
    for (const TraceEvent &e : j.events()) {
        const QString html = Caption::forEvent(e, &j);
        auditOne(j, e, html, &findings);
        auditRules(j, e, 0, html, &findings);
        auditRules(j, e, e.seq, Caption::forEvent(e, &j, e.seq), &findings);
        const auto step = std::upper_bound(steps.begin(), steps.end(), e.seq);
        if (step != steps.end())
            auditRules(j, e, *step, Caption::forEvent(e, &j, *step), &findings);
    }
    return findings;
}

} // namespace lens::auditcheck
