"""fuzz_target: one libFuzzer target and the tests that replay its inputs with gcc.

For a target NAME with sources SRCS (defining LLVMFuzzerTestOneInput), this declares
  NAME_lib              the target's code;
  NAME_libfuzzer        the target linked with libFuzzer's main. It links only with clang and
                        -fsanitize=fuzzer (tools/fuzz.sh builds it so, in its own output base),
                        hence tagged "manual": `bazel build //...` skips it. No runfiles: fuzz.sh
                        points judge_fuzzer at the gcc build's tables with $FUZZ_TABLES_DIR;
  NAME                  the target linked with corpus_replay.cc instead of libFuzzer: runs the
                        inputs given as arguments (`bazel run //fuzz:NAME -- /abs/path/crash-x`),
                        with `data` (e.g. //data:tables) in its runfiles;
  NAME_corpus_test      replays every file of fuzz/corpus/NAME/;
  NAME_regression_test  replays every file of fuzz/regressions/NAME/ (inputs that once broke a
                        property) but those in open/, when there are any;
  NAME_open_regression_test
                        replays fuzz/regressions/NAME/open/: inputs of bugs reported and not
                        fixed yet, with the properties they break switched on
                        (--check_open_issues, fuzz_check.h). Tagged "manual" (it fails until the
                        fix lands; then move the inputs up a folder and drop the exemption).
                        `regression_tags` adds tags to the regression test.
"""

load("@rules_cc//cc:defs.bzl", "cc_binary", "cc_library", "cc_test")

def fuzz_target(name, srcs, deps = [], data = [], regression_tags = []):
    cc_library(
        name = name + "_lib",
        srcs = srcs,
        deps = deps + [":fuzz_check"],
        alwayslink = True,
    )
    cc_binary(
        name = name + "_libfuzzer",
        tags = ["manual"],
        deps = [name + "_lib"],
    )
    cc_binary(
        name = name,
        data = data,
        deps = [
            name + "_lib",
            ":corpus_replay",
        ],
    )
    cc_test(
        name = name + "_corpus_test",
        args = ["fuzz/corpus/" + name],
        data = data + native.glob(["corpus/%s/**" % name]),
        deps = [
            name + "_lib",
            ":corpus_replay",
        ],
    )
    regressions = native.glob(
        ["regressions/%s/**" % name],
        exclude = ["regressions/%s/open/**" % name],
    )
    open_regressions = native.glob(["regressions/%s/open/**" % name])
    if open_regressions:
        cc_test(
            name = name + "_open_regression_test",
            args = ["--check_open_issues", "fuzz/regressions/%s/open" % name],
            data = data + open_regressions,
            tags = ["manual"],
            deps = [
                name + "_lib",
                ":corpus_replay",
            ],
        )
    if regressions:
        cc_test(
            name = name + "_regression_test",
            args = ["fuzz/regressions/" + name],
            data = data + regressions,
            tags = regression_tags,
            deps = [
                name + "_lib",
                ":corpus_replay",
            ],
        )
