#include "puzzle/eight_table.h"

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"

namespace puzzle {

absl::StatusOr<EightTable> EightTable::Load(const std::string& path) {
  absl::StatusOr<TableFile> file = LoadTableFile(path);
  if (!file.ok()) return file.status();
  return FromTableFile(*std::move(file), path);
}

const TableLayout& EightTableLayout() {
  static const TableLayout layout{PuzzleKind::kEight, kEightBitsPerEntry, kEightSeeds,
                                  kStatesPerSeed,     kEightTotalStates,  "seeds",
                                  "states per seed"};
  return layout;
}

absl::StatusOr<EightTable> EightTable::FromTableFile(TableFile file, absl::string_view name) {
  absl::Status layout = CheckTableLayout(file, EightTableLayout(), name);
  if (!layout.ok()) return layout;
  return EightTable(std::move(file));
}

EightTable EightTable::FromPayload(std::vector<uint8_t> payload, std::string metadata) {
  return EightTable(MakeTableFile(EightTableLayout(), std::move(payload), std::move(metadata)));
}

}  // namespace puzzle
