# SPDX-License-Identifier: Apache-2.0
# The guard of "tests never sleep" (HACKING.md), run by ctest as `tests_never_sleep`:
#   cmake -DTESTS_DIR=<repo>/tests -P cmake/NoSleepInTests.cmake
# Fails, naming file:line, when a test source (*.cpp, *.h, *.py under TESTS_DIR) waits for
# real time instead of a condition or the ManualClock:
#   QTest::qWait(...) with any argument (qWaitFor and qWaitForWindow* are conditions, allowed),
#   QTest::qSleep();
#   QThread::sleep / msleep / usleep; std::this_thread::sleep_for / sleep_until;
#   usleep() / nanosleep(); Python's time.sleep().
# Comments count too: a sleep is not to be written down as an example either.
if(NOT TESTS_DIR)
    message(FATAL_ERROR "NoSleepInTests.cmake: pass -DTESTS_DIR=<the tests folder>")
endif()

set(forbidden
    "qWait[ \t]*\\("
    "qSleep[ \t]*\\("
    "QThread::(u|m)?sleep[ \t]*\\("
    "this_thread::sleep_(for|until)"
    "(^|[^A-Za-z0-9_.])(usleep|nanosleep)[ \t]*\\("
    "time\\.sleep[ \t]*\\(")
list(JOIN forbidden "|" any)

file(GLOB_RECURSE sources LIST_DIRECTORIES false "${TESTS_DIR}/*.cpp" "${TESTS_DIR}/*.h"
     "${TESTS_DIR}/*.py")
list(SORT sources)
set(found "")
foreach(source IN LISTS sources)
    # Cheap first pass: only files with a hit are read line by line.
    file(STRINGS "${source}" hits REGEX "${any}")
    if(NOT hits)
        continue()
    endif()
    # Line by line, for the line numbers. A CMake list cannot hold ';' and is cut wrongly at
    # an unbalanced '[' or ']', so those are masked before the text is split into lines.
    file(READ "${source}" text)
    string(REPLACE ";" "<semicolon>" text "${text}")
    string(REPLACE "[" "<lbracket>" text "${text}")
    string(REPLACE "]" "<rbracket>" text "${text}")
    string(REPLACE "\\" "<backslash>" text "${text}")
    string(REPLACE "\n" ";" lines "${text}")
    file(RELATIVE_PATH rel "${TESTS_DIR}/.." "${source}")
    set(n 0)
    foreach(line IN LISTS lines)
        math(EXPR n "${n} + 1")
        if(line MATCHES "${any}")
            string(STRIP "${line}" line)
            string(REPLACE "<semicolon>" ";" line "${line}")
            string(REPLACE "<lbracket>" "[" line "${line}")
            string(REPLACE "<rbracket>" "]" line "${line}")
            string(REPLACE "<backslash>" "\\" line "${line}")
            string(APPEND found "  ${rel}:${n}: ${line}\n")
        endif()
    endforeach()
endforeach()

if(found)
    message(FATAL_ERROR
            "A test waits for real time. Wait on a condition (QTRY_VERIFY, QTRY_COMPARE, "
            "QSignalSpy::wait, QTest::qWaitFor) or put the timer on the ManualClock and advance "
            "it (then lens::test::runPendingEvents()); see \"Tests never sleep\" in HACKING.md.\n"
            "${found}")
endif()
list(LENGTH sources count)
message(STATUS "tests_never_sleep: ${count} test sources, no real-time wait")
