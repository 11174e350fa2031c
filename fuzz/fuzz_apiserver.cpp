// SPDX-License-Identifier: Apache-2.0
// The built-in API server's request handling, end to end: the input is what a client writes
// on one connection (request lines, headers, bodies; several requests pipelined), sent over
// loopback to a fresh Simulator (three seeded pods, the storage objects, the CRDs) and read
// until the server closes the connection after the client's end of input. That covers Qt's
// HTTP parser, the ConnectionGuard, authentication, routing, query parameters (limit,
// continue, resourceVersion, selectors, watch), discovery, the /sim/v1 control API and the
// writes with their JSON, merge and JSON-patch bodies.

#include "fuzzcommon.h"

#include "sim/apiserver.h"
#include "sim/simulator.h"

#include <QEventLoop>
#include <QTcpSocket>

#include <cstdio>
#include <memory>

#include <sys/socket.h>

LENS_FUZZ_INITIALIZE

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    // A Simulator takes far longer to build than a request to answer: one serves 256 inputs
    // in a row, then a fresh one starts (what the inputs before changed carries over within
    // those, a finding is replayed alone on a fresh one).
    static std::unique_ptr<lens::sim::Simulator> sim;
    static int served = 0;
    if (!sim || ++served % 256 == 0) {
        sim.reset();
        sim = std::make_unique<lens::sim::Simulator>();
        lens::sim::Simulator::Options o;
        o.pods = 3;
        o.seed = 1;
        QString error;
        if (!sim->start(o, &error)) {
            std::fprintf(stderr, "cannot start the simulator: %s\n", qPrintable(error));
            std::abort();
        }
    }
    QTcpSocket socket;
    socket.connectToHost(QHostAddress::LocalHost, sim->server()->port());
    if (!socket.waitForConnected(5000))
        std::abort();
    socket.write(reinterpret_cast<const char *>(data), qint64(size));
    // Until the server has read it all (it may answer and close before: a refused request).
    QEventLoop loop;
    QObject::connect(&socket, &QTcpSocket::bytesWritten, &loop, [&] {
        if (socket.bytesToWrite() == 0)
            loop.quit();
    });
    QObject::connect(&socket, &QTcpSocket::disconnected, &loop, &QEventLoop::quit);
    QObject::connect(&socket, &QTcpSocket::readyRead, &socket, [&] { (void)socket.readAll(); });
    if (socket.bytesToWrite() > 0 && socket.state() == QAbstractSocket::ConnectedState)
        loop.exec();
    // The client's end of input: the server answers what it has whole and closes. A
    // connection it keeps open after that is a hang: libFuzzer's -timeout reports it.
    if (socket.state() == QAbstractSocket::ConnectedState) {
        ::shutdown(int(socket.socketDescriptor()), SHUT_WR);
        loop.exec();
    }
    return 0;
}
