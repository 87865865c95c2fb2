// A development cache of table sections: one raw file per section in a directory, named after
// the section. Not the table file format (the lead's versioned, checksummed file replaces it in
// serving); it only saves rebuilding the tables between test and benchmark runs.
//
//   bazel run //puzzles/fifteen:fifteen_build_tables -- --tier=default --dir=/tmp/fifteen-tables
//
// Thread-safety: pure functions; the returned cache owns its bytes.

#ifndef PUZZLES_FIFTEEN_FIFTEEN_SECTION_CACHE_H_
#define PUZZLES_FIFTEEN_FIFTEEN_SECTION_CACHE_H_

#include <map>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "puzzles/fifteen/fifteen_heuristic.h"
#include "puzzles/fifteen/fifteen_tables.h"

namespace puzzle {

// Writes <dir>/<name> for every section (creating dir), replacing existing files atomically
// (write to a temporary name, then rename).
absl::Status WriteFifteenSectionCache(const std::string& dir,
                                      const std::vector<FifteenTableSection>& sections);

// Every file in `dir` whose name starts with "fifteen_", read into memory.
struct FifteenSectionCache {
  std::map<std::string, std::string> bytes;
  FifteenSectionMap View() const;  // views into `bytes`: valid while this cache lives unchanged
};
absl::StatusOr<FifteenSectionCache> ReadFifteenSectionCache(const std::string& dir);

}  // namespace puzzle

#endif  // PUZZLES_FIFTEEN_FIFTEEN_SECTION_CACHE_H_
