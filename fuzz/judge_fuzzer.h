// The shared body of the judge-format fuzz targets: client::RunJudge over arbitrary input for
// the Eight formats (judge_hdu3567_fuzzer.cc, judge_poj1077_fuzzer.cc, judge_distance_fuzzer.cc),
// answered by a real client::LocalEightOracle, and client::RunRotationJudge for hdu1667
// (judge_hdu1667_fuzzer.cc), answered by a real client::LocalRotationOracle. Every answer is
// checked independently of the table.
//
// Properties checked for every input:
//   - each answer the oracle gives is a legal move string from start to goal whose length is the
//     distance, at least the Manhattan lower bound and of the right parity; "unsolvable" exactly
//     when the boards' tile orders differ in parity; a rejected query is InvalidArgument naming
//     "start" or "goal", and the start (or goal) parser alone rejects it with the same status;
//   - the output is exactly one well-formed answer or placeholder per case, in order, each
//     answer the oracle's answer for that case ("Case k" numbered from 1 for hdu3567);
//   - hdu3567 prints at most one case more than the start/goal pairs present, however large
//     the count T on the first line (work and output proportional to the input);
//   - the error stream has one line per malformed case (and per unsolvable hdu3567 case), and
//     the returned status counts the malformed cases out of all cases.
//
// For hdu1667: each answer is a string of ops A-H of the stated length that fills the centre with
// the stated symbol ("No moves needed" for none); a rejected board is InvalidArgument exactly as
// puzzle::ParseRotationBoard says; one answer or placeholder per group of 24 symbols up to a lone
// 0; the error stream holds one line per malformed case plus at most one note.
//
// Tables are read once per process from $FUZZ_EIGHT_TABLE and $FUZZ_ROTATION_TABLE, or
// data/eight.tbl and data/rotation.tbl relative to the working directory (where Bazel's runfiles
// put //data:eight_table and //data:rotation_table).
//
// Thread-safety: one input at a time (libFuzzer's default).

#ifndef FUZZ_JUDGE_FUZZER_H_
#define FUZZ_JUDGE_FUZZER_H_

#include "absl/strings/string_view.h"
#include "client/judge.h"

namespace fuzz {

// Runs `format` over `input` and aborts with a description if any property above fails.
// REQUIRES: `format` is one of the Eight formats (not kHdu1667).
void FuzzJudge(client::JudgeFormat format, absl::string_view input);

// Runs hdu1667 (client::RunRotationJudge) over `input`; aborts if a property fails.
void FuzzRotationJudge(absl::string_view input);

}  // namespace fuzz

#endif  // FUZZ_JUDGE_FUZZER_H_
