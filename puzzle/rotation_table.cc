#include "puzzle/rotation_table.h"

namespace puzzle {

const TableLayout& RotationTableLayout() {
  static const TableLayout layout{PuzzleKind::kRotationGame, kRotationBitsPerEntry,
                                  kRotationCells,           8,
                                  kRotationCellSets,        "cells",
                                  "cells per set"};
  return layout;
}

absl::StatusOr<RotationTable> RotationTable::Load(const std::string& path) {
  absl::StatusOr<TableFile> file = LoadTableFile(path);
  if (!file.ok()) return file.status();
  return FromTableFile(*std::move(file), path);
}

absl::StatusOr<RotationTable> RotationTable::FromTableFile(TableFile file, absl::string_view name) {
  absl::Status layout = CheckTableLayout(file, RotationTableLayout(), name);
  if (!layout.ok()) return layout;
  return RotationTable(std::move(file));
}

RotationTable RotationTable::FromPayload(std::vector<uint8_t> payload, std::string metadata) {
  return RotationTable(
      MakeTableFile(RotationTableLayout(), std::move(payload), std::move(metadata)));
}

}  // namespace puzzle
