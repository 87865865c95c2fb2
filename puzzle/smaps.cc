#include "puzzle/smaps.h"

#include <fstream>
#include <string>

#include "absl/strings/numbers.h"
#include "absl/strings/strip.h"

namespace puzzle {
namespace {

// Whether `line` is a mapping's header, "from-to perms offset dev inode [path]" (addresses in hex),
// and if so its range. The other lines are "Key:   value ..." and hold no dash before a space.
bool ParseHeader(absl::string_view line, uint64_t* from, uint64_t* to) {
  const size_t dash = line.find('-');
  const size_t space = line.find(' ');
  return dash != absl::string_view::npos && space != absl::string_view::npos && dash < space &&
         absl::SimpleHexAtoi(line.substr(0, dash), from) &&
         absl::SimpleHexAtoi(line.substr(dash + 1, space - dash - 1), to);
}

}  // namespace

uint64_t SmapsBytesWithin(const void* start, size_t length, absl::string_view key) {
  // A header line for each mapping, then "Key:   value kB" lines.
  std::ifstream smaps("/proc/self/smaps");
  const uint64_t begin = reinterpret_cast<uintptr_t>(start);
  const uint64_t end = begin + length;
  bool inside = false;
  uint64_t total_kib = 0;
  for (std::string line; std::getline(smaps, line);) {
    uint64_t from = 0;
    uint64_t to = 0;
    if (ParseHeader(line, &from, &to)) {
      inside = from >= begin && to <= end;
      continue;
    }
    absl::string_view rest = line;
    if (inside && absl::ConsumePrefix(&rest, key) && absl::ConsumePrefix(&rest, ":")) {
      rest = absl::StripAsciiWhitespace(rest);
      absl::ConsumeSuffix(&rest, "kB");
      uint64_t kib = 0;
      if (absl::SimpleAtoi(absl::StripAsciiWhitespace(rest), &kib)) total_kib += kib;
    }
  }
  return total_kib * 1024;
}

std::string SmapsVmFlagsAt(const void* start) {
  std::ifstream smaps("/proc/self/smaps");
  const uint64_t wanted = reinterpret_cast<uintptr_t>(start);
  bool inside = false;
  for (std::string line; std::getline(smaps, line);) {
    uint64_t from = 0;
    uint64_t to = 0;
    if (ParseHeader(line, &from, &to)) {
      // A mapping without a VmFlags line (kernels before 3.8) ends at the next one's header.
      if (inside) return "";
      inside = from == wanted;
    } else if (inside && line.rfind("VmFlags:", 0) == 0) {
      return line;
    }
  }
  return "";
}

std::string TransparentHugePageSetting(absl::string_view name) {
  std::ifstream in("/sys/kernel/mm/transparent_hugepage/" + std::string(name));
  std::string line;
  std::getline(in, line);
  const size_t open = line.find('[');
  const size_t close = line.find(']');
  if (open == std::string::npos || close == std::string::npos || close < open) return "";
  return line.substr(open + 1, close - open - 1);
}

}  // namespace puzzle
