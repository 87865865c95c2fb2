#include "puzzle/eight_table.h"

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"

namespace puzzle {

absl::StatusOr<EightTable> EightTable::Load(const std::string& path) {
  absl::StatusOr<TableFile> file = LoadTableFile(path);
  if (!file.ok()) return file.status();
  return FromTableFile(*std::move(file), path);
}

absl::StatusOr<EightTable> EightTable::FromTableFile(TableFile file, absl::string_view name) {
  auto mismatch = [&](absl::string_view field, uint64_t got, uint64_t want) {
    return absl::DataLossError(absl::StrCat(name, ": ", field, " is ", got, "; an Eight II table has ",
                                            want));
  };
  if (file.kind != PuzzleKind::kEight) {
    return absl::DataLossError(absl::StrCat(name, ": puzzle kind is ", PuzzleKindName(file.kind),
                                            "; expected eight"));
  }
  if (file.bits_per_entry != kEightBitsPerEntry) {
    return mismatch("bits_per_entry", file.bits_per_entry, kEightBitsPerEntry);
  }
  if (file.layout_a != kEightSeeds) return mismatch("layout_a (seeds)", file.layout_a, kEightSeeds);
  if (file.layout_b != kStatesPerSeed) {
    return mismatch("layout_b (states per seed)", file.layout_b, kStatesPerSeed);
  }
  if (file.entry_count != kEightTotalStates) {
    return mismatch("entry_count", file.entry_count, kEightTotalStates);
  }
  if (file.payload.size() != kEightPayloadBytes) {
    return mismatch("payload size", file.payload.size(), kEightPayloadBytes);
  }
  return EightTable(std::move(file));
}

EightTable EightTable::FromPayload(std::vector<uint8_t> payload, std::string metadata) {
  TableFile file;
  file.kind = PuzzleKind::kEight;
  file.bits_per_entry = kEightBitsPerEntry;
  file.layout_a = kEightSeeds;
  file.layout_b = kStatesPerSeed;
  file.entry_count = kEightTotalStates;
  file.metadata = std::move(metadata);
  file.payload = std::move(payload);
  file.payload_checksum = TableChecksum(absl::string_view(
      reinterpret_cast<const char*>(file.payload.data()), file.payload.size()));
  return EightTable(std::move(file));
}

}  // namespace puzzle
