// SPDX-License-Identifier: Apache-2.0
// Caption::forEvent for controller-runtime's machinery: the priority queue
// (pkg/controller/priorityqueue), the handlers and predicates (pkg/handler, pkg/predicate) and
// the controller's reconcileHandler (pkg/internal/controller). The headline is the event's own
// line (JournalText::runtime, from its fields).
#include "caption.h"
#include "caption_p.h"
#include "journaltext.h"

namespace lens::captiondetail {

QString priorityQueueCaption(const TraceEvent &e, const Journal *, quint64)
{
    return page(JournalText::runtime(e), {when(e)});
}

QString runtimeCaption(const TraceEvent &e, const Journal *, quint64)
{
    return page(JournalText::runtime(e), {when(e)});
}

} // namespace lens::captiondetail
