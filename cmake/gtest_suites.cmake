# One ctest entry per GoogleTest suite instead of one per test (gtest_discover_tests). A process per
# test costs its start-up (loading the libraries, oneDNN, and libtorch for the parity program) once per
# test: with ~3,600 tests that was most of the suite's wall time, and more under ASan. A failing test
# is still named in the entry's output, and `ctest -R Suite` still picks a suite.
#
# Run at build time (POST_BUILD) by aclnn_cpu_discover_suites(): lists the program's tests and writes
# an include file of add_test() lines that ctest reads (the directory's TEST_INCLUDE_FILES).
#   -D PROGRAM=<path> -D OUTPUT=<file> [-D EMULATOR=<runner;args>]
execute_process(COMMAND ${EMULATOR} ${PROGRAM} --gtest_list_tests OUTPUT_VARIABLE listing RESULT_VARIABLE status
                TIMEOUT 120)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "${PROGRAM} --gtest_list_tests failed (${status}):\n${listing}")
endif()
string(REPLACE "\n" ";" lines "${listing}")
set(script "")
foreach(line ${lines})
  # A suite line starts in column 0 and ends with '.', optionally followed by "  # TypeParam = ...".
  if(line MATCHES "^([^ #][^ ]*)\\.( .*)?$")
    set(suite ${CMAKE_MATCH_1})
    string(APPEND script "add_test([=[${suite}]=] ${EMULATOR} [=[${PROGRAM}]=] [=[--gtest_filter=${suite}.*]=])\n")
    string(APPEND script "set_tests_properties([=[${suite}]=] PROPERTIES TIMEOUT 900)\n")
  endif()
endforeach()
file(WRITE ${OUTPUT} "${script}")
