#include "puzzle/table_file.h"

#include <sys/mman.h>
#include <zstd.h>

#include <algorithm>
#include <cstdlib>
#include <cstring>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"

#define XXH_INLINE_ALL
#include <xxhash.h>

namespace puzzle {
namespace {

// Header field offsets; see TABLE_FORMAT.md.
constexpr size_t kOffMagic = 0;
constexpr size_t kOffVersion = 8;
constexpr size_t kOffSectionCount = 12;
constexpr size_t kOffPuzzle = 16;
constexpr size_t kOffTable = 40;
constexpr size_t kOffMetadataSize = 64;
constexpr size_t kOffReserved32 = 68;
constexpr size_t kOffFileSize = 72;
constexpr size_t kOffReserved64 = 80;
constexpr size_t kOffHeaderChecksum = 88;
static_assert(kOffHeaderChecksum + 8 == kTableHeaderSize, "header layout");
constexpr size_t kNameFieldSize = kMaxTableNameLength + 1;

// Section entry field offsets, relative to the entry.
constexpr size_t kSecName = 0;
constexpr size_t kSecEncoding = 32;
constexpr size_t kSecBitsPerEntry = 36;
constexpr size_t kSecEntryCount = 40;
constexpr size_t kSecRawSize = 48;
constexpr size_t kSecOffset = 56;
constexpr size_t kSecStoredSize = 64;
constexpr size_t kSecChecksum = 72;
constexpr size_t kSecStoredChecksum = 80;
constexpr size_t kSecReserved = 88;
static_assert(kSecReserved + 8 == kTableSectionEntrySize, "section entry layout");
constexpr size_t kSectionNameFieldSize = kMaxSectionNameLength + 1;
// zstd sections start at multiples of this (raw ones at kTableSectionAlignment).
constexpr uint64_t kZstdSectionAlignment = 8;
// The most a zstd frame can expand: 128 KiB (a block's maximum) from 4 bytes (an RLE block).
constexpr uint64_t kMaxZstdExpansion = (128 << 10) / 4;

void PutU32(std::string& out, size_t offset, uint32_t v) {
  for (int i = 0; i < 4; ++i) out[offset + i] = static_cast<char>((v >> (8 * i)) & 0xFF);
}
void PutU64(std::string& out, size_t offset, uint64_t v) {
  for (int i = 0; i < 8; ++i) out[offset + i] = static_cast<char>((v >> (8 * i)) & 0xFF);
}
void PutName(std::string& out, size_t offset, absl::string_view name) {
  std::memcpy(&out[offset], name.data(), name.size());
}
uint32_t GetU32(absl::string_view in, size_t offset) {
  uint32_t v = 0;
  for (int i = 0; i < 4; ++i) {
    v |= static_cast<uint32_t>(static_cast<uint8_t>(in[offset + i])) << (8 * i);
  }
  return v;
}
uint64_t GetU64(absl::string_view in, size_t offset) {
  uint64_t v = 0;
  for (int i = 0; i < 8; ++i) {
    v |= static_cast<uint64_t>(static_cast<uint8_t>(in[offset + i])) << (8 * i);
  }
  return v;
}

uint64_t AlignUp(uint64_t value, uint64_t alignment) {
  return (value + alignment - 1) / alignment * alignment;
}

bool IsNameChar(char c, bool section) {
  return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' ||
         (section && (c == '_' || c == '.'));
}

// The name in a NUL-padded field, or an error saying what is wrong with it.
absl::StatusOr<std::string> GetName(absl::string_view field, bool section) {
  const size_t end = field.find('\0');
  const absl::string_view name = field.substr(0, end);
  if (name.empty() || end == absl::string_view::npos) {
    return absl::DataLossError("is empty or not NUL-terminated");
  }
  for (size_t i = 0; i < name.size(); ++i) {
    if (!IsNameChar(name[i], section)) {
      return absl::DataLossError(absl::StrFormat("has byte 0x%02x at index %d; expected %s",
                                                 name[i], i,
                                                 section ? "[a-z0-9_.-]" : "[a-z0-9-]"));
    }
  }
  for (size_t i = end; i < field.size(); ++i) {
    if (field[i] != '\0') return absl::DataLossError("has bytes after its terminating NUL");
  }
  return std::string(name);
}

uint64_t Checksum(const void* data, size_t size) { return XXH3_64bits(data, size); }

}  // namespace

std::string SectionEncodingName(SectionEncoding encoding) {
  switch (encoding) {
    case SectionEncoding::kRaw:
      return "raw";
    case SectionEncoding::kZstd:
      return "zstd";
  }
  return absl::StrCat("unknown(", static_cast<uint32_t>(encoding), ")");
}

uint64_t SectionRawSize(uint64_t entry_count, uint32_t bits_per_entry) {
  // entry_count * bits can overflow for absurd counts; callers bound entry_count first.
  return (entry_count / 8) * bits_per_entry + ((entry_count % 8) * bits_per_entry + 7) / 8;
}

uint64_t TableChecksum(absl::string_view bytes) { return Checksum(bytes.data(), bytes.size()); }

std::string EncodeTableFile(const TableContents& contents, int zstd_level) {
  const size_t count = contents.sections.size();
  std::string head(kTableHeaderSize + count * kTableSectionEntrySize, '\0');
  std::memcpy(&head[kOffMagic], kTableMagic, sizeof(kTableMagic));
  PutU32(head, kOffVersion, kTableFormatVersion);
  PutU32(head, kOffSectionCount, static_cast<uint32_t>(count));
  PutName(head, kOffPuzzle, contents.puzzle);
  PutName(head, kOffTable, contents.table);
  PutU32(head, kOffMetadataSize, static_cast<uint32_t>(contents.metadata.size()));

  // Stored bytes of each section, then their offsets.
  std::vector<std::string> compressed(count);
  uint64_t offset = head.size() + contents.metadata.size();
  std::vector<uint64_t> offsets(count);
  for (size_t i = 0; i < count; ++i) {
    const TableSectionContents& section = contents.sections[i];
    uint64_t stored = section.bytes.size();
    if (section.encoding == SectionEncoding::kZstd) {
      const size_t bound = ZSTD_compressBound(section.bytes.size());
      compressed[i].resize(bound);
      // Single-threaded ZSTD_compress at a fixed level is deterministic for a zstd version.
      const size_t n = ZSTD_compress(compressed[i].data(), bound, section.bytes.data(),
                                     section.bytes.size(), zstd_level);
      if (ZSTD_isError(n)) std::abort();  // the bound suffices by zstd's contract
      compressed[i].resize(n);
      stored = n;
      offset = AlignUp(offset, kZstdSectionAlignment);
    } else {
      offset = AlignUp(offset, kTableSectionAlignment);
    }
    offsets[i] = offset;
    const size_t entry = kTableHeaderSize + i * kTableSectionEntrySize;
    PutName(head, entry + kSecName, section.name);
    PutU32(head, entry + kSecEncoding, static_cast<uint32_t>(section.encoding));
    PutU32(head, entry + kSecBitsPerEntry, section.bits_per_entry);
    PutU64(head, entry + kSecEntryCount, section.entry_count);
    PutU64(head, entry + kSecRawSize, section.bytes.size());
    PutU64(head, entry + kSecOffset, offset);
    PutU64(head, entry + kSecStoredSize, stored);
    const uint64_t raw_checksum = Checksum(section.bytes.data(), section.bytes.size());
    PutU64(head, entry + kSecChecksum, raw_checksum);
    PutU64(
        head, entry + kSecStoredChecksum,
        section.encoding == SectionEncoding::kZstd ? TableChecksum(compressed[i]) : raw_checksum);
    offset += stored;
  }
  PutU64(head, kOffFileSize, offset);
  // The header checksum covers bytes [0, 88), the directory and the metadata.
  std::string covered = head;
  covered.erase(kOffHeaderChecksum, 8);
  covered += contents.metadata;
  PutU64(head, kOffHeaderChecksum, TableChecksum(covered));

  std::string out;
  out.reserve(offset);
  out += head;
  out += contents.metadata;
  for (size_t i = 0; i < count; ++i) {
    out.resize(offsets[i], '\0');  // zero padding up to the section's alignment
    if (contents.sections[i].encoding == SectionEncoding::kZstd) {
      out += compressed[i];
    } else {
      out.append(reinterpret_cast<const char*>(contents.sections[i].bytes.data()),
                 contents.sections[i].bytes.size());
    }
  }
  return out;
}

absl::string_view MappingAdviceName(MappingAdvice advice) {
  switch (advice) {
    case MappingAdvice::kNone:
      return "none";
    case MappingAdvice::kSequential:
      return "sequential";
    case MappingAdvice::kWillNeed:
      return "willneed";
    case MappingAdvice::kPopulate:
      return "populate";
    case MappingAdvice::kPrivateHugePages:
      return "private_huge_pages";
  }
  return "?";
}

absl::StatusOr<MappingAdvice> ParseMappingAdvice(absl::string_view name) {
  std::vector<std::string> names;
  for (int i = 0; i < kMappingAdviceCount; ++i) {
    const auto advice = static_cast<MappingAdvice>(i);
    if (name == MappingAdviceName(advice)) return advice;
    names.emplace_back(MappingAdviceName(advice));
  }
  const std::string last = names.back();
  names.pop_back();
  return absl::InvalidArgumentError(
      absl::StrCat("'", name, "'; expected ", absl::StrJoin(names, ", "), " or ", last));
}

absl::StatusOr<std::unique_ptr<TableFile>> TableFile::Open(const std::string& path,
                                                           MappingAdvice advice) {
  // A private copy reads the whole file once: populated first, as for kPopulate (with
  // MADV_SEQUENTIAL instead, a cold 63 MB file took 2.2 s of page-by-page faults to copy).
  absl::StatusOr<std::unique_ptr<MappedFile>> mapping = MappedFile::Open(
      path, advice == MappingAdvice::kPopulate || advice == MappingAdvice::kPrivateHugePages);
  if (!mapping.ok()) return mapping.status();
  std::unique_ptr<TableFile> table(new TableFile());
  table->name_ = path;
  table->mapping_ = *std::move(mapping);
  if (advice == MappingAdvice::kSequential) table->mapping_->Advise(MADV_SEQUENTIAL);
  if (advice == MappingAdvice::kWillNeed) table->mapping_->Advise(MADV_WILLNEED);
  const bool copy_raw_sections = advice == MappingAdvice::kPrivateHugePages;
  const absl::Status status = table->Parse(table->mapping_->contents(), copy_raw_sections);
  if (!status.ok()) return status;
  if (copy_raw_sections) {
    // Every section now lives in memory the TableFile owns (the header fields are copies too).
    table->mapping_.reset();
    return table;
  }
  // Probing is random access: readahead around a faulting page would only waste memory. (A fault
  // still reads a whole folio, 2 MB where MappedFile::Open's MADV_HUGEPAGE took effect.)
  if (advice != MappingAdvice::kNone) table->mapping_->Advise(MADV_RANDOM);
  return table;
}

absl::StatusOr<std::unique_ptr<TableFile>> TableFile::FromBytes(std::string bytes,
                                                                absl::string_view name) {
  std::unique_ptr<TableFile> table(new TableFile());
  table->name_ = std::string(name);
  table->owned_bytes_ = std::move(bytes);
  const absl::Status status = table->Parse(table->owned_bytes_, /*copy_raw_sections=*/false);
  if (!status.ok()) return status;
  return table;
}

TableFile::~TableFile() = default;

// Validates in three stages (TABLE_FORMAT.md, "Validation on load"): the header (up to and
// including its checksum, which covers the directory and the metadata), the directory (every
// section's fields, extent and padding), then every section's bytes against its checksums.
absl::Status TableFile::Parse(absl::string_view bytes, bool copy_raw_sections) {
  absl::Status status = ParseHeader(bytes);
  if (status.ok()) status = ParseDirectory(bytes);
  if (status.ok()) status = VerifySections(bytes, copy_raw_sections);
  return status;
}

absl::Status TableFile::ParseHeader(absl::string_view bytes) {
  auto corrupt = [&](auto&&... parts) {
    return absl::DataLossError(absl::StrCat(name_, ": ", parts...));
  };
  if (bytes.empty()) {
    return corrupt("empty file; expected a puzzle table (", kTableHeaderSize,
                   "-byte header, then sections)");
  }
  if (bytes.size() < kTableHeaderSize) {
    return corrupt("truncated header: file is ", bytes.size(), " bytes; the header alone is ",
                   kTableHeaderSize);
  }
  if (std::memcmp(bytes.data() + kOffMagic, kTableMagic, sizeof(kTableMagic)) != 0) {
    return corrupt("bad magic at offset 0; not a puzzle table file (expected \"PZTABLE\\n\")");
  }
  const uint32_t version = GetU32(bytes, kOffVersion);
  if (version != kTableFormatVersion) {
    return corrupt("format_version ", version, " at offset ", kOffVersion, "; this build reads ",
                   "version ", kTableFormatVersion,
                   version < kTableFormatVersion
                       ? ". Regenerate the table: bazel build //data:tables (or run "
                         "//generator:table_generator)"
                       : "");
  }
  const uint32_t count = GetU32(bytes, kOffSectionCount);
  if (count == 0 || count > kMaxTableSections) {
    return corrupt("section_count ", count, " at offset ", kOffSectionCount, "; expected 1..",
                   kMaxTableSections);
  }
  const uint32_t metadata_size = GetU32(bytes, kOffMetadataSize);
  if (metadata_size > kMaxTableMetadataSize) {
    return corrupt("metadata_size ", metadata_size, " at offset ", kOffMetadataSize,
                   " exceeds the maximum ", kMaxTableMetadataSize);
  }
  const uint64_t head_size = kTableHeaderSize + uint64_t{count} * kTableSectionEntrySize;
  if (bytes.size() < head_size + metadata_size) {
    return corrupt("truncated header: file is ", bytes.size(), " bytes; the header, ", count,
                   " section entries and the metadata need ", head_size + metadata_size);
  }
  std::string covered(bytes.substr(0, kOffHeaderChecksum));
  const absl::string_view rest =
      bytes.substr(kTableHeaderSize, head_size - kTableHeaderSize + metadata_size);
  covered.append(rest.data(), rest.size());
  const uint64_t stored_header_checksum = GetU64(bytes, kOffHeaderChecksum);
  header_checksum_ = TableChecksum(covered);
  if (header_checksum_ != stored_header_checksum) {
    return corrupt(absl::StrFormat(
        "header checksum mismatch (offset %d): stored %016x, computed %016x; the header, the "
        "section directory or the metadata is corrupt",
        kOffHeaderChecksum, stored_header_checksum, header_checksum_));
  }
  // From here on the header is as the generator wrote it; the checks below catch a generator
  // bug or a crafted file, not random corruption.
  absl::StatusOr<std::string> puzzle = GetName(bytes.substr(kOffPuzzle, kNameFieldSize), false);
  if (!puzzle.ok())
    return corrupt("puzzle name at offset ", kOffPuzzle, " ", puzzle.status().message());
  absl::StatusOr<std::string> table = GetName(bytes.substr(kOffTable, kNameFieldSize), false);
  if (!table.ok())
    return corrupt("table name at offset ", kOffTable, " ", table.status().message());
  puzzle_ = *std::move(puzzle);
  table_ = *std::move(table);
  if (GetU32(bytes, kOffReserved32) != 0 || GetU64(bytes, kOffReserved64) != 0) {
    return corrupt("reserved header fields at offsets ", kOffReserved32, " and ", kOffReserved64,
                   " are not zero");
  }
  metadata_ = std::string(bytes.substr(head_size, metadata_size));
  file_size_ = GetU64(bytes, kOffFileSize);
  if (file_size_ != bytes.size()) {
    return corrupt(file_size_ > bytes.size() ? "truncated file" : "trailing bytes",
                   ": file_size at offset ", kOffFileSize, " says ", file_size_,
                   " bytes, the file has ", bytes.size());
  }
  return absl::OkStatus();
}

absl::Status TableFile::ParseDirectory(absl::string_view bytes) {
  auto corrupt = [&](auto&&... parts) {
    return absl::DataLossError(absl::StrCat(name_, ": ", parts...));
  };
  const uint32_t count = GetU32(bytes, kOffSectionCount);
  const uint64_t head_size = kTableHeaderSize + uint64_t{count} * kTableSectionEntrySize;
  // The directory: every section in order, aligned, inside the file, zero padding between.
  uint64_t end_of_previous = head_size + metadata_.size();
  sections_.clear();
  sections_.reserve(count);
  for (uint32_t i = 0; i < count; ++i) {
    const size_t entry = kTableHeaderSize + i * kTableSectionEntrySize;
    TableSection section;
    absl::StatusOr<std::string> name =
        GetName(bytes.substr(entry + kSecName, kSectionNameFieldSize), true);
    if (!name.ok()) {
      return corrupt("section ", i, " name at offset ", entry + kSecName, " ",
                     name.status().message());
    }
    section.name = *std::move(name);
    for (const TableSection& earlier : sections_) {
      if (earlier.name == section.name)
        return corrupt("section name '", section.name, "' appears twice");
    }
    auto bad = [&](size_t field, auto&&... parts) {
      return corrupt("section '", section.name, "' (entry at offset ", entry, "): ", parts...,
                     " (field at offset ", entry + field, ")");
    };
    section.encoding = static_cast<SectionEncoding>(GetU32(bytes, entry + kSecEncoding));
    if (section.encoding != SectionEncoding::kRaw && section.encoding != SectionEncoding::kZstd) {
      return bad(kSecEncoding, "encoding ", static_cast<uint32_t>(section.encoding),
                 "; expected 0 (raw) or 1 (zstd)");
    }
    section.bits_per_entry = GetU32(bytes, entry + kSecBitsPerEntry);
    if (section.bits_per_entry == 0 || section.bits_per_entry > 64) {
      return bad(kSecBitsPerEntry, "bits_per_entry ", section.bits_per_entry, "; expected 1..64");
    }
    section.entry_count = GetU64(bytes, entry + kSecEntryCount);
    const uint64_t raw_size = GetU64(bytes, entry + kSecRawSize);
    if (raw_size > kMaxSectionRawSize || section.entry_count > kMaxSectionRawSize * 8) {
      return bad(kSecRawSize, "raw_size ", raw_size, " exceeds the maximum ", kMaxSectionRawSize);
    }
    const uint64_t expected_raw = SectionRawSize(section.entry_count, section.bits_per_entry);
    if (raw_size != expected_raw) {
      return bad(kSecRawSize, "raw_size ", raw_size, " does not match ", section.entry_count,
                 " entries of ", section.bits_per_entry, " bits (expected ", expected_raw, ")");
    }
    section.offset = GetU64(bytes, entry + kSecOffset);
    section.stored_size = GetU64(bytes, entry + kSecStoredSize);
    const uint64_t alignment =
        section.encoding == SectionEncoding::kRaw ? kTableSectionAlignment : kZstdSectionAlignment;
    if (section.offset % alignment != 0 || section.offset < end_of_previous) {
      return bad(kSecOffset, "offset ", section.offset, "; expected a multiple of ", alignment,
                 " at or after ", end_of_previous, " (the end of what precedes it)");
    }
    if (section.encoding == SectionEncoding::kRaw && section.stored_size != raw_size) {
      return bad(kSecStoredSize, "stored_size ", section.stored_size,
                 " of a raw section differs from raw_size ", raw_size);
    }
    if (section.stored_size > file_size_ || section.offset > file_size_ - section.stored_size) {
      return bad(kSecStoredSize, "bytes [", section.offset, ", +", section.stored_size,
                 ") extend past the end of the file (", file_size_, " bytes)");
    }
    for (uint64_t p = end_of_previous; p < section.offset; ++p) {
      if (bytes[p] != '\0') {
        return corrupt("padding byte at offset ", p, " before section '", section.name,
                       "' is not zero");
      }
    }
    if (GetU64(bytes, entry + kSecReserved) != 0) {
      return bad(kSecReserved, "reserved field is not zero");
    }
    section.checksum = GetU64(bytes, entry + kSecChecksum);
    end_of_previous = section.offset + section.stored_size;
    sections_.push_back(std::move(section));
  }
  if (end_of_previous != file_size_) {
    return corrupt("trailing bytes: the last section ends at ", end_of_previous, ", the file at ",
                   file_size_);
  }

  return absl::OkStatus();
}

absl::Status TableFile::VerifySections(absl::string_view bytes, bool copy_raw_sections) {
  auto corrupt = [&](auto&&... parts) {
    return absl::DataLossError(absl::StrCat(name_, ": ", parts...));
  };
  const uint32_t count = static_cast<uint32_t>(sections_.size());
  // The contents: a streaming XXH3 pass over each section's stored bytes.
  for (uint32_t i = 0; i < count; ++i) {
    TableSection& section = sections_[i];
    const size_t entry = kTableHeaderSize + i * kTableSectionEntrySize;
    absl::string_view stored = bytes.substr(section.offset, section.stored_size);
    if (copy_raw_sections && section.encoding == SectionEncoding::kRaw) {
      // Copied first and checksummed over the copy: the bytes verified are the bytes served,
      // whatever happens to the file afterwards.
      absl::StatusOr<std::unique_ptr<HugePageRegion>> copy = HugePageRegion::Allocate(
          stored.size(), absl::StrCat(name_, ": section '", section.name, "'"));
      if (!copy.ok()) return copy.status();
      if (!stored.empty()) std::memcpy((*copy)->data(), stored.data(), stored.size());
      (*copy)->Seal();
      stored = (*copy)->view();
      private_copies_.push_back(*std::move(copy));
    }
    // Checked before decompression: zstd ignores some bits (e.g. of the window descriptor), so a
    // flipped bit could otherwise decompress to the right bytes and go unnoticed.
    const uint64_t stored_checksum = GetU64(bytes, entry + kSecStoredChecksum);
    const uint64_t computed = TableChecksum(stored);
    if (computed != stored_checksum) {
      return corrupt(absl::StrFormat(
          "section '%s': checksum mismatch: its entry (offset %d) says %016x, the %d bytes at "
          "offset %d hash to %016x",
          section.name, entry + kSecStoredChecksum, stored_checksum, stored.size(), section.offset,
          computed));
    }
    const uint64_t raw_size = SectionRawSize(section.entry_count, section.bits_per_entry);
    if (section.encoding == SectionEncoding::kRaw) {
      if (stored_checksum != section.checksum) {
        return corrupt("section '", section.name, "': its two checksums differ (offsets ",
                       entry + kSecChecksum, " and ", entry + kSecStoredChecksum,
                       "); a raw section's must be equal");
      }
      section.bytes = stored;
      continue;
    }
    const unsigned long long content_size = ZSTD_getFrameContentSize(stored.data(), stored.size());
    if (content_size == ZSTD_CONTENTSIZE_ERROR || content_size == ZSTD_CONTENTSIZE_UNKNOWN) {
      return corrupt("section '", section.name, "' at offset ", section.offset,
                     " is not a zstd frame with a known size");
    }
    if (content_size != raw_size) {
      return corrupt("section '", section.name, "': zstd frame declares ", content_size,
                     " bytes; raw_size is ", raw_size);
    }
    // Bounded before anything is allocated: a zstd block yields at most 128 KiB from at least 4
    // bytes, so a frame cannot hold more than 32768 times its size. The sizes above are the
    // file's own words; without this a few hundred bytes could ask for gigabytes.
    if (raw_size > (section.stored_size + 1) * kMaxZstdExpansion) {
      return corrupt("section '", section.name, "': zstd frame of ", section.stored_size,
                     " bytes cannot hold the ", raw_size, " bytes it declares");
    }
    std::unique_ptr<uint8_t[]> raw(new uint8_t[std::max<uint64_t>(raw_size, 1)]);
    const size_t n = ZSTD_decompress(raw.get(), raw_size, stored.data(), stored.size());
    if (ZSTD_isError(n) || n != raw_size) {
      return corrupt("section '", section.name, "' at offset ", section.offset,
                     " does not decompress to ", raw_size, " bytes",
                     ZSTD_isError(n) ? absl::StrCat(": ", ZSTD_getErrorName(n)) : "");
    }
    const uint64_t raw_checksum = Checksum(raw.get(), raw_size);
    if (raw_checksum != section.checksum) {
      return corrupt(absl::StrFormat(
          "section '%s': decompressed bytes hash to %016x; its entry (offset %d) says %016x",
          section.name, raw_checksum, entry + kSecChecksum, section.checksum));
    }
    section.bytes = absl::string_view(reinterpret_cast<const char*>(raw.get()), raw_size);
    decompressed_.push_back(std::move(raw));
  }
  return absl::OkStatus();
}

uint64_t TableFile::private_copy_bytes() const {
  uint64_t total = 0;
  for (const std::unique_ptr<HugePageRegion>& copy : private_copies_) total += copy->size();
  return total;
}

uint64_t TableFile::huge_page_bytes() const {
  if (mapping_ != nullptr) return mapping_->huge_page_bytes();
  uint64_t total = 0;
  for (const std::unique_ptr<HugePageRegion>& copy : private_copies_) {
    total += copy->huge_page_bytes();
  }
  return total;
}

absl::StatusOr<const TableSection*> TableFile::Section(absl::string_view section_name) const {
  for (const TableSection& section : sections_) {
    if (section.name == section_name) return &section;
  }
  std::vector<std::string> names;
  for (const TableSection& section : sections_) names.push_back(section.name);
  return absl::DataLossError(absl::StrCat(name_, ": no section '", section_name,
                                          "'; the file (puzzle ", puzzle_, ", table ", table_,
                                          ") has ", absl::StrJoin(names, ", ")));
}

absl::StatusOr<const TableSection*> TableFile::SectionWithLayout(absl::string_view section_name,
                                                                 uint32_t bits_per_entry,
                                                                 uint64_t entry_count) const {
  absl::StatusOr<const TableSection*> section = Section(section_name);
  if (!section.ok()) return section.status();
  auto mismatch = [&](absl::string_view field, uint64_t got, uint64_t want) {
    return absl::DataLossError(absl::StrCat(name_, ": section '", section_name, "': ", field,
                                            " is ", got, "; expected ", want));
  };
  if ((*section)->bits_per_entry != bits_per_entry) {
    return mismatch("bits_per_entry", (*section)->bits_per_entry, bits_per_entry);
  }
  if ((*section)->entry_count != entry_count) {
    return mismatch("entry_count", (*section)->entry_count, entry_count);
  }
  return section;
}

}  // namespace puzzle
