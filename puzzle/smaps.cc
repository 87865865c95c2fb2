#include "puzzle/smaps.h"

#include <cstdio>
#include <fstream>
#include <string>

#include "absl/strings/numbers.h"
#include "absl/strings/strip.h"

namespace puzzle {

uint64_t SmapsBytesWithin(const void* start, size_t length, absl::string_view key) {
  // A header line "from-to perms ..." for each mapping, then "Key:   value kB" lines.
  std::ifstream smaps("/proc/self/smaps");
  const uint64_t begin = reinterpret_cast<uintptr_t>(start);
  const uint64_t end = begin + length;
  bool inside = false;
  uint64_t total_kib = 0;
  for (std::string line; std::getline(smaps, line);) {
    const size_t dash = line.find('-');
    const size_t space = line.find(' ');
    uint64_t from = 0;
    uint64_t to = 0;
    if (dash != std::string::npos && space != std::string::npos && dash < space &&
        absl::SimpleHexAtoi(absl::string_view(line).substr(0, dash), &from) &&
        absl::SimpleHexAtoi(absl::string_view(line).substr(dash + 1, space - dash - 1), &to)) {
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
  // Header lines print addresses as %08lx: zero-padded to at least 8 digits.
  char prefix[32];
  std::snprintf(prefix, sizeof(prefix), "%08lx-",
                static_cast<unsigned long>(reinterpret_cast<uintptr_t>(start)));
  bool inside = false;
  for (std::string line; std::getline(smaps, line);) {
    if (line.rfind(prefix, 0) == 0) {
      inside = true;
      continue;
    }
    if (!inside) continue;
    if (line.rfind("VmFlags:", 0) == 0) return line;
    // The next mapping's header (its first field "from-to") ends ours: it had no VmFlags line.
    const size_t dash = line.find('-');
    const size_t space = line.find(' ');
    uint64_t from = 0;
    if (dash != std::string::npos && space != std::string::npos && dash < space &&
        absl::SimpleHexAtoi(absl::string_view(line).substr(0, dash), &from)) {
      return "";
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
