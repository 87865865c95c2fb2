// The table files' layout checks (cube3_table.h): a file whose sections do not have the layout
// this build reads is refused with the section, the field and what was expected, never probed.
// (The built files themselves are checked against their pinned SHA-256 and the verifier by
// //data's tests.)
#include "puzzles/cube3/cube3_table.h"

#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "puzzle/table_file.h"

namespace puzzle {
namespace {

using ::testing::HasSubstr;

// A file of table "cube3-large" with one section of this name and layout (zeros).
absl::StatusOr<std::unique_ptr<TableFile>> LargeFile(
    uint32_t bits_per_entry, uint64_t entry_count, const char* section_name = kCube3LargeSection) {
  TableContents contents;
  contents.puzzle = "cube3";
  contents.table = "cube3-large";
  TableSectionContents section;
  section.name = section_name;
  section.bits_per_entry = bits_per_entry;
  section.entry_count = entry_count;
  section.bytes.assign(SectionRawSize(entry_count, bits_per_entry), 0);
  contents.sections.push_back(std::move(section));
  return TableFile::FromBytes(EncodeTableFile(contents, 0), "cube3-large.tbl");
}

// What Cube3LargeTableFromFile says of a file with that layout.
absl::Status LargeTableStatus(uint32_t bits_per_entry, uint64_t entry_count,
                              const char* section_name = kCube3LargeSection) {
  absl::StatusOr<std::unique_ptr<TableFile>> file =
      LargeFile(bits_per_entry, entry_count, section_name);
  if (!file.ok()) return file.status();
  return Cube3LargeTableFromFile(**file).status();
}

// A file from before the words held the corner parity bits: refused by solved's word (the only
// one read, so a word or two stand for the section here), with what to run.
TEST(Cube3TableTest, WordsWithoutTheParityBitsAreRefused) {
  ASSERT_EQ(Cube3Phase1Index(0, 0, 0), 0u);
  const uint32_t before[] = {0x0u};  // bit 29 clear, as in every word of a file before them
  const absl::Status status = Cube3CheckParityBits(before, "cube3.tbl");
  EXPECT_EQ(status.code(), absl::StatusCode::kDataLoss);
  EXPECT_THAT(status.message(),
              HasSubstr("cube3.tbl: section 'phase1_moves': solved's word is 0x0, without the "
                        "corner parity bit 29"));
  EXPECT_THAT(status.message(), HasSubstr("bazel build //data:tables"));
  const uint32_t with_bits[] = {1u << 29};
  EXPECT_TRUE(Cube3CheckParityBits(with_bits, "cube3.tbl").ok());
}

// A byte an entry: refused by its bits per entry.
TEST(Cube3TableTest, TheLargeTierAByteAnEntryIsRefused) {
  const absl::Status status = LargeTableStatus(8, 1000);
  EXPECT_EQ(status.code(), absl::StatusCode::kDataLoss);
  EXPECT_THAT(status.message(),
              HasSubstr("section 'large_parity': bits_per_entry is 8; expected 4"));
}

// A file from before the corner parity (section "large", a byte or 4 bits an entry): refused by
// its section, with what to run.
TEST(Cube3TableTest, TheLargeTierWithoutTheParityIsRefused) {
  for (const uint32_t bits : {4u, 8u}) {
    const absl::Status status = LargeTableStatus(bits, 1000, kCube3LargeSectionWithoutParity);
    EXPECT_EQ(status.code(), absl::StatusCode::kDataLoss);
    EXPECT_THAT(status.message(),
                HasSubstr("cube3-large.tbl: section 'large' is the large tier's table without the "
                          "corner parity"));
    EXPECT_THAT(status.message(), HasSubstr("bazel build //data:cube3-large_table"));
  }
}

TEST(Cube3TableTest, TheLargeTierWithTooFewEntriesIsRefused) {
  const absl::Status status = LargeTableStatus(4, 1001);
  EXPECT_EQ(status.code(), absl::StatusCode::kDataLoss);
  EXPECT_THAT(status.message(),
              HasSubstr("section 'large_parity': entry_count is 1001; expected 6665381136"));
}

TEST(Cube3TableTest, AFileWithoutTheLargeSectionIsRefused) {
  const absl::Status status = LargeTableStatus(4, 1000, "other");
  EXPECT_EQ(status.code(), absl::StatusCode::kDataLoss);
  EXPECT_THAT(status.message(), HasSubstr("no section 'large_parity'"));
}

}  // namespace
}  // namespace puzzle
