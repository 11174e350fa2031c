// SPDX-License-Identifier: Apache-2.0
#pragma once

// One include for apimachinery's selector vocabulary: label selectors (labels.h, labels.Parse),
// field selectors (fields.h, fields.ParseSelector) and the name and value checks they use
// (validation.h, util/validation). The informer's listers, the indexer filter and the
// built-in cluster's LIST and WATCH all parse and match with these.
#include "fields.h"
#include "labels.h"
#include "validation.h"
