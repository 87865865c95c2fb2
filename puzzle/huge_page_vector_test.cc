#include "puzzle/huge_page_vector.h"

#include <cstdint>
#include <cstdio>
#include <string>

#include "gtest/gtest.h"
#include "puzzle/smaps.h"

namespace puzzle {
namespace {

TEST(HugePageVectorTest, HoldsNCopiesOfTheValue) {
  for (size_t n : {size_t{0}, size_t{1}, size_t{1000}, size_t{3} << 20}) {
    const std::vector<uint32_t> v = HugePageVector<uint32_t>(n, 0xDEADBEEF);
    ASSERT_EQ(v.size(), n);
    for (size_t i = 0; i < n; i += 997) ASSERT_EQ(v[i], 0xDEADBEEFu) << n << " " << i;
    if (n > 0) {
      EXPECT_EQ(v[n - 1], 0xDEADBEEFu);
    }
  }
}

// The storage's 2 MiB-aligned part is advised MADV_HUGEPAGE (VmFlags "hg": the advice splits it
// into a mapping of its own, which starts at the first 2 MiB boundary). Whether the kernel then
// hands out huge pages depends on its setting and on free contiguous memory, so their count is
// only checked to be whole huge pages (and none where THP is "never"), and printed.
TEST(HugePageVectorTest, ItsAlignedPartIsAdvisedForHugePages) {
  const size_t n = 8 * kHugePageSize / sizeof(uint64_t);
  const std::vector<uint64_t> v = HugePageVector<uint64_t>(n, 1);
  const uintptr_t data = reinterpret_cast<uintptr_t>(v.data());
  const uintptr_t begin = (data + kHugePageSize - 1) & ~(kHugePageSize - 1);
  const uintptr_t end = (data + n * sizeof(uint64_t)) & ~(kHugePageSize - 1);
  ASSERT_GE(end - begin, 7 * kHugePageSize);
  const std::string enabled = TransparentHugePageSetting("enabled");
  if (!enabled.empty()) {  // the kernel has THP (else madvise(MADV_HUGEPAGE) is EINVAL)
    const std::string flags = SmapsVmFlagsAt(reinterpret_cast<const void*>(begin));
    EXPECT_NE(flags.find(" hg"), std::string::npos) << flags;
  }
  const uint64_t huge =
      SmapsBytesWithin(reinterpret_cast<const void*>(begin), end - begin, "AnonHugePages");
  EXPECT_LE(huge, end - begin);
  EXPECT_EQ(huge % kHugePageSize, 0u) << huge;
  if (enabled == "never") {
    EXPECT_EQ(huge, 0u);
  }
  std::printf("THP enabled=%s: %llu of %llu aligned bytes in huge pages\n", enabled.c_str(),
              static_cast<unsigned long long>(huge), static_cast<unsigned long long>(end - begin));
}

}  // namespace
}  // namespace puzzle
