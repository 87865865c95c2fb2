// Fuzz target: the hdu1667 (Rotation Game) judge-format reader (client::RunRotationJudge) over
// arbitrary input, answered by the real table. The properties checked are listed in
// judge_fuzzer.h.
#include "fuzz/fuzz_check.h"
#include "fuzz/judge_fuzzer.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  fuzz::FuzzRotationJudge(fuzz::AsText(data, size));
  return 0;
}
