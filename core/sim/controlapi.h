// SPDX-License-Identifier: Apache-2.0
#pragma once

namespace lens::sim {

class ApiServer;
class HttpResponder;
struct HttpCall;

/// The simulated cluster's own control API under /sim/v1/ (docs/simulator.md), the way tests,
/// scripts, informer-lens-sim's users and the window's Simulator panel make the server
/// misbehave: GET state (revision, history window, objects per resource, open watches, churn,
/// every pending fault), and POST compact, drop-watches, end-watches, expire-watches (compact,
/// then 410 on every watch: every informer relists), fail, garbage, stall, too-large,
/// ignore-send-initial-events, forbid, bookmark-interval, history-window, history-limit and
/// churn. Every number and flag is checked before anything changes: a bad value answers
/// 400 BadRequest naming the parameter and its range, and the server keeps its state; the wrong
/// method is 405, an unknown control 404 listing the known ones. Acts only through ApiServer's
/// public fault controls.
class ControlApi {
public:
    /// `server` and `responder` must outlive it.
    ControlApi(ApiServer *server, HttpResponder *responder);
    /// Answers `call` (a path under /sim/).
    void handle(HttpCall &call);

private:
    void handleState(HttpCall &call);

    ApiServer *m_server;
    HttpResponder *m_responder;
};

} // namespace lens::sim
