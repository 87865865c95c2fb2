#include "puzzle/table_file.h"

#include <sys/stat.h>
#include <unistd.h>

#include <cstdlib>
#include <string>

#include "absl/strings/str_cat.h"
#include "absl/time/clock.h"
#include "gtest/gtest.h"
#include "puzzle/atomic_file.h"

namespace puzzle {
namespace {

std::vector<uint8_t> Pattern(size_t size, int multiplier) {
  std::vector<uint8_t> bytes(size);
  for (size_t i = 0; i < size; ++i) bytes[i] = static_cast<uint8_t>(i * multiplier % 251);
  return bytes;
}

// Two sections: a raw one (served in place) and a zstd one (decompressed at load).
TableContents SampleContents() {
  TableContents c;
  c.puzzle = "eight";
  c.table = "sample";
  c.metadata = "generator=test";
  TableSectionContents raw;
  raw.name = "moves";
  raw.encoding = SectionEncoding::kRaw;
  raw.bits_per_entry = 2;
  raw.entry_count = 3000;
  raw.bytes = Pattern(750, 37);
  TableSectionContents packed;
  packed.name = "distances_4bit";
  packed.encoding = SectionEncoding::kZstd;
  packed.bits_per_entry = 4;
  packed.entry_count = 4999;
  packed.bytes = Pattern(2500, 3);
  c.sections.push_back(std::move(raw));
  c.sections.push_back(std::move(packed));
  return c;
}

std::string TempPath(absl::string_view name) {
  return absl::StrCat(std::getenv("TEST_TMPDIR"), "/", name);
}

void ExpectDataLoss(const std::string& bytes, const std::string& needle) {
  absl::StatusOr<std::unique_ptr<TableFile>> t = TableFile::FromBytes(bytes, "t.tbl");
  ASSERT_FALSE(t.ok()) << "accepted a corrupt table; expected: " << needle;
  EXPECT_EQ(t.status().code(), absl::StatusCode::kDataLoss) << t.status();
  EXPECT_NE(t.status().message().find(needle), std::string::npos) << t.status();
  EXPECT_EQ(t.status().message().substr(0, 7), "t.tbl: ") << t.status();
}

void PutU64(std::string& bytes, size_t offset, uint64_t v) {
  for (int i = 0; i < 8; ++i) bytes[offset + i] = static_cast<char>((v >> (8 * i)) & 0xFF);
}

// Recomputes the header checksum after a deliberate edit, so that only the deeper checks can
// catch the edit.
void FixHeaderChecksum(std::string& bytes, size_t sections, size_t metadata_size) {
  std::string covered = bytes.substr(0, 88);
  covered += bytes.substr(kTableHeaderSize, sections * kTableSectionEntrySize + metadata_size);
  PutU64(bytes, 88, TableChecksum(covered));
}

TEST(TableFileTest, RoundTripsAndIsDeterministic) {
  const TableContents in = SampleContents();
  const std::string bytes = EncodeTableFile(in, 19);
  EXPECT_EQ(bytes, EncodeTableFile(in, 19));
  EXPECT_EQ(bytes.substr(0, 8), std::string("PZTABLE\n"));
  absl::StatusOr<std::unique_ptr<TableFile>> out = TableFile::FromBytes(bytes, "t.tbl");
  ASSERT_TRUE(out.ok()) << out.status();
  const TableFile& t = **out;
  EXPECT_EQ(t.puzzle(), "eight");
  EXPECT_EQ(t.table(), "sample");
  EXPECT_EQ(t.metadata(), "generator=test");
  EXPECT_EQ(t.file_size(), bytes.size());
  EXPECT_FALSE(t.mapped());
  ASSERT_EQ(t.sections().size(), 2u);
  for (size_t i = 0; i < 2; ++i) {
    const TableSection& s = t.sections()[i];
    EXPECT_EQ(s.name, in.sections[i].name);
    EXPECT_EQ(s.encoding, in.sections[i].encoding);
    EXPECT_EQ(s.bits_per_entry, in.sections[i].bits_per_entry);
    EXPECT_EQ(s.entry_count, in.sections[i].entry_count);
    EXPECT_EQ(std::vector<uint8_t>(s.data(), s.data() + s.bytes.size()), in.sections[i].bytes);
  }
  EXPECT_EQ(t.sections()[0].offset % kTableSectionAlignment, 0u);
  EXPECT_EQ(t.sections()[0].stored_size, 750u);
  EXPECT_LT(t.sections()[1].stored_size, 2500u);  // compressed
}

TEST(TableFileTest, SectionLookupNamesWhatIsThere) {
  absl::StatusOr<std::unique_ptr<TableFile>> t =
      TableFile::FromBytes(EncodeTableFile(SampleContents(), 3), "t.tbl");
  ASSERT_TRUE(t.ok()) << t.status();
  ASSERT_TRUE((*t)->SectionWithLayout("moves", 2, 3000).ok());
  absl::StatusOr<const TableSection*> missing = (*t)->Section("undo");
  EXPECT_EQ(missing.status().code(), absl::StatusCode::kDataLoss);
  EXPECT_EQ(missing.status().message(),
            "t.tbl: no section 'undo'; the file (puzzle eight, table sample) has moves, "
            "distances_4bit");
  EXPECT_EQ((*t)->SectionWithLayout("moves", 4, 3000).status().message(),
            "t.tbl: section 'moves': bits_per_entry is 2; expected 4");
  EXPECT_EQ((*t)->SectionWithLayout("moves", 2, 3001).status().message(),
            "t.tbl: section 'moves': entry_count is 3000; expected 3001");
}

TEST(TableFileTest, EveryTruncationIsDataLoss) {
  const std::string bytes = EncodeTableFile(SampleContents(), 19);
  ExpectDataLoss("", "empty file");
  const size_t head = kTableHeaderSize + 2 * kTableSectionEntrySize + 14;
  for (size_t length = 1; length < bytes.size(); ++length) {
    const std::string cut = bytes.substr(0, length);
    if (length < head) {
      ExpectDataLoss(cut, "truncated header");
    } else {
      ExpectDataLoss(cut, absl::StrCat("truncated file: file_size at offset 72 says ", bytes.size(),
                                       " bytes, the file has ", length));
    }
  }
  ExpectDataLoss(bytes + "x", "trailing bytes");
}

TEST(TableFileTest, EverySingleBitFlipIsDataLoss) {
  const std::string bytes = EncodeTableFile(SampleContents(), 19);
  for (size_t bit = 0; bit < bytes.size() * 8; ++bit) {
    std::string flipped = bytes;
    flipped[bit / 8] = static_cast<char>(flipped[bit / 8] ^ (1 << (bit % 8)));
    absl::StatusOr<std::unique_ptr<TableFile>> t = TableFile::FromBytes(flipped, "t.tbl");
    ASSERT_FALSE(t.ok()) << "bit " << bit << " flipped was accepted";
    ASSERT_EQ(t.status().code(), absl::StatusCode::kDataLoss) << t.status();
  }
}

TEST(TableFileTest, PreciseMessagesForHeaderProblems) {
  const std::string bytes = EncodeTableFile(SampleContents(), 19);
  std::string bad_magic = bytes;
  bad_magic[0] = 'Q';
  ExpectDataLoss(bad_magic, "bad magic at offset 0");

  std::string bad_header = bytes;
  bad_header[kTableHeaderSize + 40] ^= 1;  // the first section's entry_count
  ExpectDataLoss(bad_header, "header checksum mismatch (offset 88)");

  std::string bad_raw = bytes;
  bad_raw[4096 + 10] ^= 0x10;
  ExpectDataLoss(bad_raw, "section 'moves': checksum mismatch");

  std::string bad_zstd = bytes;
  bad_zstd[bytes.size() - 3] ^= 0x10;
  ExpectDataLoss(bad_zstd, "section 'distances_4bit': checksum mismatch");

  std::string bad_padding = bytes;
  bad_padding[4000] = 1;
  ExpectDataLoss(bad_padding, "padding byte at offset 4000 before section 'moves' is not zero");

  TableContents wrong_size = SampleContents();
  wrong_size.sections[0].entry_count = 3001;
  ExpectDataLoss(EncodeTableFile(wrong_size, 19),
                 "section 'moves' (entry at offset 96): raw_size 750 does not match 3001 entries "
                 "of 2 bits (expected 751) (field at offset 144)");

  TableContents zero_bits = SampleContents();
  zero_bits.sections[1].bits_per_entry = 0;
  ExpectDataLoss(EncodeTableFile(zero_bits, 19),
                 "section 'distances_4bit' (entry at offset 192): bits_per_entry 0; expected "
                 "1..64");

  TableContents twice = SampleContents();
  twice.sections[1].name = "moves";
  ExpectDataLoss(EncodeTableFile(twice, 19), "section name 'moves' appears twice");

  TableContents bad_name = SampleContents();
  bad_name.sections[0].name = "Moves";
  ExpectDataLoss(EncodeTableFile(bad_name, 19),
                 "section 0 name at offset 96 has byte 0x4d at index 0; expected [a-z0-9_.-]");
}

TEST(TableFileTest, OtherVersionsAreRefusedWithHowToRegenerate) {
  std::string v1 = EncodeTableFile(SampleContents(), 19);
  v1[8] = 1;
  ExpectDataLoss(v1,
                 "format_version 1 at offset 8; this build reads version 2. Regenerate the "
                 "table: bazel build //data:tables");
  std::string v3 = EncodeTableFile(SampleContents(), 19);
  v3[8] = 3;
  absl::StatusOr<std::unique_ptr<TableFile>> t = TableFile::FromBytes(v3, "t.tbl");
  EXPECT_EQ(t.status().message(),
            "t.tbl: format_version 3 at offset 8; this build reads version 2");
}

TEST(TableFileTest, ConsistentButWrongZstdBytesAreCaughtByTheRawChecksum) {
  // Compress other bytes of the same size, keep the stored checksum consistent with them, and
  // keep the raw checksum of the original: only the raw checksum after decompression differs.
  const TableContents in = SampleContents();
  TableContents other = in;
  other.sections[1].bytes[100] ^= 1;
  std::string forged = EncodeTableFile(other, 19);
  const std::string original = EncodeTableFile(in, 19);
  const size_t raw_checksum = kTableHeaderSize + kTableSectionEntrySize + 72;
  forged.replace(raw_checksum, 8, original.substr(raw_checksum, 8));
  FixHeaderChecksum(forged, 2, in.metadata.size());
  ExpectDataLoss(forged, "section 'distances_4bit': decompressed bytes hash to");
}

TEST(TableFileTest, OpenMapsRawSectionsInPlace) {
  const std::string path = TempPath("mapped.tbl");
  ASSERT_TRUE(WriteFileAtomically(path, EncodeTableFile(SampleContents(), 3)).ok());
  for (MappingAdvice advice : {MappingAdvice::kNone, MappingAdvice::kSequential,
                               MappingAdvice::kWillNeed, MappingAdvice::kPopulate}) {
    absl::StatusOr<std::unique_ptr<TableFile>> t = TableFile::Open(path, advice);
    ASSERT_TRUE(t.ok()) << t.status();
    EXPECT_TRUE((*t)->mapped());
    EXPECT_EQ((*t)->name(), path);
    const TableSection& raw = (*t)->sections()[0];
    // The mapping starts on a page and the section at a page-aligned offset: in place.
    EXPECT_EQ(reinterpret_cast<uintptr_t>(raw.data()) % kTableSectionAlignment, 0u);
    EXPECT_EQ(std::vector<uint8_t>(raw.data(), raw.data() + 750),
              SampleContents().sections[0].bytes);
    // A file smaller than a huge page is never mapped by one.
    EXPECT_EQ((*t)->huge_page_bytes(), 0u);
  }
}

// kPrivateHugePages: every raw section is a sealed private copy starting on a huge page, the file
// is unmapped, and the bytes stay what was verified even when the file is truncated in place.
TEST(TableFileTest, PrivateHugePagesCopyEveryRawSectionAndLetTheFileGo) {
  const std::string path = TempPath("private.tbl");
  ASSERT_TRUE(WriteFileAtomically(path, EncodeTableFile(SampleContents(), 3)).ok());
  absl::StatusOr<std::unique_ptr<TableFile>> t =
      TableFile::Open(path, MappingAdvice::kPrivateHugePages);
  ASSERT_TRUE(t.ok()) << t.status();
  EXPECT_FALSE((*t)->mapped());
  EXPECT_EQ((*t)->private_copy_bytes(), 750u);
  EXPECT_EQ((*t)->puzzle(), "eight");
  EXPECT_EQ((*t)->metadata(), "generator=test");
  ASSERT_EQ(::truncate(path.c_str(), 100), 0);
  const TableSection& raw = (*t)->sections()[0];
  EXPECT_EQ(reinterpret_cast<uintptr_t>(raw.data()) % kHugePageSize, 0u);
  EXPECT_EQ(std::vector<uint8_t>(raw.data(), raw.data() + 750), SampleContents().sections[0].bytes);
  const TableSection& packed = (*t)->sections()[1];
  EXPECT_EQ(std::vector<uint8_t>(packed.data(), packed.data() + 2500),
            SampleContents().sections[1].bytes);
}

// The copy is what is checksummed: a flipped bit in a raw section's bytes is the same DataLoss.
TEST(TableFileTest, PrivateHugePagesRefuseACorruptRawSection) {
  const std::string path = TempPath("private_corrupt.tbl");
  std::string bytes = EncodeTableFile(SampleContents(), 3);
  absl::StatusOr<std::unique_ptr<TableFile>> good = TableFile::FromBytes(bytes, "good");
  ASSERT_TRUE(good.ok()) << good.status();
  bytes[(*good)->sections()[0].offset + 123] ^= 0x10;
  ASSERT_TRUE(WriteFileAtomically(path, bytes).ok());
  absl::StatusOr<std::unique_ptr<TableFile>> t =
      TableFile::Open(path, MappingAdvice::kPrivateHugePages);
  ASSERT_FALSE(t.ok());
  EXPECT_EQ(t.status().code(), absl::StatusCode::kDataLoss) << t.status();
  EXPECT_NE(t.status().message().find(path + ": section 'moves': checksum mismatch"),
            std::string::npos)
      << t.status();
}

TEST(TableFileTest, MappingAdviceNamesRoundTripAndOthersAreRefused) {
  for (int i = 0; i < kMappingAdviceCount; ++i) {
    const auto advice = static_cast<MappingAdvice>(i);
    absl::StatusOr<MappingAdvice> parsed = ParseMappingAdvice(MappingAdviceName(advice));
    ASSERT_TRUE(parsed.ok()) << parsed.status();
    EXPECT_EQ(*parsed, advice);
  }
  EXPECT_EQ(MappingAdviceName(MappingAdvice::kPrivateHugePages), "private_huge_pages");
  absl::StatusOr<MappingAdvice> bad = ParseMappingAdvice("Populate");
  EXPECT_EQ(bad.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_EQ(bad.status().message(),
            "'Populate'; expected none, sequential, willneed, populate or private_huge_pages");
}

TEST(TableFileTest, OpenReportsMissingEmptyAndNonRegularFiles) {
  const std::string path = TempPath("missing.tbl");
  absl::StatusOr<std::unique_ptr<TableFile>> missing = TableFile::Open(path);
  EXPECT_EQ(missing.status().code(), absl::StatusCode::kNotFound);
  EXPECT_EQ(missing.status().message(), "cannot open " + path + ": No such file or directory");

  const std::string empty_path = TempPath("empty.tbl");
  ASSERT_TRUE(WriteFileAtomically(empty_path, "").ok());
  absl::StatusOr<std::unique_ptr<TableFile>> empty = TableFile::Open(empty_path);
  EXPECT_EQ(empty.status().code(), absl::StatusCode::kDataLoss);
  EXPECT_EQ(empty.status().message().substr(0, empty_path.size() + 12),
            empty_path + ": empty file");

  // A FIFO would block a plain open() forever; this must return at once.
  const std::string fifo = TempPath("fifo.tbl");
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  absl::StatusOr<std::unique_ptr<TableFile>> from_fifo = TableFile::Open(fifo);
  EXPECT_EQ(from_fifo.status().code(), absl::StatusCode::kFailedPrecondition);
  EXPECT_EQ(from_fifo.status().message(),
            fifo + ": is a FIFO, not a regular file; expected a table file");

  absl::StatusOr<std::unique_ptr<TableFile>> directory =
      TableFile::Open(std::getenv("TEST_TMPDIR"));
  EXPECT_EQ(directory.status().code(), absl::StatusCode::kFailedPrecondition);
  EXPECT_NE(directory.status().message().find("is a directory, not a regular file"),
            std::string::npos);
}

TEST(TableFileTest, AFileReplacedByRenameDoesNotChangeWhatIsMapped) {
  const std::string path = TempPath("renamed.tbl");
  ASSERT_TRUE(WriteFileAtomically(path, EncodeTableFile(SampleContents(), 3)).ok());
  absl::StatusOr<std::unique_ptr<TableFile>> t = TableFile::Open(path);
  ASSERT_TRUE(t.ok()) << t.status();
  TableContents other = SampleContents();
  for (uint8_t& b : other.sections[0].bytes) b ^= 0xFF;
  ASSERT_TRUE(WriteFileAtomically(path, EncodeTableFile(other, 3)).ok());
  const TableSection& raw = (*t)->sections()[0];
  EXPECT_EQ(std::vector<uint8_t>(raw.data(), raw.data() + 750), SampleContents().sections[0].bytes);
}

// A file truncated in place under a live mapping: reading a lost page raises SIGBUS, which the
// fault handler turns into one line naming the file and exit code 3, never a wrong read.
TEST(TableFileDeathTest, AFileTruncatedInPlaceEndsTheProcessWithAClearMessage) {
  const std::string path = TempPath("truncated.tbl");
  ASSERT_TRUE(WriteFileAtomically(path, EncodeTableFile(SampleContents(), 3)).ok());
  EXPECT_EXIT(
      {
        InstallMappedFileFaultHandler("table_file_test");
        absl::StatusOr<std::unique_ptr<TableFile>> t = TableFile::Open(path);
        if (!t.ok()) std::_Exit(10);
        if (::truncate(path.c_str(), 100) != 0) std::_Exit(11);
        volatile uint8_t sink = (*t)->sections()[0].data()[5];  // page 1, now gone
        (void)sink;
        std::_Exit(12);  // not reached
      },
      ::testing::ExitedWithCode(kMappedFileChangedExitCode),
      "table_file_test: table file .*truncated.tbl changed on disk while mapped \\(truncated in "
      "place\\?\\); exiting");
}

}  // namespace
}  // namespace puzzle
