// eight_verify: checks every entry of an Eight II table file independently of the generator.
//
//   bazel run //generator:eight_verify     (defaults: the Bazel-built table, data/'s histograms)
//
// Exit 0 when the table is correct; 1 with the first failures listed otherwise.

#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>

#include "absl/flags/flag.h"
#include "absl/flags/parse.h"
#include "absl/flags/usage.h"
#include "absl/strings/str_join.h"
#include "absl/time/clock.h"
#include "absl/time/time.h"
#include "generator/eight_verifier.h"
#include "puzzle/eight_table.h"

ABSL_FLAG(std::string, tables, "data/eight.tbl", "The Eight II table file to verify.");
ABSL_FLAG(std::string, histograms, "data/eight_depth_histograms.txt",
          "Expected depth histograms per blank cell; empty to skip that check.");

int main(int argc, char** argv) {
  absl::SetProgramUsageMessage("Verifies an Eight II table file entry by entry.");
  absl::ParseCommandLine(argc, argv);
  const absl::Time start = absl::Now();
  absl::StatusOr<puzzle::EightTable> table = puzzle::EightTable::Load(absl::GetFlag(FLAGS_tables));
  if (!table.ok()) {
    std::fprintf(stderr, "eight_verify: %s\n", table.status().ToString().c_str());
    return 1;
  }
  generator::DepthHistograms expected;
  const std::string histograms_path = absl::GetFlag(FLAGS_histograms);
  if (!histograms_path.empty()) {
    std::ifstream in(histograms_path);
    if (!in) {
      std::fprintf(stderr, "eight_verify: cannot read %s\n", histograms_path.c_str());
      return 1;
    }
    std::stringstream text;
    text << in.rdbuf();
    absl::StatusOr<generator::DepthHistograms> parsed =
        generator::ParseDepthHistograms(text.str());
    if (!parsed.ok()) {
      std::fprintf(stderr, "eight_verify: %s: %s\n", histograms_path.c_str(),
                   parsed.status().ToString().c_str());
      return 1;
    }
    expected = *parsed;
  }
  const generator::VerifyReport report =
      generator::VerifyEightTable(*table, histograms_path.empty() ? nullptr : &expected);
  const double ms = absl::ToDoubleMilliseconds(absl::Now() - start);
  for (int seed = 0; seed < puzzle::kEightSeeds; ++seed) {
    std::fprintf(stderr, "seed %d: depths %s\n", seed,
                 absl::StrJoin(report.histograms[seed], " ").c_str());
  }
  if (!report.ok()) {
    for (const std::string& failure : report.failures) {
      std::fprintf(stderr, "FAIL %s\n", failure.c_str());
    }
    std::fprintf(stderr, "eight_verify: %s is WRONG (%.0f ms)\n",
                 absl::GetFlag(FLAGS_tables).c_str(), ms);
    return 1;
  }
  std::fprintf(stderr, "eight_verify: %s OK: %llu states, all checks passed (%.0f ms)\n",
               absl::GetFlag(FLAGS_tables).c_str(),
               static_cast<unsigned long long>(report.states_checked), ms);
  return 0;
}
