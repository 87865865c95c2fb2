// Prints the 15-puzzle figures: table builds, view construction, Korf's 100 per tier, the
// Manhattan + linear-conflict baseline on the easiest instances, random any-goal pairs, and
// two-thread throughput. Timings are wall-clock on a shared machine: compare ratios within a run
// and prefer medians.
//
//   bazel run //puzzles/fifteen:fifteen_report                  (the Bazel-built fifteen.tbl)
//   bazel build //data:fifteen-large_table   (then, for both tiers:)
//   bazel run //puzzles/fifteen:fifteen_report -- --tables_dir=$PWD/bazel-bin/data
//   bazel run //puzzles/fifteen:fifteen_report -- --build       (build the default tier first)
//
// The tables are the table files in --tables_dir (default: data/ in the runfiles): fifteen.tbl,
// and fifteen-large.tbl when present; the time to open and validate each is reported.
// --table_advice=private_huge_pages holds them as the server's flag of that name does (a private
// copy with transparent huge pages) instead of the shared mapping.

#include <time.h>

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <fstream>
#include <map>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "absl/flags/flag.h"
#include "absl/flags/parse.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/time/clock.h"
#include "puzzle/table_file.h"
#include "puzzles/fifteen/fifteen_baseline_search.h"
#include "puzzles/fifteen/fifteen_korf100.h"
#include "puzzles/fifteen/fifteen_search.h"
#include "puzzles/fifteen/fifteen_table_file.h"
#include "puzzles/fifteen/fifteen_tables.h"
#include "puzzles/fifteen/fifteen_test_pairs.h"

ABSL_FLAG(std::string, tables_dir, "data",
          "directory with fifteen.tbl (and fifteen-large.tbl for the large tier)");
ABSL_FLAG(bool, build, false, "build the default tier in-process (and time it)");
ABSL_FLAG(bool, large, true, "use the large tier when fifteen-large.tbl is in --tables_dir");
ABSL_FLAG(int, korf, 100, "how many of Korf's instances (in file order)");
ABSL_FLAG(int, baseline, 10, "the easiest N Korf instances for the baseline comparison");
ABSL_FLAG(int, random, 100, "random any-goal pairs (uniform start and goal)");
ABSL_FLAG(bool, throughput, true, "solve the Korf instances on 2 threads");
ABSL_FLAG(std::string, table_advice, "populate",
          "how the tables are held, as the server's --table_advice (populate: shared mapping; "
          "private_huge_pages: private copy with transparent huge pages)");
ABSL_FLAG(bool, per_instance, false, "print every Korf instance");
ABSL_FLAG(std::string, tsv_out, "",
          "If set, also write the figures that have targets there as TSV (figure, value, unit, "
          "target, verdict), for tools/bench_report.py.");

