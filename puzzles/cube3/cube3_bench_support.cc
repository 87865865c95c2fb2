#include "puzzles/cube3/cube3_bench_support.h"

#include <cstdio>
#include <cstdlib>
#include <fstream>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "absl/time/clock.h"
#include "puzzles/cube3/cube3_notation.h"
#include "puzzles/cube3/cube3_table.h"

namespace puzzle {

absl::StatusOr<std::vector<Cube3State>> ReadCube3Cubes(const std::string& path, int first,
                                                       int count) {
  std::ifstream in(path);
  if (!in) return absl::NotFoundError(absl::StrCat(path, ": cannot be read"));
  std::vector<Cube3State> cubes;
  int index = 0, line_number = 0;
  for (std::string line; static_cast<int>(cubes.size()) < count && std::getline(in, line);) {
    ++line_number;
    if (line.empty() || line[0] == '#') continue;
    if (index++ < first) continue;
    absl::StatusOr<Cube3State> cube = ParseCube3Facelets(line, "cube");
    if (!cube.ok()) {
      return absl::InvalidArgumentError(
          absl::StrCat(path, " line ", line_number, ": ", cube.status().message()));
    }
    cubes.push_back(*cube);
  }
  return cubes;
}

absl::StatusOr<std::vector<Cube3KnownPosition>> ReadCube3KnownPositions(const std::string& path) {
  std::ifstream in(path);
  if (!in) return absl::NotFoundError(absl::StrCat(path, ": cannot be read"));
  std::vector<Cube3KnownPosition> positions;
  int line_number = 0;
  for (std::string line; std::getline(in, line);) {
    ++line_number;
    if (line.empty() || line[0] == '#') continue;
    const std::vector<std::string> fields = absl::StrSplit(line, ' ', absl::SkipEmpty());
    Cube3KnownPosition position;
    if (fields.size() != 4 || !absl::SimpleAtoi(fields[1], &position.htm) ||
        !absl::SimpleAtoi(fields[2], &position.qtm)) {
      return absl::InvalidArgumentError(absl::StrCat(
          path, " line ", line_number, ": expected NAME HTM QTM FACELETS (two numbers)"));
    }
    absl::StatusOr<Cube3State> cube = ParseCube3Facelets(fields[3], fields[0]);
    if (!cube.ok()) {
      return absl::InvalidArgumentError(
          absl::StrCat(path, " line ", line_number, ": ", cube.status().message()));
    }
    position.name = fields[0];
    position.facelets = fields[3];
    position.cube = *cube;
    positions.push_back(std::move(position));
  }
  return positions;
}

Cube3PruningData BuildCube3TablesPrinted(int threads) {
  const absl::Time start = absl::Now();
  Cube3PruningData tables = Cube3PruningData::Build(
      threads, [](const std::string& line) { std::fprintf(stderr, "%s\n", line.c_str()); });
  std::printf("tables: %.1f s on %d threads, %.1f MB\n", absl::ToDoubleSeconds(absl::Now() - start),
              threads,
              (tables.phase2.size() + tables.corners_slice.size() + tables.corners.size() +
               4 * tables.phase1_moves.size()) /
                  1e6);
  std::fflush(stdout);
  return tables;
}

absl::StatusOr<std::unique_ptr<TableFile>> OpenTableFileWithAdvice(const std::string& path,
                                                                   const std::string& advice) {
  const absl::StatusOr<MappingAdvice> parsed = ParseMappingAdvice(advice);
  if (!parsed.ok()) return parsed.status();
  return TableFile::Open(path, *parsed);
}

absl::StatusOr<std::unique_ptr<Cube3BenchTables>> LoadCube3BenchTables(const std::string& path,
                                                                       const std::string& advice,
                                                                       int threads) {
  auto tables = std::make_unique<Cube3BenchTables>();
  if (path.empty()) {
    tables->built = BuildCube3TablesPrinted(threads);
    tables->view = tables->built.View();
    return tables;
  }
  const absl::Time start = absl::Now();
  absl::StatusOr<std::unique_ptr<TableFile>> file = OpenTableFileWithAdvice(path, advice);
  if (!file.ok()) return file.status();
  tables->file = std::move(*file);
  absl::StatusOr<Cube3PruningTables> view = Cube3TablesFromFile(*tables->file);
  if (!view.ok()) return view.status();
  tables->view = *view;
  std::printf("tables: %s mapped (%s) and checked in %.1f s\n", path.c_str(), advice.c_str(),
              absl::ToDoubleSeconds(absl::Now() - start));
  std::fflush(stdout);
  return tables;
}

absl::StatusOr<Cube3PruningData> ReadCube3TablesFromFile(const std::string& path) {
  absl::StatusOr<std::unique_ptr<TableFile>> file = TableFile::Open(path);
  if (!file.ok()) return file.status();
  absl::StatusOr<Cube3PruningTables> view = Cube3TablesFromFile(**file);
  if (!view.ok()) return view.status();
  Cube3PruningData data;
  data.phase2.assign(view->phase2, view->phase2 + kCube3Phase2Entries);
  data.corners_slice.assign(view->corners_slice, view->corners_slice + kCube3CornersSliceEntries);
  data.corners.assign(view->corners, view->corners + kCube3CornersEntries);
  data.phase1_moves.assign(view->phase1_moves, view->phase1_moves + kCube3Phase1Entries);
  return data;
}

Cube3PruningData* ReadCube3TablesOrAbort(const std::string& path) {
  absl::StatusOr<Cube3PruningData> read = ReadCube3TablesFromFile(path);
  if (!read.ok()) {
    std::fprintf(stderr, "%s: %s\n", path.c_str(), std::string(read.status().message()).c_str());
    std::abort();
  }
  return new Cube3PruningData(*std::move(read));
}

uint64_t FoldCube3Solution(uint64_t checksum, const std::vector<int>& moves) {
  constexpr uint64_t kPrime = 1099511628211u;
  for (int m : moves) checksum = (checksum ^ static_cast<uint64_t>(m + 1)) * kPrime;
  return (checksum ^ 0xFF) * kPrime;
}

}  // namespace puzzle
