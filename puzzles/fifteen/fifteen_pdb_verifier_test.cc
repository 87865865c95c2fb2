#include "puzzles/fifteen/fifteen_pdb_verifier.h"

#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "gtest/gtest.h"
#include "puzzles/fifteen/fifteen_pdb_builder.h"
#include "puzzles/fifteen/fifteen_pdb_layout.h"

namespace puzzle {
namespace {

std::string Build(const FifteenPattern& pattern) {
  absl::StatusOr<std::vector<uint8_t>> bytes = BuildFifteenPdb(pattern, 2, nullptr);
  EXPECT_TRUE(bytes.ok()) << bytes.status();
  return bytes.ok() ? std::string(bytes->begin(), bytes->end()) : std::string();
}

void SetEntry(std::string& bytes, uint64_t index, int e) {
  uint8_t& byte = reinterpret_cast<uint8_t&>(bytes[index / 2]);
  byte = static_cast<uint8_t>(index % 2 == 0 ? (byte & 0xf0) | e : (byte & 0x0f) | (e << 4));
}

TEST(FifteenPdbVerifierTest, BuiltSectionsPassEveryCheck) {
  for (const FifteenPattern& pattern :
       {FifteenPattern::FromCells({0, 1, 4, 5}, 2), FifteenPattern::FromCells({1, 4}, 0),
        FifteenPattern::FromCells({0, 4, 5}, 1), FifteenPattern::FromCells({2, 3, 6, 7, 10}, 0),
        FifteenPattern::FromCells({1, 2, 3, 4, 5}, 0)}) {
    const std::string name = FifteenPdbSectionName(pattern);
    const std::string bytes = Build(pattern);
    FifteenVerifyOptions options;
    options.samples = 4;
    absl::StatusOr<FifteenVerifyReport> report = VerifyFifteenPdbSection(name, bytes, options);
    ASSERT_TRUE(report.ok()) << report.status();
    EXPECT_EQ(report->local_checked, FifteenPdbEntries(pattern.size)) << name;
    EXPECT_GT(report->upper_checks, 0u);
    EXPECT_TRUE(report->recomputed);
    EXPECT_GT(report->samples_checked, 0) << name;
    EXPECT_GT(report->max_h, 0);
    uint64_t total = 0;
    for (uint64_t n : report->e_histogram) total += n;
    EXPECT_EQ(total, FifteenPdbEntries(pattern.size));
    EXPECT_EQ(report->Summary().substr(0, name.size() + 2), name + ": ");
  }
}

TEST(FifteenPdbVerifierTest, ASixTileDefaultSectionPassesTheLocalChecksAndSamples) {
  const FifteenPattern pattern = FifteenPattern::FromCells({2, 3, 4, 5, 6, 7}, 1);
  FifteenVerifyOptions options;
  options.recompute_limit_bytes = 0;  // 92 MB and half a minute: the manual test does it
  options.samples = 6;
  absl::StatusOr<FifteenVerifyReport> report =
      VerifyFifteenPdbSection(FifteenPdbSectionName(pattern), Build(pattern), options);
  ASSERT_TRUE(report.ok()) << report.status();
  EXPECT_EQ(report->local_checked, 5765760u);
  EXPECT_FALSE(report->recomputed);
  EXPECT_GT(report->samples_checked, 3);
}

TEST(FifteenPdbVerifierTest, NamesTheSectionAndTheEntryOfEveryCorruption) {
  const FifteenPattern pattern = FifteenPattern::FromCells({0, 1, 4, 5}, 2);
  const std::string name = FifteenPdbSectionName(pattern);
  const std::string good = Build(pattern);
  FifteenVerifyOptions options;
  options.samples = 0;

  // The goal's own entry.
  const uint64_t goal = FifteenRankPlacement(pattern.cells.data(), 4);
  std::string bad = good;
  SetEntry(bad, goal, 1);
  absl::StatusOr<FifteenVerifyReport> report = VerifyFifteenPdbSection(name, bad, options);
  EXPECT_EQ(report.status().code(), absl::StatusCode::kDataLoss);
  EXPECT_EQ(report.status().message(), absl::StrCat(name, ": entry ", goal,
                                                    " (tiles on 0 1 4 5): h = 2 at the goal "
                                                    "placement; expected 0"));

  // Every single raised or lowered entry is caught, by the local checks alone.
  int caught = 0;
  for (uint64_t index = 1; index < FifteenPdbEntries(4); index += 997) {
    bad = good;
    const int e = FifteenPdbEntry(reinterpret_cast<const uint8_t*>(good.data()), index);
    SetEntry(bad, index, e == 15 ? 14 : e + 1);
    options.recompute_limit_bytes = 0;
    report = VerifyFifteenPdbSection(name, bad, options);
    ASSERT_EQ(report.status().code(), absl::StatusCode::kDataLoss) << index;
    // The first failing entry is the corrupted one or a neighbour that now sees it.
    EXPECT_EQ(report.status().message().substr(0, name.size() + 8), name + ": entry ");
    ++caught;
    if (e > 0) {
      SetEntry(bad, index, e - 1);
      report = VerifyFifteenPdbSection(name, bad, options);
      ASSERT_EQ(report.status().code(), absl::StatusCode::kDataLoss) << index;
    }
  }
  EXPECT_GT(caught, 40);

  // The recomputation on its own names the entry and both values.
  options.local_checks = false;
  options.recompute_limit_bytes = uint64_t{1} << 30;
  bad = good;
  SetEntry(bad, 5000, FifteenPdbEntry(reinterpret_cast<const uint8_t*>(good.data()), 5000) + 1);
  report = VerifyFifteenPdbSection(name, bad, options);
  EXPECT_EQ(report.status().code(), absl::StatusCode::kDataLoss);
  EXPECT_NE(report.status().message().find(absl::StrCat(name, ": entry 5000 (tiles on ")),
            absl::string_view::npos)
      << report.status();
  EXPECT_NE(report.status().message().find(" but recomputed "), absl::string_view::npos)
      << report.status();
}

TEST(FifteenPdbVerifierTest, WrongSizesAndNamesAreRejected) {
  FifteenVerifyOptions options;
  absl::StatusOr<FifteenVerifyReport> report =
      VerifyFifteenPdbSection("fifteen_pdb_0145_2", std::string(100, '\0'), options);
  EXPECT_EQ(report.status().code(), absl::StatusCode::kDataLoss);
  EXPECT_EQ(report.status().message(),
            "fifteen_pdb_0145_2: 100 bytes; expected 21840 (43680 4-bit entries)");
  report = VerifyFifteenPdbSection("fifteen_pdb_0145", "", options);
  EXPECT_EQ(report.status().code(), absl::StatusCode::kInvalidArgument);
}

}  // namespace
}  // namespace puzzle
