// Private anonymous memory for one table section, laid out for transparent huge pages.
//
// Why: a probe of a table much larger than the cache misses the TLB as well as the cache. A file
// mapping gets 2 MiB pages only where the page cache holds the file in 2 MiB folios (recent
// kernels on ext4 or XFS: MappedFile::Open asks for them), else a mapped table pays a page walk
// per probe. A copy in anonymous memory advised MADV_HUGEPAGE gets 2 MiB pages wherever the
// kernel allows them (transparent_hugepage "madvise" or "always"). The price: the copy is private
// to the process, so replicas on one host no longer share the table.
//
// Contract: Allocate returns `size` writable bytes whose start is 2 MiB-aligned; Seal makes them
// read-only (a stray write faults instead of corrupting a served table). The region is unmapped
// by the destructor. Huge pages are advice: where the kernel declines them the region works the
// same with ordinary pages (huge_page_bytes() then reports 0).
//
// Example:
//   absl::StatusOr<std::unique_ptr<HugePageRegion>> r = HugePageRegion::Allocate(n, "pdb_7");
//   if (!r.ok()) return r.status();  // ResourceExhausted("pdb_7: cannot reserve ...")
//   std::memcpy((*r)->data(), source, n);
//   (*r)->Seal();
//
// Thread-safety: fill and Seal from one thread; after Seal, reads from any number of threads.

#ifndef PUZZLE_HUGE_PAGE_REGION_H_
#define PUZZLE_HUGE_PAGE_REGION_H_

#include <cstddef>
#include <cstdint>
#include <memory>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"

namespace puzzle {

inline constexpr size_t kHugePageSize = size_t{2} << 20;

class HugePageRegion {
 public:
  // Errors: ResourceExhausted("<context>: cannot reserve <n> bytes of private memory: <reason>").
  // A size of 0 gives an empty region (data() is null).
  static absl::StatusOr<std::unique_ptr<HugePageRegion>> Allocate(size_t size,
                                                                  absl::string_view context);

  HugePageRegion(const HugePageRegion&) = delete;
  HugePageRegion& operator=(const HugePageRegion&) = delete;
  ~HugePageRegion();

  uint8_t* data() const { return base_; }
  size_t size() const { return size_; }
  absl::string_view view() const {
    return absl::string_view(reinterpret_cast<const char*>(base_), size_);
  }

  // Makes the region read-only. Failure (it cannot fail for a valid region) is ignored: the
  // bytes stay the same either way.
  void Seal() const;

  // Bytes of this region the kernel backs with huge pages now (AnonHugePages in smaps, at most
  // size()), for reports and tests; 0 when unknown.
  size_t huge_page_bytes() const;

 private:
  HugePageRegion(uint8_t* base, size_t size, size_t mapped_size)
      : base_(base), size_(size), mapped_size_(mapped_size) {}

  uint8_t* const base_;       // nullptr when size_ == 0
  const size_t size_;         // bytes asked for
  const size_t mapped_size_;  // size_ rounded up to whole huge pages
};

}  // namespace puzzle

#endif  // PUZZLE_HUGE_PAGE_REGION_H_
