// How a table file is best mapped: TableFile::Open under each MappingAdvice, with the file's
// pages dropped from the page cache first (cold: a fresh node, or a table just rebuilt) or left
// there (warm: a restart, or a second replica on the node), and the minor/major page faults of
// 100,000 random probes into the biggest raw section afterwards (what the first queries pay).
//
//   bazel run -c opt //bench:table_load_benchmark -- [--tables=a.tbl,b.tbl]
//       (default: every Bazel-built table; tools/bench.sh runs it with repetitions)
//
// Dropping pages uses posix_fadvise(POSIX_FADV_DONTNEED), which needs no privilege and evicts
// only clean, unmapped pages of that file.
#include <fcntl.h>
#include <sys/resource.h>
#include <unistd.h>

#include <random>
#include <string>
#include <vector>

#include "absl/flags/flag.h"
#include "absl/flags/parse.h"
#include "absl/strings/str_cat.h"
#include "benchmark/benchmark.h"
#include "puzzle/table_file.h"
#include "puzzles/registry.h"

ABSL_FLAG(std::vector<std::string>, tables, {},
          "Table files to load; default: data/*.tbl of the runfiles.");

namespace {

std::vector<std::string>& Tables() {
  static std::vector<std::string> tables;
  return tables;
}

void DropFromPageCache(const std::string& path) {
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return;
  ::fdatasync(fd);
  ::posix_fadvise(fd, 0, 0, POSIX_FADV_DONTNEED);
  ::close(fd);
}

struct Faults {
  long minor = 0;
  long major = 0;
};
Faults Now() {
  rusage usage;
  ::getrusage(RUSAGE_SELF, &usage);
  return {usage.ru_minflt, usage.ru_majflt};
}

// Args: table index, advice, cold (1) or warm (0).
void BM_OpenTable(benchmark::State& state) {
  const std::string& path = Tables()[state.range(0)];
  const auto advice = static_cast<puzzle::MappingAdvice>(state.range(1));
  const bool cold = state.range(2) == 1;
  Faults load_faults, probe_faults;
  uint64_t checksum_bytes = 0;
  for (auto _ : state) {
    state.PauseTiming();
    if (cold) DropFromPageCache(path);
    state.ResumeTiming();
    const Faults before = Now();
    absl::StatusOr<std::unique_ptr<puzzle::TableFile>> table =
        puzzle::TableFile::Open(path, advice);
    const Faults loaded = Now();
    if (!table.ok()) {
      state.SkipWithError(std::string(table.status().message()).c_str());
      return;
    }
    state.PauseTiming();
    // The first queries: random probes into the largest section.
    const puzzle::TableSection* biggest = &(*table)->sections()[0];
    for (const puzzle::TableSection& s : (*table)->sections()) {
      if (s.bytes.size() > biggest->bytes.size()) biggest = &s;
    }
    std::mt19937_64 rng(7);
    uint64_t sum = 0;
    for (int i = 0; i < 100000; ++i) sum += biggest->data()[rng() % biggest->bytes.size()];
    benchmark::DoNotOptimize(sum);
    const Faults probed = Now();
    load_faults.minor += loaded.minor - before.minor;
    load_faults.major += loaded.major - before.major;
    probe_faults.minor += probed.minor - loaded.minor;
    probe_faults.major += probed.major - loaded.major;
    checksum_bytes += (*table)->file_size();
    table->reset();  // unmap before the next round
    state.ResumeTiming();
  }
  const double n = static_cast<double>(state.iterations());
  state.counters["load_minor_faults"] = load_faults.minor / n;
  state.counters["load_major_faults"] = load_faults.major / n;
  state.counters["probe_minor_faults"] = probe_faults.minor / n;
  state.counters["probe_major_faults"] = probe_faults.major / n;
  state.SetBytesProcessed(static_cast<int64_t>(checksum_bytes));
  state.SetLabel(absl::StrCat(path.substr(path.rfind('/') + 1), " ",
                              puzzle::MappingAdviceName(advice), cold ? " cold" : " warm"));
}

}  // namespace

int main(int argc, char** argv) {
  benchmark::Initialize(&argc, argv);
  absl::ParseCommandLine(argc, argv);
  Tables() = absl::GetFlag(FLAGS_tables);
  if (Tables().empty()) {
    // Every table of every puzzle in the registry that the runfiles hold.
    const std::string runfiles = std::string(argv[0]) + ".runfiles/puzzle_oracle/data/";
    for (const puzzle::Puzzle* p : puzzle::AllPuzzles()) {
      for (const puzzle::TableSpec& spec : p->tables()) {
        const std::string path = runfiles + spec.file_name();
        if (::access(path.c_str(), R_OK) == 0) Tables().push_back(path);
      }
    }
  }
  for (size_t t = 0; t < Tables().size(); ++t) {
    for (int advice = 0; advice < puzzle::kMappingAdviceCount; ++advice) {
      for (int cold = 1; cold >= 0; --cold) {
        benchmark::RegisterBenchmark("BM_OpenTable", BM_OpenTable)
            ->Args({static_cast<int64_t>(t), advice, cold})
            ->Unit(benchmark::kMillisecond)
            ->UseRealTime();
      }
    }
  }
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
