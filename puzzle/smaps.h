// How the kernel backs this process's memory, from /proc/self/smaps: for reports and tests of
// huge pages (a private copy's AnonHugePages, a mapped file's FilePmdMapped).
//
// Thread-safety: reads the file afresh each call; safe from any thread.
#ifndef PUZZLE_SMAPS_H_
#define PUZZLE_SMAPS_H_

#include <cstddef>
#include <cstdint>
#include <string>

#include "absl/strings/string_view.h"

namespace puzzle {

// The bytes counted under `key` (e.g. "Rss", "AnonHugePages", "FilePmdMapped") by the mappings
// that lie wholly within [start, start + length), summed. 0 when /proc/self/smaps cannot be read
// or no such mapping has the key.
uint64_t SmapsBytesWithin(const void* start, size_t length, absl::string_view key);

// The "VmFlags:" line of the mapping that starts at `start` (e.g. "VmFlags: rd wr mr mw me ac
// hg": "hg" is MADV_HUGEPAGE, "nh" MADV_NOHUGEPAGE), or "" when no mapping starts there.
std::string SmapsVmFlagsAt(const void* start);

// The selected word of /sys/kernel/mm/transparent_hugepage/<name> (the bracketed one, e.g.
// "madvise" for "enabled"), or "" when the kernel has no such file (no THP) or the file has no
// bracketed word.
std::string TransparentHugePageSetting(absl::string_view name);

}  // namespace puzzle

#endif  // PUZZLE_SMAPS_H_
