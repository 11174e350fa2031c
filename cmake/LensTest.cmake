# lens_add_test(NAME SOURCES files... LIBS libs...): one QTest executable = one ctest test,
# run headless (QT_QPA_PLATFORM=offscreen), on the apps' heap allocator (lens_heap). Mirrors
# GammaRay's gammaray_add_test.
function(lens_add_test name)
    cmake_parse_arguments(T "" "TIMEOUT" "SOURCES;LIBS" ${ARGN})
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
    set_tests_properties(${name} PROPERTIES ENVIRONMENT "QT_QPA_PLATFORM=offscreen"
                         TIMEOUT ${T_TIMEOUT})
endfunction()
