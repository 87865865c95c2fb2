#include "puzzle/huge_page_region.h"

#include <cstdio>
#include <cstring>
#include <limits>
#include <string>

#include "gtest/gtest.h"
#include "puzzle/smaps.h"

namespace puzzle {
namespace {

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

// The advice always takes (VmFlags "hg": MADV_HUGEPAGE). Whether the kernel then hands out huge
// pages depends on its settings and on free contiguous memory at fault time, so their count is
// only checked to be whole huge pages within the region (and none where THP is "never"), and
// printed.
TEST(HugePageRegionTest, TheRegionIsAdvisedForHugePages) {
  const size_t size = 8 * kHugePageSize;
  absl::StatusOr<std::unique_ptr<HugePageRegion>> region = HugePageRegion::Allocate(size, "t");
  ASSERT_TRUE(region.ok()) << region.status();
  std::memset((*region)->data(), 0x5a, size);
  const std::string enabled = TransparentHugePageSetting("enabled");
  if (!enabled.empty()) {  // the kernel has THP (else madvise(MADV_HUGEPAGE) is EINVAL)
    EXPECT_NE(SmapsVmFlagsAt((*region)->data()).find(" hg"), std::string::npos)
        << SmapsVmFlagsAt((*region)->data());
  }
  const size_t huge = (*region)->huge_page_bytes();
  EXPECT_LE(huge, size);
  EXPECT_EQ(huge % kHugePageSize, 0u) << huge;  // size is whole huge pages
  if (enabled == "never") {
    EXPECT_EQ(huge, 0u);
  }
  std::printf("THP enabled=%s defrag=%s: %zu of %zu bytes in huge pages\n", enabled.c_str(),
              TransparentHugePageSetting("defrag").c_str(), huge, size);
}

TEST(HugePageRegionTest, AnAbsurdSizeIsRefusedBeforeItsRoundingWraps) {
  absl::StatusOr<std::unique_ptr<HugePageRegion>> region =
      HugePageRegion::Allocate(std::numeric_limits<size_t>::max(), "t");
  EXPECT_EQ(region.status().code(), absl::StatusCode::kResourceExhausted) << region.status();
}

}  // namespace
}  // namespace puzzle
