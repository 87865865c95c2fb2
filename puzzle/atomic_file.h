// Writes a whole file atomically: a temporary file in the destination's directory, written in
// full, fsync'ed (and its pages then dropped from the page cache, so that a reader maps them
// afresh), then renamed over the destination, and the directory fsync'ed. Readers see
// either the old file or the complete new one; a failure at any step removes the temporary file
// and leaves the destination untouched.
//
// Errors carry the path and the OS reason: NotFound (no such directory), PermissionDenied,
// ResourceExhausted (disk full, quota, file size limit), Unavailable (anything else).

#ifndef PUZZLE_ATOMIC_FILE_H_
#define PUZZLE_ATOMIC_FILE_H_

#include <string>

#include "absl/status/status.h"
#include "absl/strings/string_view.h"

namespace puzzle {

absl::Status WriteFileAtomically(const std::string& path, absl::string_view contents);

}  // namespace puzzle

#endif  // PUZZLE_ATOMIC_FILE_H_
