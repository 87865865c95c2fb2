#include "puzzle/table_file.h"

#include <zstd.h>

#include <cstring>

#define XXH_INLINE_ALL
#include <xxhash.h>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "puzzle/mapped_file.h"

namespace puzzle {
namespace {

// Header field offsets; see TABLE_FORMAT.md.
constexpr size_t kOffMagic = 0;
constexpr size_t kOffVersion = 8;
constexpr size_t kOffKind = 12;
constexpr size_t kOffBitsPerEntry = 16;
constexpr size_t kOffLayoutA = 20;
constexpr size_t kOffLayoutB = 24;
constexpr size_t kOffMetadataSize = 28;
constexpr size_t kOffEntryCount = 32;
constexpr size_t kOffRawSize = 40;
constexpr size_t kOffCompressedSize = 48;
constexpr size_t kOffPayloadChecksum = 56;
constexpr size_t kOffBodyChecksum = 64;
constexpr size_t kOffHeaderChecksum = 72;
static_assert(kOffHeaderChecksum + 8 == kTableHeaderSize, "header layout");

void PutU32(std::string& out, size_t offset, uint32_t v) {
  for (int i = 0; i < 4; ++i) out[offset + i] = static_cast<char>((v >> (8 * i)) & 0xFF);
}
void PutU64(std::string& out, size_t offset, uint64_t v) {
  for (int i = 0; i < 8; ++i) out[offset + i] = static_cast<char>((v >> (8 * i)) & 0xFF);
}
uint32_t GetU32(absl::string_view in, size_t offset) {
  uint32_t v = 0;
  for (int i = 0; i < 4; ++i) v |= static_cast<uint32_t>(static_cast<uint8_t>(in[offset + i])) << (8 * i);
  return v;
}
uint64_t GetU64(absl::string_view in, size_t offset) {
  uint64_t v = 0;
  for (int i = 0; i < 8; ++i) v |= static_cast<uint64_t>(static_cast<uint8_t>(in[offset + i])) << (8 * i);
  return v;
}

uint64_t PayloadBytes(uint64_t entry_count, uint32_t bits_per_entry) {
  return (entry_count * bits_per_entry + 7) / 8;
}

}  // namespace

std::string PuzzleKindName(PuzzleKind kind) {
  switch (kind) {
    case PuzzleKind::kEight: return "eight";
    case PuzzleKind::kRotationGame: return "rotation-game";
  }
  return absl::StrCat("unknown(", static_cast<uint32_t>(kind), ")");
}

uint64_t TableChecksum(absl::string_view bytes) { return XXH3_64bits(bytes.data(), bytes.size()); }

std::string EncodeTableFile(const TableFile& table, int zstd_level) {
  const size_t bound = ZSTD_compressBound(table.payload.size());
  std::string body(bound, '\0');
  // Single-threaded ZSTD_compress with a fixed level is deterministic for a given zstd version.
  const size_t compressed = ZSTD_compress(body.data(), bound, table.payload.data(),
                                          table.payload.size(), zstd_level);
  // The bound is sufficient by zstd's contract, so failure here is a programming error.
  if (ZSTD_isError(compressed)) std::abort();
  body.resize(compressed);

  std::string out(kTableHeaderSize, '\0');
  std::memcpy(&out[kOffMagic], kTableMagic, sizeof(kTableMagic));
  PutU32(out, kOffVersion, table.format_version);
  PutU32(out, kOffKind, static_cast<uint32_t>(table.kind));
  PutU32(out, kOffBitsPerEntry, table.bits_per_entry);
  PutU32(out, kOffLayoutA, table.layout_a);
  PutU32(out, kOffLayoutB, table.layout_b);
  PutU32(out, kOffMetadataSize, static_cast<uint32_t>(table.metadata.size()));
  PutU64(out, kOffEntryCount, table.entry_count);
  PutU64(out, kOffRawSize, table.payload.size());
  PutU64(out, kOffCompressedSize, body.size());
  PutU64(out, kOffPayloadChecksum,
         TableChecksum(absl::string_view(reinterpret_cast<const char*>(table.payload.data()),
                                         table.payload.size())));
  PutU64(out, kOffBodyChecksum, TableChecksum(body));
  // The header checksum covers bytes [0, 72) and the metadata.
  PutU64(out, kOffHeaderChecksum,
         TableChecksum(absl::StrCat(absl::string_view(out).substr(0, kOffHeaderChecksum),
                                    table.metadata)));
  out += table.metadata;
  out += body;
  return out;
}

absl::StatusOr<TableFile> DecodeTableFile(absl::string_view bytes, absl::string_view name) {
  auto corrupt = [&](auto&&... parts) {
    return absl::DataLossError(absl::StrCat(name, ": ", parts...));
  };
  if (bytes.empty()) return corrupt("empty file; expected a puzzle table (", kTableHeaderSize, "-byte header, then data)");
  if (bytes.size() < kTableHeaderSize) {
    return corrupt("truncated header: file is ", bytes.size(), " bytes; the header alone is ",
                   kTableHeaderSize);
  }
  if (std::memcmp(bytes.data() + kOffMagic, kTableMagic, sizeof(kTableMagic)) != 0) {
    return corrupt("bad magic at offset 0; not a puzzle table file (expected \"PZTABLE\\n\")");
  }
  TableFile table;
  table.format_version = GetU32(bytes, kOffVersion);
  if (table.format_version != kTableFormatVersion) {
    return corrupt("unsupported format_version ", table.format_version, " at offset ",
                   kOffVersion, "; this build reads version ", kTableFormatVersion);
  }
  const uint32_t metadata_size = GetU32(bytes, kOffMetadataSize);
  if (metadata_size > kMaxTableMetadataSize) {
    return corrupt("metadata_size ", metadata_size, " at offset ", kOffMetadataSize,
                   " exceeds the maximum ", kMaxTableMetadataSize);
  }
  if (bytes.size() < kTableHeaderSize + metadata_size) {
    return corrupt("truncated metadata: file is ", bytes.size(), " bytes; header and metadata need ",
                   kTableHeaderSize + metadata_size);
  }
  const absl::string_view metadata = bytes.substr(kTableHeaderSize, metadata_size);
  const uint64_t stored_header_checksum = GetU64(bytes, kOffHeaderChecksum);
  const uint64_t header_checksum =
      TableChecksum(absl::StrCat(bytes.substr(0, kOffHeaderChecksum), metadata));
  if (header_checksum != stored_header_checksum) {
    return corrupt(absl::StrFormat(
        "header checksum mismatch (offset %d): stored %016x, computed %016x; the header is corrupt",
        kOffHeaderChecksum, stored_header_checksum, header_checksum));
  }
  table.kind = static_cast<PuzzleKind>(GetU32(bytes, kOffKind));
  table.bits_per_entry = GetU32(bytes, kOffBitsPerEntry);
  table.layout_a = GetU32(bytes, kOffLayoutA);
  table.layout_b = GetU32(bytes, kOffLayoutB);
  table.entry_count = GetU64(bytes, kOffEntryCount);
  const uint64_t raw_size = GetU64(bytes, kOffRawSize);
  table.compressed_size = GetU64(bytes, kOffCompressedSize);
  table.payload_checksum = GetU64(bytes, kOffPayloadChecksum);
  table.metadata = std::string(metadata);

  if (table.bits_per_entry == 0 || table.bits_per_entry > 64) {
    return corrupt("bits_per_entry ", table.bits_per_entry, " at offset ", kOffBitsPerEntry,
                   "; expected 1..64");
  }
  if (raw_size > kMaxTableRawSize || table.entry_count > kMaxTableRawSize * 8) {
    return corrupt("raw_size ", raw_size, " at offset ", kOffRawSize, " exceeds the maximum ",
                   kMaxTableRawSize);
  }
  if (raw_size != PayloadBytes(table.entry_count, table.bits_per_entry)) {
    return corrupt("raw_size ", raw_size, " at offset ", kOffRawSize, " does not match ",
                   table.entry_count, " entries of ", table.bits_per_entry, " bits (expected ",
                   PayloadBytes(table.entry_count, table.bits_per_entry), ")");
  }
  const uint64_t body_offset = kTableHeaderSize + metadata_size;
  const uint64_t body_size = bytes.size() - body_offset;
  if (body_size != table.compressed_size) {
    return corrupt(body_size < table.compressed_size ? "truncated body" : "trailing bytes after body",
                   ": compressed_size at offset ", kOffCompressedSize, " says ",
                   table.compressed_size, " bytes, file has ", body_size,
                   " after the header and metadata");
  }
  const absl::string_view body = bytes.substr(body_offset);
  // Checked before decompression: zstd ignores some bits (e.g. of the window descriptor), so a
  // flipped body bit could otherwise decompress to the right payload and go unnoticed.
  const uint64_t stored_body_checksum = GetU64(bytes, kOffBodyChecksum);
  const uint64_t body_checksum = TableChecksum(body);
  if (body_checksum != stored_body_checksum) {
    return corrupt(absl::StrFormat(
        "body checksum mismatch: header (offset %d) says %016x, the %d compressed bytes at offset "
        "%d hash to %016x",
        kOffBodyChecksum, stored_body_checksum, body.size(), body_offset, body_checksum));
  }
  const unsigned long long content_size = ZSTD_getFrameContentSize(body.data(), body.size());
  if (content_size == ZSTD_CONTENTSIZE_ERROR || content_size == ZSTD_CONTENTSIZE_UNKNOWN) {
    return corrupt("body at offset ", body_offset, " is not a zstd frame with a known size");
  }
  if (content_size != raw_size) {
    return corrupt("zstd frame declares ", content_size, " bytes; header raw_size is ", raw_size);
  }
  table.payload.resize(raw_size);
  const size_t decompressed =
      ZSTD_decompress(table.payload.data(), table.payload.size(), body.data(), body.size());
  if (ZSTD_isError(decompressed)) {
    return corrupt("body at offset ", body_offset, " does not decompress: ",
                   ZSTD_getErrorName(decompressed));
  }
  if (decompressed != raw_size) {
    return corrupt("body decompressed to ", decompressed, " bytes; expected ", raw_size);
  }
  const uint64_t payload_checksum = TableChecksum(absl::string_view(
      reinterpret_cast<const char*>(table.payload.data()), table.payload.size()));
  if (payload_checksum != table.payload_checksum) {
    return corrupt(absl::StrFormat(
        "payload checksum mismatch: header (offset %d) says %016x, payload hashes to %016x",
        kOffPayloadChecksum, table.payload_checksum, payload_checksum));
  }
  return table;
}

absl::Status CheckTableLayout(const TableFile& file, const TableLayout& expected,
                              absl::string_view name) {
  if (file.kind != expected.kind) {
    return absl::DataLossError(absl::StrCat(name, ": puzzle kind is ", PuzzleKindName(file.kind),
                                            "; expected ", PuzzleKindName(expected.kind)));
  }
  auto mismatch = [&](absl::string_view field, uint64_t got, uint64_t want) {
    return absl::DataLossError(absl::StrCat(name, ": ", field, " is ", got, "; ",
                                            PuzzleKindName(expected.kind), " tables have ", want));
  };
  if (file.bits_per_entry != expected.bits_per_entry) {
    return mismatch("bits_per_entry", file.bits_per_entry, expected.bits_per_entry);
  }
  if (file.layout_a != expected.layout_a) {
    return mismatch(absl::StrCat("layout_a (", expected.layout_a_name, ")"), file.layout_a,
                    expected.layout_a);
  }
  if (file.layout_b != expected.layout_b) {
    return mismatch(absl::StrCat("layout_b (", expected.layout_b_name, ")"), file.layout_b,
                    expected.layout_b);
  }
  if (file.entry_count != expected.entry_count) {
    return mismatch("entry_count", file.entry_count, expected.entry_count);
  }
  const uint64_t bytes = PayloadBytes(expected.entry_count, expected.bits_per_entry);
  if (file.payload.size() != bytes) return mismatch("payload size", file.payload.size(), bytes);
  return absl::OkStatus();
}

TableFile MakeTableFile(const TableLayout& expected, std::vector<uint8_t> payload,
                        std::string metadata) {
  TableFile file;
  file.kind = expected.kind;
  file.bits_per_entry = expected.bits_per_entry;
  file.layout_a = expected.layout_a;
  file.layout_b = expected.layout_b;
  file.entry_count = expected.entry_count;
  file.metadata = std::move(metadata);
  file.payload = std::move(payload);
  file.payload_checksum = TableChecksum(absl::string_view(
      reinterpret_cast<const char*>(file.payload.data()), file.payload.size()));
  return file;
}

absl::StatusOr<TableFile> LoadTableFile(const std::string& path) {
  absl::StatusOr<std::unique_ptr<MappedFile>> file = MappedFile::Open(path);
  if (!file.ok()) return file.status();
  return DecodeTableFile((*file)->contents(), path);
}

}  // namespace puzzle
