// Builds the default tier and checks it end to end (tagged manual: a minute or more to build,
// about ten more to recompute every 7-tile entry):
//   - the bytes are the pinned ones (XXH3-64 per section): the build is deterministic, and a
//     change of output is never silent;
//   - every section passes fifteen_pdb_verifier.h's checks, recomputation included.
// With $FIFTEEN_TABLE_CACHE holding large-tier sections, those are checked against their pins
// and verified too (local checks and samples; recomputing 8 tiles would need 8.3 GB).
//
//   bazel test //puzzles/fifteen:fifteen_tables_test --test_output=all

#include "puzzles/fifteen/fifteen_tables.h"

#include <cstdio>
#include <cstdlib>
#include <map>
#include <string>

#include "gtest/gtest.h"
#include "puzzles/fifteen/fifteen_pdb_verifier.h"
#include "puzzles/fifteen/fifteen_section_cache.h"
#include "xxhash.h"

namespace puzzle {
namespace {

// XXH3-64 (seed 0) of each default-tier section, as built by this code.
const std::map<std::string, uint64_t>& PinnedChecksums() {
  static const auto* pins = new std::map<std::string, uint64_t>{
      // clang-format off
      {"fifteen_pdb_1234567_0", 0x7c559f2b192ca576},
      {"fifteen_pdb_1234567_f", 0x849b0e362efa1fb3},
      {"fifteen_pdb_234567_1",  0xc8127360e2edf1a1},
      {"fifteen_pdb_012367_5",  0xc326542d45e77d1a},
      // clang-format on
  };
  return *pins;
}

// The same for the large tier's sections.
const std::map<std::string, uint64_t>& PinnedLargeChecksums() {
  static const auto* pins = new std::map<std::string, uint64_t>{
      // clang-format off
      {"fifteen_pdb_89abcdef_0", 0xcb88ade9d6909d8b},
      {"fifteen_pdb_0234567_1",  0x1015e1380157e46a},
      {"fifteen_pdb_0123467_5",  0x473d76dd1ca25924},
      {"fifteen_pdb_0123567_4",  0xbf2390558a0a24fa},
      // clang-format on
  };
  return *pins;
}

TEST(FifteenTablesTest, DefaultTierIsPinnedAndVerified) {
  absl::StatusOr<std::vector<FifteenTableSection>> sections =
      BuildFifteenTables(FifteenTier::kDefault, 2, nullptr);
  ASSERT_TRUE(sections.ok()) << sections.status();
  ASSERT_EQ(sections->size(), PinnedChecksums().size());
  uint64_t bytes = 0;
  for (const FifteenTableSection& s : *sections) {
    bytes += s.bytes.size();
    const uint64_t checksum = XXH3_64bits(s.bytes.data(), s.bytes.size());
    std::printf("%s: %zu bytes, XXH3-64 0x%016llx\n", s.name.c_str(), s.bytes.size(),
                static_cast<unsigned long long>(checksum));
    ASSERT_TRUE(PinnedChecksums().count(s.name)) << s.name;
    EXPECT_EQ(checksum, PinnedChecksums().at(s.name)) << s.name;
  }
  EXPECT_LE(bytes, 64u * 1000 * 1000);
  for (const FifteenTableSection& s : *sections) {
    FifteenVerifyOptions options;
    options.samples = 16;
    absl::StatusOr<FifteenVerifyReport> report = VerifyFifteenPdbSection(
        s.name, absl::string_view(reinterpret_cast<const char*>(s.bytes.data()), s.bytes.size()),
        options);
    ASSERT_TRUE(report.ok()) << report.status();
    EXPECT_TRUE(report->recomputed) << s.name;
    std::printf("%s\n", report->Summary().c_str());
  }
}

TEST(FifteenTablesTest, LargeTierSectionsInTheCacheAreVerified) {
  const char* dir = std::getenv("FIFTEEN_TABLE_CACHE");
  if (dir == nullptr || *dir == '\0') GTEST_SKIP() << "no FIFTEEN_TABLE_CACHE";
  absl::StatusOr<FifteenSectionCache> cache = ReadFifteenSectionCache(dir);
  ASSERT_TRUE(cache.ok()) << cache.status();
  int verified = 0;
  for (const FifteenPattern& p : FifteenTierPatterns(FifteenTier::kLarge)) {
    const std::string name = FifteenPdbSectionName(p);
    auto it = cache->bytes.find(name);
    if (it == cache->bytes.end()) continue;
    EXPECT_EQ(XXH3_64bits(it->second.data(), it->second.size()), PinnedLargeChecksums().at(name))
        << name;
    FifteenVerifyOptions options;
    options.samples = 8;
    absl::StatusOr<FifteenVerifyReport> report = VerifyFifteenPdbSection(name, it->second, options);
    ASSERT_TRUE(report.ok()) << report.status();
    std::printf("%s\n", report->Summary().c_str());
    ++verified;
  }
  if (verified == 0) GTEST_SKIP() << "no large-tier sections in " << dir;
}

}  // namespace
}  // namespace puzzle
