// What every fuzz target in this package shares: the libFuzzer entry points, and FUZZ_CHECK, the
// assertion that turns a broken property into a crash libFuzzer records (with the input).
//
// A target defines LLVMFuzzerTestOneInput. It is linked either with libFuzzer
// (tools/fuzz.sh, clang, -fsanitize=fuzzer,address,undefined) or with corpus_replay.cc (gcc,
// `bazel test //fuzz:...`), which runs it over checked-in inputs. Targets must not keep state
// between inputs except caches that do not change the result (the loaded table).
//
// Example:
//   extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
//     absl::StatusOr<X> x = Parse(fuzz::AsText(data, size));
//     FUZZ_CHECK(x.ok() || x.status().code() == absl::StatusCode::kInvalidArgument,
//                x.status().ToString());
//     return 0;
//   }

#ifndef FUZZ_FUZZ_CHECK_H_
#define FUZZ_FUZZ_CHECK_H_

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "absl/strings/string_view.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size);

namespace fuzz {

inline absl::string_view AsText(const uint8_t* data, size_t size) {
  return absl::string_view(reinterpret_cast<const char*>(data), size);
}

// Whether properties that a known, reported and not yet fixed bug breaks are checked: only when
// $FUZZ_CHECK_OPEN is set, as the open regression tests (regressions/<target>/open/) set it.
// Fuzzing leaves them out meanwhile, so that it keeps looking for new bugs instead of finding the
// known one in every run. Each use names its entry in regressions/README.md.
inline bool CheckOpenIssues() {
  static const bool on = [] {
    const char* env = std::getenv("FUZZ_CHECK_OPEN");
    return env != nullptr && *env != '\0';
  }();
  return on;
}

[[noreturn]] inline void CheckFailed(const char* file, int line, const char* condition,
                                     absl::string_view detail) {
  std::fprintf(stderr, "%s:%d: FUZZ_CHECK failed: %s\n  %.*s\n", file, line, condition,
               static_cast<int>(detail.size()), detail.data());
  std::abort();
}

}  // namespace fuzz

// Aborts (a crash for libFuzzer, a failure for the replay test) when `condition` is false.
// `detail` is evaluated only then; it may be any expression convertible to absl::string_view.
#define FUZZ_CHECK(condition, detail)                                \
  do {                                                               \
    if (!(condition)) {                                              \
      ::fuzz::CheckFailed(__FILE__, __LINE__, #condition, (detail)); \
    }                                                                \
  } while (false)

#endif  // FUZZ_FUZZ_CHECK_H_
