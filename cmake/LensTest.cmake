# lens_add_test(NAME SOURCES files... LIBS libs... [LABELS labels...] [TIMEOUT s]): one QTest
# executable = one ctest test,
# run headless (QT_QPA_PLATFORM=offscreen), on the apps' heap allocator (lens_heap). Mirrors
# GammaRay's gammaray_add_test.
function(lens_add_test name)
    cmake_parse_arguments(T "" "TIMEOUT" "SOURCES;LIBS;LABELS" ${ARGN})
    qt_add_executable(${name} ${T_SOURCES})
    target_link_libraries(${name} PRIVATE Qt6::Test lens_heap ${T_LIBS})
    # tests/testutil.h and the other shared test headers
    target_include_directories(${name} PRIVATE ${PROJECT_SOURCE_DIR}/tests)
    add_test(NAME ${name} COMMAND ${name})
    if(NOT T_TIMEOUT)
        set(T_TIMEOUT 300)
    endif()
    # Instrumented builds (sanitizers, the fuzz build's coverage) run several times slower.
    if(LENS_FUZZ OR LENS_SANITIZE_WITH)
        math(EXPR T_TIMEOUT "${T_TIMEOUT} * 3")
    endif()
    # ctest labels: the test's room (its folder under tests/: core, sim, integration, ui, ...),
    # `gui` for the window's suites, and what LABELS adds (`slow`): `ctest -LE slow` is the
    # quick loop, `ctest -L ui` one room.
    get_filename_component(room ${CMAKE_CURRENT_SOURCE_DIR} NAME)
    set(labels ${room} ${T_LABELS})
    if(room STREQUAL "ui")
        list(APPEND labels gui)
    endif()
    set_tests_properties(${name} PROPERTIES ENVIRONMENT "QT_QPA_PLATFORM=offscreen"
                         TIMEOUT ${T_TIMEOUT} LABELS "${labels}")
endfunction()
