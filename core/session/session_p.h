// SPDX-License-Identifier: Apache-2.0
#pragma once

// What session.cpp and session_discovery.cpp share. Not part of the Session's interface.

#include "client/discovery.h"
#include "session.h"

namespace lens {

/// One resource as the user gave it and as discovery resolved it.
struct Session::Resolved {
    QString given;        ///< as the user (or the scenario) wrote it
    ApiResource resource; ///< what discovery made of it
    bool assumedCoreV1 = false;
    QString note; ///< what the journal says about it ("" = nothing)
};

} // namespace lens
