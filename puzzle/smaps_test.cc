#include "puzzle/smaps.h"

#include <sys/mman.h>
#include <unistd.h>

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
  ::munmap(reserved, length + 2 * page);
}

}  // namespace
}  // namespace puzzle
