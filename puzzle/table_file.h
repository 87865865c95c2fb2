// The puzzle table file, format version 2: a checksummed header, a directory of named sections,
// build metadata, then the sections. A section is stored raw at a page-aligned offset (served
// in place from a read-only memory mapping) or as one zstd frame (decompressed at load). The
// byte layout is documented in puzzle/TABLE_FORMAT.md; keep the two in step.
//
// This layer knows nothing about any puzzle's contents. A puzzle checks that the sections it
// needs exist with the layout it expects (Section / SectionWithLayout) and then probes their
// bytes directly.
//
// Loading (as Syzygy separates map_file from probing): TableFile::Open maps the file, validates
// the header, the directory and every section's checksum (a streaming XXH3 pass over the
// mapping), decompresses zstd sections, and then is immutable. Raw sections stay in the mapping,
// so pages are shared with every other process that maps the same file, and start-up copies
// nothing. The mapping is MAP_PRIVATE and read-only: a file replaced by an atomic rename keeps
// its old inode alive for the mapping, so a running server keeps answering from the bytes it
// validated. A file truncated or rewritten IN PLACE is detected by TableChangeWatch and the
// SIGBUS guard (mapped_file.h); it is never read silently. The exception is opt-in:
// MappingAdvice::kPrivateHugePages copies raw sections into private huge-page memory and
// checksums the copies, so nothing is shared and nothing is read from the file afterwards.
//
// Example:
//   absl::StatusOr<std::unique_ptr<TableFile>> t = TableFile::Open("data/eight.tbl");
//   if (!t.ok()) return t.status();          // DataLoss naming the file, field and offset
//   absl::StatusOr<const TableSection*> s = (*t)->SectionWithLayout("last_moves", 2, 1632960);
//
// Thread-safety: EncodeTableFile is a pure function; a TableFile is immutable after Open and
// may be read from any number of threads.

#ifndef PUZZLE_TABLE_FILE_H_
#define PUZZLE_TABLE_FILE_H_

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "puzzle/huge_page_region.h"
#include "puzzle/mapped_file.h"

namespace puzzle {

inline constexpr char kTableMagic[8] = {'P', 'Z', 'T', 'A', 'B', 'L', 'E', '\n'};
inline constexpr uint32_t kTableFormatVersion = 2;
inline constexpr size_t kTableHeaderSize = 96;
inline constexpr size_t kTableSectionEntrySize = 96;
// Raw sections start at multiples of this, so they can be mapped and probed in place.
inline constexpr uint64_t kTableSectionAlignment = 4096;
inline constexpr uint32_t kMaxTableSections = 64;
inline constexpr uint32_t kMaxTableMetadataSize = 16384;
// Longest puzzle, table or section name (the fields are NUL-padded to one more byte).
inline constexpr size_t kMaxTableNameLength = 23;
inline constexpr size_t kMaxSectionNameLength = 31;
// Upper bound on one section: guards against a header that asks for an absurd allocation.
inline constexpr uint64_t kMaxSectionRawSize = uint64_t{16} << 30;

enum class SectionEncoding : uint32_t {
  kRaw = 0,   // stored as is, page-aligned; served from the mapping
  kZstd = 1,  // one zstd frame; decompressed into memory at load
};

// "raw" or "zstd" (or "unknown(N)").
std::string SectionEncodingName(SectionEncoding encoding);

// ceil(entry_count * bits_per_entry / 8).
uint64_t SectionRawSize(uint64_t entry_count, uint32_t bits_per_entry);

// One section as the generator writes it.
struct TableSectionContents {
  std::string name;  // 1..31 characters of [a-z0-9_.-]
  SectionEncoding encoding = SectionEncoding::kRaw;
  uint32_t bits_per_entry = 8;
  uint64_t entry_count = 0;
  std::vector<uint8_t> bytes;  // exactly SectionRawSize(entry_count, bits_per_entry) bytes
};

// A whole table file as the generator writes it.
struct TableContents {
  std::string puzzle;    // the registry name, e.g. "eight"
  std::string table;     // which of the puzzle's tables, e.g. "eight" or "fifteen-large"
  std::string metadata;  // how it was built (UTF-8 text, no timestamp), <= 16384 bytes
  std::vector<TableSectionContents> sections;
};

// Serialises `contents`; zstd sections are compressed at `zstd_level`. The output depends only on
// the inputs (and the zstd version). REQUIRES: the limits above hold (names, sizes, counts).
std::string EncodeTableFile(const TableContents& contents, int zstd_level);

// One section of a loaded file.
struct TableSection {
  std::string name;
  SectionEncoding encoding = SectionEncoding::kRaw;
  uint32_t bits_per_entry = 0;
  uint64_t entry_count = 0;
  uint64_t offset = 0;       // in the file
  uint64_t stored_size = 0;  // bytes in the file
  uint64_t checksum = 0;     // XXH3-64 of the raw bytes
  // The raw bytes: in the file mapping (raw sections) or in memory the TableFile owns (zstd).
  absl::string_view bytes;

