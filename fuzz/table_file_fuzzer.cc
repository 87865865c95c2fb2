// Fuzz target: the table-file loader, puzzle::DecodeTableFile, and the puzzle layers on top of
// it, puzzle::EightTable::FromTableFile and puzzle::RotationTable::FromTableFile, fed arbitrary
// bytes as a table file.
//
// Each input is decoded twice:
//   1. as it is. Almost every mutation breaks a checksum, so this exercises the header checks
//      up to the header checksum;
//   2. with its checksums (and compressed_size) recomputed, as a writer that forgot nothing
//      but lied in the other fields would produce. This reaches the size checks, zstd and the
//      layout checks, which checksums otherwise shield from a mutating fuzzer.
// Properties checked for every decode:
//   - a rejected file is DataLoss and the message starts with the file name;
//   - an accepted file has consistent fields (raw size = entries x bits, payload checksum) and
//     survives Encode -> Decode unchanged;
//   - an accepted Eight II table can be probed: every walk the solver makes over it (from every
//     seed, to goals derived from the input) either returns DataLoss ("the table is
//     inconsistent") or a legal move string from the seed to the goal, never reads out of
//     bounds and never loops;
//   - likewise an accepted Rotation Game table: each board derived from the input is either
//     DataLoss ("inconsistent") or solved by ops that really fill the centre with one symbol.
#include <zstd.h>

#include <algorithm>
#include <cstring>
#include <random>
#include <string>

#include "absl/status/status.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "fuzz/fuzz_check.h"
#include "puzzles/eight/eight_solver.h"
#include "puzzles/eight/eight_state.h"
#include "puzzles/eight/eight_table.h"
#include "puzzles/rotation/rotation_board.h"
#include "puzzles/rotation/rotation_solver.h"
#include "puzzles/rotation/rotation_table.h"
#include "puzzle/table_file.h"

