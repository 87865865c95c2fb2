#include "puzzle/smaps.h"

#include <sys/mman.h>
#include <unistd.h>

#include <string>

#include "gtest/gtest.h"

namespace puzzle {
namespace {

// A private mapping of 16 pages with 4 of them touched has 4 pages resident; a range that holds
// no whole mapping counts nothing, and an unknown key counts nothing.
TEST(SmapsTest, CountsTheResidentPagesOfAMapping) {
  const size_t page = static_cast<size_t>(::sysconf(_SC_PAGESIZE));
  const size_t length = 16 * page;
  // Between two inaccessible guard pages, so that the kernel cannot merge it with a neighbouring
  // mapping (which would then not lie within the range).
  void* reserved =
      ::mmap(nullptr, length + 2 * page, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  ASSERT_NE(reserved, MAP_FAILED);
  char* bytes = static_cast<char*>(reserved) + page;
  void* mapped = bytes;
  ASSERT_EQ(::mprotect(mapped, length, PROT_READ | PROT_WRITE), 0);
  // No huge pages, so that the count is of small pages whatever the kernel's THP setting.
  ::madvise(mapped, length, MADV_NOHUGEPAGE);
  for (int i : {0, 3, 7, 15}) bytes[i * page] = 1;
  EXPECT_EQ(SmapsBytesWithin(mapped, length, "Rss"), 4 * page);
  EXPECT_EQ(SmapsBytesWithin(mapped, length, "AnonHugePages"), 0u);
  EXPECT_EQ(SmapsBytesWithin(mapped, length, "NoSuchKey"), 0u);
  EXPECT_EQ(SmapsBytesWithin(bytes + page, length - page, "Rss"), 0u);  // not the whole mapping
  // A key is matched whole ("Rs" is not "Rss"), and the guard pages' own mappings are outside.
  EXPECT_EQ(SmapsBytesWithin(mapped, length, "Rs"), 0u);
  // Its flags carry the advice (where the kernel has THP, which the advice needs), and no mapping
  // starts one page in.
  const std::string flags = SmapsVmFlagsAt(mapped);
  EXPECT_EQ(flags.rfind("VmFlags:", 0), 0u) << flags;
  if (!TransparentHugePageSetting("enabled").empty()) {
    EXPECT_NE(flags.find(" nh"), std::string::npos) << flags;
  }
  EXPECT_EQ(SmapsVmFlagsAt(bytes + page), "");
  ::munmap(reserved, length + 2 * page);
}

// The selected word of a THP setting, and "" for a setting the kernel does not have.
TEST(SmapsTest, ReadsTheSelectedWordOfATransparentHugePageSetting) {
  const std::string enabled = TransparentHugePageSetting("enabled");
  if (!enabled.empty()) {
    EXPECT_TRUE(enabled == "always" || enabled == "madvise" || enabled == "never") << enabled;
  }
  EXPECT_EQ(TransparentHugePageSetting("no_such_setting"), "");
}

}  // namespace
}  // namespace puzzle