  const uint8_t* data() const { return reinterpret_cast<const uint8_t*>(bytes.data()); }
};

// How Open touches the mapping; the default, kPopulate, chosen by measurement
// (bench/table_load_benchmark.cc, README "Performance": on the 63 MB 15-puzzle table it loads
// about 1.5-2x faster than the others, cold or warm, with half the page faults). Only the time to
// load and the page-fault pattern differ; the bytes validated and served are the same.
enum class MappingAdvice {
  kNone,        // no madvise: the kernel's default readahead
  kSequential,  // MADV_SEQUENTIAL for the checksum pass, then MADV_RANDOM for probing
  kWillNeed,    // MADV_WILLNEED at once (asynchronous readahead of the whole file), then RANDOM
  kPopulate,    // every page faulted in before the checksum pass (MADV_POPULATE_READ), then RANDOM
  // Not shared: each raw section is copied into private memory advised for transparent huge
  // pages (huge_page_region.h), its checksum verified over the copy, and the file unmapped.
  // Probing tables far larger than the cache is faster (fewer TLB misses: the 15-puzzle's large
  // tier, README "Performance"), but every process pays the tables' size in private memory.
  kPrivateHugePages,
};
inline constexpr int kMappingAdviceCount = 5;
static_assert(static_cast<int>(MappingAdvice::kPrivateHugePages) + 1 == kMappingAdviceCount,
              "kMappingAdviceCount counts every MappingAdvice (names, parsing, the benchmark)");

// "none", "sequential", "willneed", "populate", "private_huge_pages": the server's --table_advice.
absl::string_view MappingAdviceName(MappingAdvice advice);
// The inverse; InvalidArgument("'lots'; expected none, sequential, willneed, populate or
// private_huge_pages") for any other name.
absl::StatusOr<MappingAdvice> ParseMappingAdvice(absl::string_view name);

class TableFile {
 public:
  // Maps `path` read-only and validates it (TABLE_FORMAT.md, "Validation on load"). Errors: those
  // of MappedFile::Open (NotFound, PermissionDenied, FailedPrecondition for a FIFO or directory,
  // ...), or DataLoss("<path>: <what>") naming the field, the section and the offset.
  static absl::StatusOr<std::unique_ptr<TableFile>> Open(
      const std::string& path, MappingAdvice advice = MappingAdvice::kPopulate);

  // Validates a table held in memory (tests, fuzzers); the TableFile keeps its own copy. `name`
  // is used in messages.
  static absl::StatusOr<std::unique_ptr<TableFile>> FromBytes(std::string bytes,
                                                              absl::string_view name);

  TableFile(const TableFile&) = delete;
  TableFile& operator=(const TableFile&) = delete;
  ~TableFile();

  const std::string& name() const { return name_; }  // the path, for Open
  uint32_t format_version() const { return kTableFormatVersion; }
  const std::string& puzzle() const { return puzzle_; }
  const std::string& table() const { return table_; }
  const std::string& metadata() const { return metadata_; }
  uint64_t file_size() const { return file_size_; }
  uint64_t header_checksum() const { return header_checksum_; }
  // True when raw sections are served from a file mapping (Open), false for FromBytes and for
  // MappingAdvice::kPrivateHugePages.
  bool mapped() const { return mapping_ != nullptr; }
  // Bytes of raw sections held in private huge-page regions (kPrivateHugePages), else 0.
  uint64_t private_copy_bytes() const;
  // The bytes the kernel backs with huge pages now (reports and tests): of the private copies
  // (kPrivateHugePages), or of the file's mapping, whose page-cache folios may be 2 MB
  // (MappedFile::huge_page_bytes). 0 for FromBytes.
  uint64_t huge_page_bytes() const;
  const std::vector<TableSection>& sections() const { return sections_; }

  // DataLoss("<file>: no section 'x'; the file has a, b") when absent.
  absl::StatusOr<const TableSection*> Section(absl::string_view section_name) const;

  // Section, then checks its layout: DataLoss("<file>: section 'x': bits_per_entry is 4;
  // expected 2") on the first mismatch.
  absl::StatusOr<const TableSection*> SectionWithLayout(absl::string_view section_name,
                                                        uint32_t bits_per_entry,
                                                        uint64_t entry_count) const;

 private:
  TableFile() = default;

  // Validates `bytes` (the mapping or owned_bytes_) and fills every field. With
  // `copy_raw_sections` (kPrivateHugePages) each raw section is first copied into
  // private_copies_, and its checksum and bytes are those of the copy.
  absl::Status Parse(absl::string_view bytes, bool copy_raw_sections);
  absl::Status ParseHeader(absl::string_view bytes);     // fills puzzle_ ... header_checksum_
  absl::Status ParseDirectory(absl::string_view bytes);  // fills sections_ (but bytes)
  // Checksums; fills each section's bytes.
  absl::Status VerifySections(absl::string_view bytes, bool copy_raw_sections);

  std::string name_;
  std::string puzzle_;
  std::string table_;
  std::string metadata_;
  uint64_t file_size_ = 0;
  uint64_t header_checksum_ = 0;
  std::vector<TableSection> sections_;
  std::unique_ptr<MappedFile> mapping_;                          // Open
  std::string owned_bytes_;                                      // FromBytes
  std::vector<std::unique_ptr<uint8_t[]>> decompressed_;         // zstd sections' raw bytes
  std::vector<std::unique_ptr<HugePageRegion>> private_copies_;  // raw sections, copied
};

// XXH3-64 (seed 0) of `bytes`: the checksum the format uses.
uint64_t TableChecksum(absl::string_view bytes);

}  // namespace puzzle

#endif  // PUZZLE_TABLE_FILE_H_
