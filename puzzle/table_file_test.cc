#include "puzzle/table_file.h"

#include <string>

#include "gtest/gtest.h"
#include "puzzle/atomic_file.h"

namespace puzzle {
namespace {

TableFile SampleTable() {
  TableFile t;
  t.kind = PuzzleKind::kEight;
  t.bits_per_entry = 2;
  t.layout_a = 3;
  t.layout_b = 1000;
  t.entry_count = 3000;
  t.metadata = "generator=test";
  t.payload.resize(750);
  for (size_t i = 0; i < t.payload.size(); ++i) t.payload[i] = static_cast<uint8_t>(i * 37 % 251);
  return t;
}

void ExpectDataLoss(const std::string& bytes, const std::string& needle) {
  absl::StatusOr<TableFile> t = DecodeTableFile(bytes, "t.tbl");
  ASSERT_FALSE(t.ok()) << "accepted a corrupt table; expected: " << needle;
  EXPECT_EQ(t.status().code(), absl::StatusCode::kDataLoss) << t.status();
  EXPECT_NE(t.status().message().find(needle), std::string::npos) << t.status();
  EXPECT_EQ(t.status().message().substr(0, 7), "t.tbl: ") << t.status();
}

TEST(TableFileTest, RoundTripsAndIsDeterministic) {
  const TableFile in = SampleTable();
  const std::string bytes = EncodeTableFile(in, 19);
  EXPECT_EQ(bytes, EncodeTableFile(in, 19));
  EXPECT_EQ(bytes.substr(0, 8), std::string("PZTABLE\n"));
  absl::StatusOr<TableFile> out = DecodeTableFile(bytes, "t.tbl");
  ASSERT_TRUE(out.ok()) << out.status();
  EXPECT_EQ(out->payload, in.payload);
  EXPECT_EQ(out->metadata, in.metadata);
  EXPECT_EQ(out->kind, PuzzleKind::kEight);
  EXPECT_EQ(out->layout_a, 3u);
  EXPECT_EQ(out->layout_b, 1000u);
  EXPECT_EQ(out->entry_count, 3000u);
  EXPECT_EQ(out->compressed_size, bytes.size() - kTableHeaderSize - in.metadata.size());
  EXPECT_EQ(out->payload_checksum,
            TableChecksum(std::string(in.payload.begin(), in.payload.end())));
}

TEST(TableFileTest, EveryTruncationIsDataLoss) {
  const std::string bytes = EncodeTableFile(SampleTable(), 19);
  ExpectDataLoss("", "empty file");
  for (size_t length = 1; length < bytes.size(); ++length) {
    const std::string cut = bytes.substr(0, length);
    if (length < kTableHeaderSize) {
      ExpectDataLoss(cut, "truncated header");
    } else if (length < kTableHeaderSize + 14) {
      ExpectDataLoss(cut, "truncated metadata");
    } else {
      ExpectDataLoss(cut, "truncated body");
    }
  }
  ExpectDataLoss(bytes + "x", "trailing bytes after body");
}

TEST(TableFileTest, EverySingleBitFlipIsDataLoss) {
  const std::string bytes = EncodeTableFile(SampleTable(), 19);
  for (size_t bit = 0; bit < bytes.size() * 8; ++bit) {
    std::string flipped = bytes;
    flipped[bit / 8] = static_cast<char>(flipped[bit / 8] ^ (1 << (bit % 8)));
    absl::StatusOr<TableFile> t = DecodeTableFile(flipped, "t.tbl");
    ASSERT_FALSE(t.ok()) << "bit " << bit << " flipped was accepted";
    ASSERT_EQ(t.status().code(), absl::StatusCode::kDataLoss) << t.status();
  }
}

TEST(TableFileTest, PreciseMessagesForHeaderProblems) {
  const std::string bytes = EncodeTableFile(SampleTable(), 19);
  std::string bad_magic = bytes;
  bad_magic[0] = 'Q';
  ExpectDataLoss(bad_magic, "bad magic at offset 0");

  TableFile v2 = SampleTable();
  v2.format_version = 2;
  ExpectDataLoss(EncodeTableFile(v2, 19),
                 "unsupported format_version 2 at offset 8; this build reads version 1");

  std::string bad_header = bytes;
  bad_header[20] ^= 1;  // layout_a
  ExpectDataLoss(bad_header, "header checksum mismatch");

  std::string bad_body = bytes;
  bad_body[bytes.size() - 3] ^= 0x10;
  ExpectDataLoss(bad_body, "body checksum mismatch");

  TableFile wrong_size = SampleTable();
  wrong_size.entry_count = 3001;
  ExpectDataLoss(EncodeTableFile(wrong_size, 19),
                 "raw_size 750 at offset 40 does not match 3001 entries of 2 bits (expected 751)");

  TableFile zero_bits = SampleTable();
  zero_bits.bits_per_entry = 0;
  ExpectDataLoss(EncodeTableFile(zero_bits, 19), "bits_per_entry 0 at offset 16; expected 1..64");
}

TEST(TableFileTest, RightSizeWrongPayloadChecksum) {
  TableFile t = SampleTable();
  std::string bytes = EncodeTableFile(t, 19);
  // Encode a payload of the same size with one bit changed, then graft the original payload
  // checksum in and fix up the header checksum: every size and the body checksum are consistent,
  // so only the payload checksum can catch it.
  TableFile other = t;
  other.payload[100] ^= 1;
  std::string forged = EncodeTableFile(other, 19);
  forged.replace(56, 8, bytes.substr(56, 8));
  std::string covered = forged.substr(0, 72) + t.metadata;
  const uint64_t h = TableChecksum(covered);
  for (int i = 0; i < 8; ++i) forged[72 + i] = static_cast<char>((h >> (8 * i)) & 0xFF);
  ExpectDataLoss(forged, "payload checksum mismatch");
}

TEST(TableFileTest, LoadReadsAFileAndReportsMissingOnes) {
  const std::string path = std::string(getenv("TEST_TMPDIR")) + "/t.tbl";
  ASSERT_TRUE(WriteFileAtomically(path, EncodeTableFile(SampleTable(), 3)).ok());
  absl::StatusOr<TableFile> t = LoadTableFile(path);
  ASSERT_TRUE(t.ok()) << t.status();
  EXPECT_EQ(t->payload, SampleTable().payload);

  absl::StatusOr<TableFile> missing = LoadTableFile(path + ".nope");
  ASSERT_FALSE(missing.ok());
  EXPECT_EQ(missing.status().code(), absl::StatusCode::kNotFound);
  EXPECT_EQ(missing.status().message(),
            "cannot open " + path + ".nope: No such file or directory");

  ASSERT_TRUE(WriteFileAtomically(path, "").ok());
  absl::StatusOr<TableFile> empty = LoadTableFile(path);
  ASSERT_FALSE(empty.ok());
  EXPECT_EQ(empty.status().code(), absl::StatusCode::kDataLoss);
  EXPECT_NE(empty.status().message().find(path + ": empty file"), std::string::npos);
}

}  // namespace
}  // namespace puzzle