namespace puzzle {
namespace {

struct Run {
  double ms;      // wall clock
  double cpu_ms;  // this thread's CPU time: robust to other processes on a shared machine
  uint64_t nodes;
  int distance;
};

struct Stats {
  double mean_ms, median_ms, max_ms, mean_cpu, median_cpu, max_cpu, mean_nodes, median_nodes,
      max_nodes;
};

double Median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  const size_t n = v.size();
  return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

double ThreadCpuMs() {
  timespec t;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

Stats Summarize(const std::vector<Run>& runs) {
  Stats s{};
  if (runs.empty()) return s;
  std::vector<double> ms, cpu, nodes;
  for (const Run& r : runs) {
    ms.push_back(r.ms);
    cpu.push_back(r.cpu_ms);
    nodes.push_back(static_cast<double>(r.nodes));
    s.mean_ms += r.ms / runs.size();
    s.mean_cpu += r.cpu_ms / runs.size();
    s.mean_nodes += static_cast<double>(r.nodes) / runs.size();
  }
  s.median_ms = Median(ms);
  s.median_cpu = Median(cpu);
  s.median_nodes = Median(nodes);
  s.max_ms = *std::max_element(ms.begin(), ms.end());
  s.max_cpu = *std::max_element(cpu.begin(), cpu.end());
  s.max_nodes = *std::max_element(nodes.begin(), nodes.end());
  return s;
}

// The figures with targets (issue 14), for --tsv_out.
std::vector<std::string> target_rows;
void Target(const std::string& figure, double value, const char* unit, const char* target,
            double limit) {
  target_rows.push_back(absl::StrFormat("%s\t%.2f\t%s\t%s\t%s", figure, value, unit, target,
                                        value <= limit ? "met" : "MISS"));
}

void PrintStats(const char* label, const Stats& s) {
  std::printf(
      "%s\n    wall ms: mean %8.2f  median %7.2f  max %8.1f | cpu ms: mean %8.2f  median %7.2f  "
      "max %8.1f\n    nodes:   mean %10.0f  median %9.0f  max %10.0f\n",
      label, s.mean_ms, s.median_ms, s.max_ms, s.mean_cpu, s.median_cpu, s.max_cpu, s.mean_nodes,
      s.median_nodes, s.max_nodes);
}

Run SolveOnce(const FifteenBoard& start, const FifteenBoard& goal, const FifteenHeuristic* h) {
  SolveControl control;
  const double cpu_before = ThreadCpuMs();
  absl::StatusOr<FifteenAnswer> a = h != nullptr ? SolveFifteen(start, goal, *h, control)
                                                 : SolveFifteenBaseline(start, goal, control);
  if (!a.ok()) {
    std::fprintf(stderr, "%s\n", a.status().ToString().c_str());
    std::exit(1);
  }
  return {absl::ToDoubleMilliseconds(a->elapsed), ThreadCpuMs() - cpu_before, a->nodes,
          a->distance};
}

// Opens `path` and adds its sections to `sections`; reports the time to map and validate it.
// Returns the file (null when absent and `optional`); exits on any other error.
std::unique_ptr<TableFile> OpenTier(const std::string& path, MappingAdvice advice, FifteenTier tier,
                                    bool optional, FifteenSectionMap* sections) {
  const absl::Time began = absl::Now();
  absl::StatusOr<std::unique_ptr<TableFile>> file = TableFile::Open(path, advice);
  if (!file.ok() && optional && absl::IsNotFound(file.status())) return nullptr;
  if (!file.ok()) {
    std::fprintf(stderr, "%s\n", file.status().ToString().c_str());
    std::exit(1);
  }
  const absl::Duration load_time = absl::Now() - began;
  const absl::Status added = AddFifteenSections(**file, tier, sections);
  if (!added.ok()) {
    std::fprintf(stderr, "%s\n", added.ToString().c_str());
    std::exit(1);
  }
  if ((*file)->mapped()) {
    std::printf("%s: %.2f MB, mapped and checksummed in %s\n", path.c_str(),
                (*file)->file_size() / 1e6, absl::FormatDuration(load_time).c_str());
  } else {
    std::printf("%s: %.2f MB, copied and checksummed in %s; %.2f of %.2f MB in huge pages\n",
                path.c_str(), (*file)->file_size() / 1e6, absl::FormatDuration(load_time).c_str(),
                (*file)->huge_page_bytes() / 1e6, (*file)->private_copy_bytes() / 1e6);
  }
  return std::move(*file);
}

int Main() {
  std::map<std::string, std::string> built;  // --build: the default tier's bytes
  std::vector<std::unique_ptr<TableFile>> files;
  FifteenSectionMap all;
  absl::StatusOr<MappingAdvice> advice = ParseMappingAdvice(absl::GetFlag(FLAGS_table_advice));
  if (!advice.ok()) {
    std::fprintf(stderr, "--table_advice=%s\n", std::string(advice.status().message()).c_str());
    return 2;
  }
  // How the figures' tables were held, in the target names: none for the shared mapping, and
  // none for --build (the built tables are in the heap, whatever --table_advice says).
  const std::string held = absl::GetFlag(FLAGS_build) || *advice == MappingAdvice::kPopulate
                               ? ""
                               : absl::StrCat(" (", MappingAdviceName(*advice), ")");
  if (absl::GetFlag(FLAGS_build)) {
    const absl::Time began = absl::Now();
    absl::StatusOr<std::vector<FifteenTableSection>> sections =
        BuildFifteenTables(FifteenTier::kDefault, 2, [](absl::string_view line) {
          if (line.find("built in") != absl::string_view::npos) {
            std::printf("  %.*s\n", static_cast<int>(line.size()), line.data());
          }
        });
    if (!sections.ok()) {
      std::fprintf(stderr, "%s\n", sections.status().ToString().c_str());
      return 1;
    }
    uint64_t bytes = 0;
    for (FifteenTableSection& s : *sections) {
      bytes += s.bytes.size();
      built[s.name] = std::string(s.bytes.begin(), s.bytes.end());
    }
    for (const auto& [name, bytes] : built) all[name] = bytes;
    std::printf("default tier: built in %.1fs (2 threads), %zu sections, %.2f MB\n",
                absl::ToDoubleSeconds(absl::Now() - began), sections->size(), bytes / 1e6);
  } else {
    const std::string dir = absl::GetFlag(FLAGS_tables_dir);
    files.push_back(OpenTier(dir + "/fifteen.tbl", *advice, FifteenTier::kDefault, false, &all));
    if (absl::GetFlag(FLAGS_large)) {
      std::unique_ptr<TableFile> large =
          OpenTier(dir + "/fifteen-large.tbl", *advice, FifteenTier::kLarge, true, &all);
      if (large != nullptr) files.push_back(std::move(large));
    }
  }

  FifteenSectionMap default_only;
  for (const FifteenPattern& p : FifteenTierPatterns(FifteenTier::kDefault)) {
    const std::string name = FifteenPdbSectionName(p);
    if (all.contains(name)) default_only[name] = all[name];
  }
  absl::Time began = absl::Now();
  absl::StatusOr<FifteenHeuristic> default_tier = FifteenHeuristic::Create(default_only);
  const absl::Duration view_time = absl::Now() - began;
  if (!default_tier.ok()) {
    std::fprintf(stderr, "%s\n", default_tier.status().ToString().c_str());
    return 1;
  }
  uint64_t default_bytes = 0;
  for (const auto& [name, view] : default_only) default_bytes += view.size();
  std::printf("default tier view: %.2f MB in %zu sections, constructed in %s\n",
              default_bytes / 1e6, default_only.size(), absl::FormatDuration(view_time).c_str());
  std::vector<std::pair<std::string, const FifteenHeuristic*>> tiers = {
      {"default", &*default_tier}};
  absl::StatusOr<FifteenHeuristic> large_tier = absl::NotFoundError("no large tier");
  if (absl::GetFlag(FLAGS_large)) {
    began = absl::Now();
    large_tier = FifteenHeuristic::Create(all);
    const absl::Duration large_view_time = absl::Now() - began;
    if (large_tier.ok() && large_tier->has_large_tier()) {
      uint64_t bytes = 0;
      for (const auto& [name, view] : all) bytes += view.size();
      std::printf("large tier view: %.2f MB in %zu sections (both tiers), constructed in %s\n",
                  bytes / 1e6, all.size(), absl::FormatDuration(large_view_time).c_str());
      tiers.push_back({"large", &*large_tier});
    } else {
      std::printf("large tier: no fifteen-large.tbl in --tables_dir\n");
    }
  }

  absl::StatusOr<std::vector<KorfInstance>> korf = ReadKorf100();
  if (!korf.ok()) {
    std::fprintf(stderr, "%s\n", korf.status().ToString().c_str());
    return 1;
  }
  korf->resize(std::min<size_t>(korf->size(), absl::GetFlag(FLAGS_korf)));
  for (const auto& [tier, h] : tiers) {
    std::printf("\nKorf's %zu instances, %s tier, one thread (%s):\n", korf->size(), tier.c_str(),
                h->Describe(0).c_str());
    std::vector<Run> runs;
    int wrong = 0;
    int sum = 0;
    for (const KorfInstance& k : *korf) {
      runs.push_back(SolveOnce(k.board, KorfFifteenGoal(), h));
      wrong += runs.back().distance != k.optimal_length;
      sum += runs.back().distance;
      if (absl::GetFlag(FLAGS_per_instance)) {
        std::printf("  %3d  %d moves  %10llu nodes  %9.2f ms\n", k.id, runs.back().distance,
                    static_cast<unsigned long long>(runs.back().nodes), runs.back().ms);
      }
    }
    const auto worst = std::max_element(
        runs.begin(), runs.end(), [](const Run& a, const Run& b) { return a.nodes < b.nodes; });
    const Stats stats = Summarize(runs);
    PrintStats(absl::StrFormat("  %s tier:", tier).c_str(), stats);
    std::printf("    lengths: %d wrong, sum %d; most nodes: instance %d\n", wrong, sum,
                (*korf)[worst - runs.begin()].id);
    // CPU time: this thread's, so that other load on the machine does not count.
    const bool large = tier == "large";
    Target(absl::StrFormat("15-puzzle %s tier%s: Korf's %d, mean CPU ms per instance", tier, held,
                           korf->size()),
           stats.mean_cpu, "ms", large ? "<= 5 ms" : "<= 20 ms", large ? 5 : 20);
    if (!large) {
      Target(absl::StrFormat("15-puzzle default tier%s: Korf's %d, max CPU ms", held, korf->size()),
             stats.max_cpu, "ms", "<= 1000 ms", 1000);
    }
    Target(absl::StrFormat("15-puzzle %s tier%s: Korf lengths wrong (of %d)", tier, held,
                           korf->size()),
           wrong, "", "0", 0);
  }

  const int easiest = absl::GetFlag(FLAGS_baseline);
  if (easiest > 0) {
    std::vector<KorfInstance> sorted = *korf;
    std::sort(sorted.begin(), sorted.end(), [](const KorfInstance& a, const KorfInstance& b) {
      return a.korf85_nodes < b.korf85_nodes;
    });
    sorted.resize(std::min<size_t>(sorted.size(), easiest));
    std::printf("\nThe %zu easiest Korf instances (by Korf's 1985 node counts), one thread:\n",
                sorted.size());
    std::vector<Run> base;
    std::vector<Run> pdb;
    for (const KorfInstance& k : sorted) {
      base.push_back(SolveOnce(k.board, KorfFifteenGoal(), nullptr));
      pdb.push_back(SolveOnce(k.board, KorfFifteenGoal(), tiers[0].second));
    }
    const Stats b = Summarize(base);
    const Stats p = Summarize(pdb);
    PrintStats("  Manhattan + linear conflict:", b);
    PrintStats("  default tier:", p);
    double base_cpu = 0, pdb_cpu = 0, base_nodes = 0, pdb_nodes = 0;
    for (size_t i = 0; i < base.size(); ++i) {
      base_cpu += base[i].cpu_ms;
      pdb_cpu += pdb[i].cpu_ms;
      base_nodes += base[i].nodes;
      pdb_nodes += pdb[i].nodes;
    }
    std::printf(
        "  ratio (totals): %.0fx fewer nodes, %.0fx less CPU time; nodes per CPU second: "
        "baseline %.1fM, default tier %.1fM\n",
        base_nodes / pdb_nodes, base_cpu / pdb_cpu, base_nodes / base_cpu / 1e3,
        pdb_nodes / pdb_cpu / 1e3);
  }

  const int random = absl::GetFlag(FLAGS_random);
  if (random > 0) {
    const std::vector<FifteenPair> pairs = RandomFifteenPairs(random, 2024);
    for (const auto& [tier, h] : tiers) {
      std::printf("\n%d random any-goal pairs (uniform start and goal, seed 2024), %s tier:\n",
                  random, tier.c_str());
      std::vector<Run> all_runs;
      std::vector<Run> by_kind[3];  // goal blank in a corner, on an edge, in the centre
      for (const FifteenPair& pair : pairs) {
        all_runs.push_back(SolveOnce(pair.start, pair.goal, h));
        const int b = pair.goal.BlankCell();
        const bool row_edge = b / 4 == 0 || b / 4 == 3;
        const bool col_edge = b % 4 == 0 || b % 4 == 3;
        by_kind[row_edge && col_edge ? 0 : (row_edge || col_edge ? 1 : 2)].push_back(
            all_runs.back());
      }
      PrintStats("  all:", Summarize(all_runs));
      const char* kinds[3] = {"  goal blank in a corner", "  goal blank on an edge",
                              "  goal blank in the centre"};
      for (int i = 0; i < 3; ++i) {
        PrintStats(absl::StrFormat("%s (%d):", kinds[i], by_kind[i].size()).c_str(),
                   Summarize(by_kind[i]));
      }
    }
  }

  if (absl::GetFlag(FLAGS_throughput)) {
    for (const auto& [tier, h] : tiers) {
      for (int threads : {1, 2}) {
        std::atomic<size_t> next{0};
        const absl::Time start = absl::Now();
        std::vector<std::thread> pool;
        for (int t = 0; t < threads; ++t) {
          pool.emplace_back([&, heuristic = h] {
            for (size_t i = next++; i < korf->size(); i = next++) {
              SolveOnce((*korf)[i].board, KorfFifteenGoal(), heuristic);
            }
          });
        }
        for (std::thread& t : pool) t.join();
        const double seconds = absl::ToDoubleSeconds(absl::Now() - start);
        std::printf("\nthroughput, %s tier, %d thread%s: %zu Korf instances in %.2fs = %.1f/s",
                    tier.c_str(), threads, threads == 1 ? "" : "s", korf->size(), seconds,
                    korf->size() / seconds);
      }
    }
    std::printf("\n");
  }
  if (!absl::GetFlag(FLAGS_tsv_out).empty()) {
    std::ofstream out(absl::GetFlag(FLAGS_tsv_out));
    out << "figure\tvalue\tunit\ttarget\tverdict\n";
    for (const std::string& row : target_rows) out << row << "\n";
  }
  return 0;
}

}  // namespace
}  // namespace puzzle

int main(int argc, char** argv) {
  absl::ParseCommandLine(argc, argv);
  return puzzle::Main();
}
