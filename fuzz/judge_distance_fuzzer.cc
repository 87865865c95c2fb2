// Fuzz target: the distance judge-format reader (client::RunJudge) over arbitrary input, answered
// by the real table. The properties checked are listed in judge_fuzzer.h.
#include "fuzz/fuzz_check.h"
#include "fuzz/judge_fuzzer.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  fuzz::FuzzJudge(client::JudgeFormat::kDistance, fuzz::AsText(data, size));
  return 0;
}
