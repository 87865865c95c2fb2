// A std::vector advised for transparent huge pages, for tables built in memory and probed at
// random (the 3x3x3's tables, built in memory or computed at start).
//
// Why: a lookup anywhere in 100+ MB misses the TLB as well as the cache when the memory is on
// 4 KiB pages. Anonymous memory gets 2 MiB pages only where it is advised MADV_HUGEPAGE (the
// kernel's transparent_hugepage setting "madvise", Debian's default) or the setting is "always".
//
// Contract: HugePageVector(n, value) returns n copies of `value`. Before the vector writes its
// storage, the 2 MiB-aligned part of it is advised MADV_HUGEPAGE (so that a large vector, freshly
// mapped by the allocator, takes its first faults as huge pages). The advice is only advice:
// where the kernel declines it the vector works the same on ordinary pages. The vector must not
// grow afterwards (a reallocation would leave the advice behind).
//
// Thread-safety: as std::vector.
#ifndef PUZZLE_HUGE_PAGE_VECTOR_H_
#define PUZZLE_HUGE_PAGE_VECTOR_H_

#include <sys/mman.h>

#include <cstddef>
#include <cstdint>
#include <vector>

#include "puzzle/huge_page_region.h"

namespace puzzle {

template <typename T>
std::vector<T> HugePageVector(size_t n, T value) {
  std::vector<T> entries;
  entries.reserve(n);  // allocated, not yet touched: the advice applies to the first faults
  const uintptr_t data = reinterpret_cast<uintptr_t>(entries.data());
  const uintptr_t begin = (data + kHugePageSize - 1) & ~(kHugePageSize - 1);
  const uintptr_t end = (data + n * sizeof(T)) & ~(kHugePageSize - 1);
  if (end > begin) ::madvise(reinterpret_cast<void*>(begin), end - begin, MADV_HUGEPAGE);
  entries.assign(n, value);
  return entries;
}

}  // namespace puzzle

#endif  // PUZZLE_HUGE_PAGE_VECTOR_H_
