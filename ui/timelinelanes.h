// SPDX-License-Identifier: Apache-2.0
#pragma once
// TimelineWidget's geometry and lanes, shared by its source files (timelinewidget*.cpp).

#include "lens/timelinemodel.h"

namespace lens::timelinelanes {

constexpr int kGutter = 76;
constexpr int kAxis = 20;
// Fixed lanes; the per-handler RESYNC lanes sit between MARKERS and QUEUE.
constexpr int kListLane = 0;
constexpr int kWatchLane = 1;
constexpr int kGapLane = 2;
constexpr int kEventLane = 3;
constexpr int kMarkerLane = 4;
constexpr int kFirstHandlerLane = 5;
constexpr int kMaxHandlerLanes = 4;

using Mark = TimelineModel::Mark;
using Span = TimelineModel::Span;

} // namespace lens::timelinelanes