namespace {

constexpr char kName[] = "fuzz.tbl";
// Header offsets (puzzle/TABLE_FORMAT.md).
constexpr size_t kOffMetadataSize = 28;
constexpr size_t kOffCompressedSize = 48;
constexpr size_t kOffPayloadChecksum = 56;
constexpr size_t kOffBodyChecksum = 64;
constexpr size_t kOffHeaderChecksum = 72;
// The fix-up decompresses to compute the payload checksum only up to this size, so that a
// header asking for the loader's maximum (1 GiB) does not make every execution slow.
constexpr unsigned long long kMaxFixupPayload = 4 << 20;

uint32_t GetU32(const std::string& in, size_t offset) {
  uint32_t v = 0;
  for (int i = 0; i < 4; ++i) v |= uint32_t{static_cast<uint8_t>(in[offset + i])} << (8 * i);
  return v;
}

void PutU64(std::string& out, size_t offset, uint64_t v) {
  for (int i = 0; i < 8; ++i) out[offset + i] = static_cast<char>((v >> (8 * i)) & 0xFF);
}

// Recomputes compressed_size and the payload, body and header checksums, leaving every other
// byte as it is. Inputs too short to hold a header and their metadata are returned unchanged.
std::string FixChecksums(std::string bytes) {
  if (bytes.size() < puzzle::kTableHeaderSize) return bytes;
  const uint32_t metadata_size = GetU32(bytes, kOffMetadataSize);
  if (metadata_size > puzzle::kMaxTableMetadataSize ||
      bytes.size() < puzzle::kTableHeaderSize + metadata_size) {
    return bytes;
  }
  const std::string metadata = bytes.substr(puzzle::kTableHeaderSize, metadata_size);
  const std::string body = bytes.substr(puzzle::kTableHeaderSize + metadata_size);
  PutU64(bytes, kOffCompressedSize, body.size());
  PutU64(bytes, kOffBodyChecksum, puzzle::TableChecksum(body));
  const unsigned long long content_size = ZSTD_getFrameContentSize(body.data(), body.size());
  if (content_size <= kMaxFixupPayload) {
    std::string payload(content_size, '\0');
    const size_t n = ZSTD_decompress(payload.data(), payload.size(), body.data(), body.size());
    if (!ZSTD_isError(n) && n == content_size) {
      PutU64(bytes, kOffPayloadChecksum, puzzle::TableChecksum(payload));
    }
  }
  PutU64(bytes, kOffHeaderChecksum,
         puzzle::TableChecksum(absl::StrCat(bytes.substr(0, kOffHeaderChecksum), metadata)));
  return bytes;
}

void CheckDataLoss(const absl::Status& status) {
  FUZZ_CHECK(status.code() == absl::StatusCode::kDataLoss, status.ToString());
  FUZZ_CHECK(absl::StartsWith(status.message(), absl::StrCat(kName, ": ")), status.ToString());
}

void CheckEightTable(const puzzle::EightTable& table, absl::string_view input) {
  const puzzle::EightSolver solver(&table);
  // Goals: the seed itself, its neighbours, and states named by the input's first bytes.
  const uint64_t salt = puzzle::TableChecksum(input);
  for (int seed = 0; seed < puzzle::kEightSeeds; ++seed) {
    for (int k = 0; k < 6; ++k) {
      const uint64_t pick = (salt >> (8 * k)) ^ (static_cast<uint64_t>(seed) * 0x9E3779B97F4A7C15u);
      // Any blank cell and any even tile order: a random walk from the seed reaches it.
      puzzle::EightState goal = puzzle::EightState::Seed(seed);
      uint64_t walk = pick;
      for (int step = 0; step < 40;
           ++step, walk = walk * 6364136223846793005u + 1442695040888963407u) {
        const auto move = static_cast<puzzle::Move>((walk >> 33) & 3);
        if (puzzle::CanMove(goal, move)) goal = puzzle::ApplyMove(goal, move);
      }
      const puzzle::RelabeledQuery query{seed, goal, true};
      absl::StatusOr<puzzle::EightAnswer> answer = solver.SolveRelabeled(query);
      if (!answer.ok()) {
        FUZZ_CHECK(answer.status().code() == absl::StatusCode::kDataLoss &&
                       absl::StrContains(answer.status().message(), "inconsistent"),
                   answer.status().ToString());
        continue;
      }
      FUZZ_CHECK(answer->solvable && answer->distance >= 0 &&
                     answer->distance <= puzzle::kEightMaxDistance,
                 absl::StrCat("distance ", answer->distance));
      puzzle::EightState state = puzzle::EightState::Seed(seed);
      for (char c : answer->moves()) {
        const char* at = std::strchr("dlru", c);
        FUZZ_CHECK(c != '\0' && at != nullptr, std::string(answer->moves()));
        const auto move = static_cast<puzzle::Move>(at - "dlru");
        FUZZ_CHECK(puzzle::CanMove(state, move), std::string(answer->moves()));
        state = puzzle::ApplyMove(state, move);
      }
      FUZZ_CHECK(state == goal, std::string(answer->moves()));
      // The batch path gives the same answer.
      puzzle::EightAnswer batch;
      const absl::Status status = solver.SolveRelabeledBatch(&query, &batch, 1);
      FUZZ_CHECK(status.ok() && batch.moves() == answer->moves(), status.ToString());
    }
  }
}

void CheckRotationTable(const puzzle::RotationTable& table, absl::string_view input) {
  const puzzle::RotationSolver solver(&table);
  std::mt19937_64 rng(puzzle::TableChecksum(input));
  for (int k = 0; k < 8; ++k) {
    std::string text = "111111112222222233333333";
    std::shuffle(text.begin(), text.end(), rng);
    absl::StatusOr<puzzle::RotationBoard> board = puzzle::ParseRotationBoard(text, "board");
    FUZZ_CHECK(board.ok(), board.status().ToString());
    absl::StatusOr<puzzle::RotationAnswer> answer = solver.Solve(*board);
    if (!answer.ok()) {
      FUZZ_CHECK(answer.status().code() == absl::StatusCode::kDataLoss &&
                     absl::StrContains(answer.status().message(), "inconsistent"),
                 answer.status().ToString());
      continue;
    }
    const std::string what =
        absl::StrCat(text, " -> '", answer->moves, "' centre ", answer->centre);
    FUZZ_CHECK(answer->distance >= 0 && answer->distance <= puzzle::kRotationMaxStoredDistance &&
                   static_cast<size_t>(answer->distance) == answer->moves.size(),
               what);
    FUZZ_CHECK(answer->centre >= 1 && answer->centre <= puzzle::kRotationSymbols, what);
    puzzle::RotationBoard after = *board;
    for (char op : answer->moves) {
      FUZZ_CHECK(op >= 'A' && op < 'A' + puzzle::kRotationOps, what);
      after = puzzle::ApplyRotationOp(after, op - 'A');
    }
    for (uint8_t cell : puzzle::kRotationCentre) {
      FUZZ_CHECK(after.cells[cell] == answer->centre, what);
    }
  }
}

void DecodeAndCheck(const std::string& bytes) {
  absl::StatusOr<puzzle::TableFile> file = puzzle::DecodeTableFile(bytes, kName);
  if (!file.ok()) {
    CheckDataLoss(file.status());
    return;
  }
  FUZZ_CHECK(file->payload.size() == (file->entry_count * file->bits_per_entry + 7) / 8,
             "raw size");
  FUZZ_CHECK(file->metadata.size() <= puzzle::kMaxTableMetadataSize, "metadata size");
  const std::string payload(reinterpret_cast<const char*>(file->payload.data()),
                            file->payload.size());
  FUZZ_CHECK(puzzle::TableChecksum(payload) == file->payload_checksum, "payload checksum");

  const std::string encoded = puzzle::EncodeTableFile(*file, 1);
  absl::StatusOr<puzzle::TableFile> again = puzzle::DecodeTableFile(encoded, kName);
  FUZZ_CHECK(again.ok(), again.status().ToString());
  FUZZ_CHECK(again->format_version == file->format_version && again->kind == file->kind &&
                 again->bits_per_entry == file->bits_per_entry &&
                 again->layout_a == file->layout_a && again->layout_b == file->layout_b &&
                 again->entry_count == file->entry_count && again->metadata == file->metadata &&
                 again->payload == file->payload &&
                 again->payload_checksum == file->payload_checksum,
             "Encode -> Decode changed the table");

  absl::StatusOr<puzzle::RotationTable> rotation =
      puzzle::RotationTable::FromTableFile(*file, kName);
  if (rotation.ok()) {
    CheckRotationTable(*rotation, bytes);
  } else {
    CheckDataLoss(rotation.status());
  }
  absl::StatusOr<puzzle::EightTable> table =
      puzzle::EightTable::FromTableFile(*std::move(file), kName);
  if (!table.ok()) {
    CheckDataLoss(table.status());
    return;
  }
  CheckEightTable(*table, bytes);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string bytes(reinterpret_cast<const char*>(data), size);
  DecodeAndCheck(bytes);
  const std::string fixed = FixChecksums(bytes);
  if (fixed != bytes) DecodeAndCheck(fixed);
  return 0;
}
