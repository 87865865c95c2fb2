#include "puzzles/fifteen/fifteen_section_cache.h"

#include <cstdlib>
#include <string>

#include "gtest/gtest.h"

namespace puzzle {
namespace {

TEST(FifteenSectionCacheTest, WritesAndReadsBackEverySection) {
  const std::string dir = std::string(std::getenv("TEST_TMPDIR")) + "/cache";
  const std::vector<FifteenTableSection> sections = {
      {"fifteen_pdb_014_2", {1, 2, 3}},
      {"fifteen_pdb_0145_2", std::vector<uint8_t>(1000, 0xab)},
  };
  ASSERT_TRUE(WriteFifteenSectionCache(dir, sections).ok());
  absl::StatusOr<FifteenSectionCache> cache = ReadFifteenSectionCache(dir);
  ASSERT_TRUE(cache.ok()) << cache.status();
  ASSERT_EQ(cache->bytes.size(), 2u);
  EXPECT_EQ(cache->bytes.at("fifteen_pdb_014_2"), std::string("\x01\x02\x03"));
  const FifteenSectionMap view = cache->View();
  EXPECT_EQ(view.at("fifteen_pdb_0145_2").size(), 1000u);
  EXPECT_EQ(view.at("fifteen_pdb_0145_2")[999], '\xab');
}

TEST(FifteenSectionCacheTest, AMissingDirectoryIsNotFound) {
  absl::StatusOr<FifteenSectionCache> cache = ReadFifteenSectionCache("/nonexistent/fifteen");
  EXPECT_EQ(cache.status().code(), absl::StatusCode::kNotFound);
  EXPECT_EQ(cache.status().message(),
            "cannot open /nonexistent/fifteen: No such file or directory");
}

}  // namespace
}  // namespace puzzle
