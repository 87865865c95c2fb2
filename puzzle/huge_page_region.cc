#include "puzzle/huge_page_region.h"

#include <sys/mman.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <limits>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "puzzle/smaps.h"

namespace puzzle {

absl::StatusOr<std::unique_ptr<HugePageRegion>> HugePageRegion::Allocate(
    size_t size, absl::string_view context) {
  if (size == 0) return std::unique_ptr<HugePageRegion>(new HugePageRegion(nullptr, 0, 0));
  if (size > std::numeric_limits<size_t>::max() - 2 * kHugePageSize) {  // the rounding would wrap
    return absl::ResourceExhaustedError(
        absl::StrCat(context, ": cannot reserve ", size, " bytes of private memory: too large"));
  }
  const size_t mapped_size = (size + kHugePageSize - 1) / kHugePageSize * kHugePageSize;
  // Over-reserve by one huge page, then trim both ends so the region starts on a 2 MiB boundary:
  // only aligned 2 MiB ranges can be huge pages.
  const size_t reserved = mapped_size + kHugePageSize;
  void* raw = mmap(nullptr, reserved, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (raw == MAP_FAILED) {
    return absl::ResourceExhaustedError(absl::StrCat(
        context, ": cannot reserve ", size, " bytes of private memory: ", std::strerror(errno)));
  }
  const uintptr_t start = reinterpret_cast<uintptr_t>(raw);
  const uintptr_t aligned = (start + kHugePageSize - 1) / kHugePageSize * kHugePageSize;
  if (aligned > start) munmap(raw, aligned - start);
  const uintptr_t end = start + reserved;
  if (end > aligned + mapped_size) {
    munmap(reinterpret_cast<void*>(aligned + mapped_size), end - (aligned + mapped_size));
  }
  uint8_t* base = reinterpret_cast<uint8_t*>(aligned);
  // Advice: EINVAL where THP is compiled out; the region then simply has ordinary pages.
  madvise(base, mapped_size, MADV_HUGEPAGE);
  return std::unique_ptr<HugePageRegion>(new HugePageRegion(base, size, mapped_size));
}

HugePageRegion::~HugePageRegion() {
  if (base_ != nullptr) munmap(base_, mapped_size_);
}

void HugePageRegion::Seal() const {
  if (base_ != nullptr) mprotect(base_, mapped_size_, PROT_READ);
}

size_t HugePageRegion::huge_page_bytes() const {
  if (base_ == nullptr) return 0;
  // The last huge page may reach past size_ into the rounding: count only the region's bytes.
  return std::min<size_t>(SmapsBytesWithin(base_, mapped_size_, "AnonHugePages"), size_);
}

}  // namespace puzzle
