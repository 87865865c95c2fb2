#include "puzzle/huge_page_region.h"

#include <cstdio>
#include <cstring>
#include <fstream>
#include <string>

#include "gtest/gtest.h"

namespace puzzle {
namespace {

// The bracketed word of /sys/kernel/mm/transparent_hugepage/<name>, e.g. "madvise"; "" if absent.
std::string ThpSetting(const std::string& name) {
  std::ifstream in("/sys/kernel/mm/transparent_hugepage/" + name);
  std::string line;
  std::getline(in, line);
  const size_t open = line.find('[');
  const size_t close = line.find(']');
  if (open == std::string::npos || close == std::string::npos) return "";
  return line.substr(open + 1, close - open - 1);
}

TEST(HugePageRegionTest, HoldsWhatIsWrittenAndStartsOnAHugePageBoundary) {
  const size_t size = 3 * kHugePageSize + 12345;
  absl::StatusOr<std::unique_ptr<HugePageRegion>> region = HugePageRegion::Allocate(size, "t");
  ASSERT_TRUE(region.ok()) << region.status();
  HugePageRegion& r = **region;
  EXPECT_EQ(r.size(), size);
  EXPECT_EQ(reinterpret_cast<uintptr_t>(r.data()) % kHugePageSize, 0u);
  for (size_t i = 0; i < size; ++i) r.data()[i] = static_cast<uint8_t>(i * 7 + (i >> 12));
  r.Seal();
  for (size_t i = 0; i < size; i += 4093) {
    ASSERT_EQ(r.data()[i], static_cast<uint8_t>(i * 7 + (i >> 12))) << i;
  }
  EXPECT_EQ(r.view().size(), size);
  EXPECT_EQ(static_cast<const void*>(r.view().data()), r.data());
}

TEST(HugePageRegionTest, AnEmptyRegionHasNoBytes) {
  absl::StatusOr<std::unique_ptr<HugePageRegion>> region = HugePageRegion::Allocate(0, "t");
  ASSERT_TRUE(region.ok()) << region.status();
  EXPECT_EQ((*region)->data(), nullptr);
  EXPECT_EQ((*region)->size(), 0u);
  EXPECT_EQ((*region)->huge_page_bytes(), 0u);
  (*region)->Seal();  // harmless
}

TEST(HugePageRegionTest, AnImpossibleSizeIsResourceExhaustedNamingTheContext) {
  absl::StatusOr<std::unique_ptr<HugePageRegion>> region =
      HugePageRegion::Allocate(size_t{1} << 62, "section 'x'");
  ASSERT_FALSE(region.ok());
  EXPECT_EQ(region.status().code(), absl::StatusCode::kResourceExhausted);
  EXPECT_NE(region.status().message().find("section 'x': cannot reserve"), std::string::npos)
      << region.status();
}

TEST(HugePageRegionDeathTest, ASealedRegionRefusesWrites) {
  absl::StatusOr<std::unique_ptr<HugePageRegion>> region = HugePageRegion::Allocate(4096, "t");
  ASSERT_TRUE(region.ok()) << region.status();
  (*region)->Seal();
  volatile uint8_t* byte = (*region)->data();
  EXPECT_DEATH(*byte = 1, "");
}

// Where the kernel hands out huge pages on advice (enabled "madvise" or "always") and compacts
// memory to find them on a fault in an advised region (defrag "madvise", "always" or
// "defer+madvise"), a filled region gets some; with THP "never" it gets none. The count must be
// whole huge pages within the region either way.
TEST(HugePageRegionTest, TheKernelBacksItWithHugePagesWhereItHandsThemOut) {
  const size_t size = 8 * kHugePageSize;
  absl::StatusOr<std::unique_ptr<HugePageRegion>> region = HugePageRegion::Allocate(size, "t");
  ASSERT_TRUE(region.ok()) << region.status();
  std::memset((*region)->data(), 0x5a, size);
  const size_t huge = (*region)->huge_page_bytes();
  EXPECT_LE(huge, size);
  EXPECT_EQ(huge % kHugePageSize, 0u) << huge;  // size is whole huge pages
  const std::string enabled = ThpSetting("enabled");
  const std::string defrag = ThpSetting("defrag");
  if (enabled == "never") {
    EXPECT_EQ(huge, 0u);
  } else if ((enabled == "madvise" || enabled == "always") &&
             (defrag == "madvise" || defrag == "always" || defrag == "defer+madvise")) {
    EXPECT_GT(huge, 0u) << "THP enabled=" << enabled << " defrag=" << defrag;
  }
  std::printf("THP enabled=%s defrag=%s: %zu of %zu bytes in huge pages\n", enabled.c_str(),
              defrag.c_str(), huge, size);
}

}  // namespace
}  // namespace puzzle
