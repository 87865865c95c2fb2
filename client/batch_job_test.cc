// oracle_client batch over the Bazel-built tables, in process: mixed puzzles and bad lines, every
// answer replayed; resumes after cuts at random bytes (what a kill -9 leaves) and after real
// kill -9s of the client binary, byte-identical to an uninterrupted run; foreign outputs refused;
// shards merged back to the whole.
#include "client/batch_job.h"

#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <cstdio>
#include <fstream>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "absl/time/clock.h"
#include "client/batch_lines.h"
#include "gtest/gtest.h"
#include "puzzle/puzzle_loader.h"
#include "puzzle/seeded_random.h"
#include "puzzle/solver_oracle.h"
#include "puzzles/registry.h"

namespace client {
namespace {

// The value of `key` in an answer line of our own format (batch_lines.h): a string's text
// (these answers' strings hold no escapes) or a number's or null's, or nullopt. (Not protobuf's
// Struct: under GCC's ThreadSanitizer its inlined Map code misreads Debian's uninstrumented
// libprotobuf.)
std::optional<std::string> Field(const std::string& line, const std::string& key) {
  const std::string tag = "\"" + key + "\":";
  size_t at = line.find(tag);
  if (at == std::string::npos) return std::nullopt;
  at += tag.size();
  if (line[at] == '"') {
    const size_t end = line.find('"', at + 1);
    return line.substr(at + 1, end - at - 1);
  }
  return line.substr(at, line.find_first_of(",}", at) - at);
}

bool Spaced(const std::string& name) {
  const puzzle::Puzzle* p = puzzle::FindPuzzle(name);
  return p != nullptr && p->info().move_separator == " ";
}

// In-process oracles for the small-table puzzles, each puzzle's tables loaded once.
class Oracles {
 public:
  absl::StatusOr<std::unique_ptr<puzzle::Oracle>> Make(const std::string& name) {
    const puzzle::Puzzle* p = puzzle::FindPuzzle(name);
    if (p == nullptr) return UnknownPuzzleError(name);
    std::lock_guard<std::mutex> lock(mu_);
    auto it = loaded_.find(name);
    if (it == loaded_.end()) {
      absl::StatusOr<std::unique_ptr<puzzle::LoadedPuzzle>> loaded = puzzle::LoadPuzzle(*p, "data");
      if (!loaded.ok()) return loaded.status();
      it = loaded_.emplace(name, *std::move(loaded)).first;
    }
    return std::unique_ptr<puzzle::Oracle>(new puzzle::SolverOracle(&it->second->solver(), 1));
  }
  OracleForPuzzle Function() {
    return [this](const std::string& name) { return Make(name); };
  }

 private:
  std::mutex mu_;
  std::map<std::string, std::unique_ptr<puzzle::LoadedPuzzle>> loaded_;
};

Oracles& SharedOracles() {
  static Oracles* const oracles = new Oracles();
  return *oracles;
}

std::string TempPath(const std::string& name) {
  const char* dir = std::getenv("TEST_TMPDIR");
  return absl::StrCat(dir != nullptr ? dir : "/tmp", "/", name);
}

std::string ReadFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

void WriteFile(const std::string& path, const std::string& text) {
  std::ofstream(path, std::ios::binary | std::ios::trunc) << text;
}

// Mixed queries: 8-puzzles as plain "START GOAL" lines, 15-puzzle and 2x2x2 scrambles as JSON,
// and bad lines of every kind; the last line has no newline.
std::string MixedInput(int eights, uint64_t seed) {
  const puzzle::Puzzle& eight = *puzzle::FindPuzzle("eight");
  const puzzle::Puzzle& fifteen = *puzzle::FindPuzzle("fifteen");
  const puzzle::Puzzle& cube2 = *puzzle::FindPuzzle("cube2");
  std::string in;
  for (int i = 0; i < eights; ++i) {
    absl::StrAppend(&in, *eight.RandomBoard("", seed + i), " ",
                    *eight.RandomBoard("", seed + i + 7), "\n");
    if (i % 50 == 3) {
      absl::StrAppend(&in, "{\"id\":", i, ",\"puzzle\":\"fifteen\",\"start\":\"",
                      *fifteen.Scramble("", 24, seed + i), "\"}\n");
    }
    if (i % 50 == 7) {
      absl::StrAppend(&in, "{\"id\":\"c", i, "\",\"puzzle\":\"cube2\",\"start\":\"",
                      *cube2.Scramble("", 9, seed + i), "\",\"metric\":\"qtm\"}\n");
    }
    if (i % 97 == 11) in += "{\"start\": \"12\n";                       // malformed JSON
    if (i % 97 == 12) in += "{\"puzzle\":\"nine\",\"start\":\"x\"}\n";  // unknown puzzle
    if (i % 97 == 13) in += "\n";                                       // empty
    if (i % 97 == 14) in += "12345678 12345678X\n";                     // bad board
  }
  in += "12345678X 1234567X8";  // no newline at the end
  return in;
}

absl::StatusOr<BatchSummary> RunJob(const std::string& input, const std::string& output,
                                    BatchOptions options) {
  std::istringstream in(input);
  options.timing = false;
  options.chunk_size = 16;  // many chunks, finishing out of order on the 3 workers
  options.workers = 3;
  return RunBatch(in, output, options, SharedOracles().Function(), &Spaced);
}

// Every answer line replays: the puzzle's own CheckAnswer on its query.
void ExpectAnswersReplay(const std::string& input, const std::string& output) {
  const std::vector<std::string> in_lines = absl::StrSplit(input, '\n');
  const std::vector<std::string> out_lines = absl::StrSplit(output, '\n', absl::SkipEmpty());
  ASSERT_EQ(out_lines.size(), in_lines.size());
  int answers = 0, errors = 0;
  for (size_t i = 0; i < out_lines.size(); ++i) {
    const std::string& line = out_lines[i];
    EXPECT_EQ(Field(line, "line"), std::to_string(i + 1)) << line;
    if (Field(line, "error")) {
      ++errors;
      continue;
    }
    ++answers;
    const std::string name = *Field(line, "puzzle");
    std::string start = in_lines[i], goal, metric;
    if (start[0] == '{') {  // MixedInput's JSON lines: "start" and "metric" as written there
      start = *Field(in_lines[i], "start");
      metric = Field(in_lines[i], "metric").value_or("");
    } else {
      const std::vector<std::string> words = absl::StrSplit(in_lines[i], ' ');
      start = words[0];
      goal = words[1];
    }
    puzzle::Answer answer;
    answer.distance = std::stoi(*Field(line, "distance"));
    answer.solvable = answer.distance >= 0;
    answer.moves = *Field(line, "moves");
    const absl::Status replays =
        puzzle::FindPuzzle(name)->CheckAnswer({start, goal, metric}, answer);
    EXPECT_TRUE(replays.ok()) << replays << " " << out_lines[i];
  }
  EXPECT_GT(answers, 0);
  EXPECT_GE(errors, 4);
}

TEST(BatchJobTest, MixedInputIsAnsweredInOrderAndReplays) {
  const std::string input = MixedInput(300, 1);
  const std::string output = TempPath("mixed.jsonl");
  std::remove(output.c_str());
  absl::StatusOr<BatchSummary> summary = RunJob(input, output, {});
  ASSERT_TRUE(summary.ok()) << summary.status();
  const std::string text = ReadFile(output);
  ExpectAnswersReplay(input, text);
  EXPECT_EQ(summary->answered,
            static_cast<uint64_t>(std::count(input.begin(), input.end(), '\n') + 1));
  EXPECT_NE(
      text.find("\"error\":{\"code\":\"INVALID_ARGUMENT\",\"message\":\"puzzle: 'nine' is not "
                "a puzzle (oracle_client list)\"}"),
      std::string::npos);
  // An existing output is not overwritten.
  absl::StatusOr<BatchSummary> again = RunJob(input, output, {});
  EXPECT_EQ(again.status().code(), absl::StatusCode::kFailedPrecondition);
  EXPECT_EQ(ReadFile(output), text);
}

TEST(BatchJobTest, ResumingAfterACutAnywhereGivesTheSameBytes) {
  const std::string input = MixedInput(200, 2);
  const std::string whole_path = TempPath("whole.jsonl");
  std::remove(whole_path.c_str());
  ASSERT_TRUE(RunJob(input, whole_path, {}).ok());
  const std::string whole = ReadFile(whole_path);
  puzzle::SeededRandom random(3);
  const std::string cut_path = TempPath("cut.jsonl");
  for (int i = 0; i < 12; ++i) {
    const size_t cut = i == 0 ? 0 : i == 1 ? whole.size() : random.Below(whole.size());
    WriteFile(cut_path, whole.substr(0, cut));
    BatchOptions options;
    options.resume = true;
    absl::StatusOr<BatchSummary> summary = RunJob(input, cut_path, options);
    ASSERT_TRUE(summary.ok()) << summary.status();
    EXPECT_EQ(ReadFile(cut_path), whole) << "cut at byte " << cut;
  }
}

TEST(BatchJobTest, AForeignOutputIsRefusedAndLeftAlone) {
  const std::string a = TempPath("a.jsonl");
  std::remove(a.c_str());
  ASSERT_TRUE(RunJob(MixedInput(20, 4), a, {}).ok());
  std::string text = ReadFile(a);
  // Its second line replaced by another input's line: "line" numbers no longer follow.
  const size_t first_end = text.find('\n') + 1;
  const size_t second_end = text.find('\n', first_end) + 1;
  std::string foreign = text.substr(0, first_end) + text.substr(second_end);
  WriteFile(a, foreign);
  BatchOptions options;
  options.resume = true;
  absl::StatusOr<BatchSummary> summary = RunJob(MixedInput(20, 4), a, options);
  EXPECT_EQ(summary.status().code(), absl::StatusCode::kFailedPrecondition);
  EXPECT_NE(summary.status().message().find("line 2: the answer to input line 3; expected the "
                                            "answer to input line 2"),
            std::string::npos)
      << summary.status();
  EXPECT_EQ(ReadFile(a), foreign);
  WriteFile(a, "not an answer\n");
  EXPECT_EQ(RunJob(MixedInput(20, 4), a, options).status().code(),
            absl::StatusCode::kFailedPrecondition);
  // More answers than the input has lines.
  ASSERT_TRUE((std::remove(a.c_str()), RunJob(MixedInput(20, 4), a, {}).ok()));
  EXPECT_EQ(RunJob("12345678X\n", a, options).status().code(),
            absl::StatusCode::kFailedPrecondition);
}

TEST(BatchJobTest, ShardsMergeBackToTheWhole) {
  const std::string input = MixedInput(150, 5);
  const std::string whole_path = TempPath("shards-whole.jsonl");
  std::remove(whole_path.c_str());
  ASSERT_TRUE(RunJob(input, whole_path, {}).ok());
  std::vector<std::string> parts;
  for (int i = 0; i < 3; ++i) {
    parts.push_back(TempPath(absl::StrCat("part", i, ".jsonl")));
    std::remove(parts.back().c_str());
    BatchOptions options;
    options.shard_index = i;
    options.shard_count = 3;
    ASSERT_TRUE(RunJob(input, parts.back(), options).ok());
  }
  std::ostringstream merged;
  ASSERT_TRUE(MergeBatchParts(parts, merged).ok());
  EXPECT_EQ(merged.str(), ReadFile(whole_path));
  // The same through the binary: oracle_client merge PART... on stdout.
  std::string command = "client/oracle_client merge";
  for (const std::string& part : parts) command += " " + part;
  std::FILE* pipe = popen(command.c_str(), "r");
  ASSERT_NE(pipe, nullptr);
  std::string printed;
  char buffer[4096];
  for (size_t n; (n = std::fread(buffer, 1, sizeof(buffer), pipe)) > 0;) printed.append(buffer, n);
  EXPECT_EQ(pclose(pipe), 0);
  EXPECT_EQ(printed, ReadFile(whole_path));
  // The same part twice answers lines twice.
  std::ostringstream twice;
  EXPECT_EQ(MergeBatchParts({parts[0], parts[0]}, twice).code(),
            absl::StatusCode::kInvalidArgument);
}

// An Oracle over a real one that fails in a fixed cycle of `cycle` (2 or 3) calls: UNAVAILABLE
// for the whole call, then every item refused RESOURCE_EXHAUSTED, then (cycle 3) the real
// answers. The batch job makes one per worker and puzzle and sends a chunk's items of one puzzle
// until they are answered or out of attempts, so with cycle 3 and 3 or more attempts every item
// is sent exactly 3 times and resent twice, and with cycle 2 and 2 attempts, sent twice and left
// RESOURCE_EXHAUSTED.
class FlakyOracle : public puzzle::Oracle {
 public:
  FlakyOracle(std::unique_ptr<puzzle::Oracle> real, int cycle, std::atomic<uint64_t>* items_sent)
      : real_(std::move(real)), cycle_(cycle), items_sent_(items_sent) {}
  absl::StatusOr<std::vector<puzzle::OracleResult>> SolveMany(
      const std::vector<puzzle::QueryText>& queries) override {
    *items_sent_ += queries.size();
    switch (calls_++ % cycle_) {
      case 0:
        return absl::UnavailableError("replica gone");
      case 1:
        return std::vector<puzzle::OracleResult>(
            queries.size(), puzzle::OracleResult{absl::ResourceExhaustedError("busy"), {}});
      default:
        return real_->SolveMany(queries);
    }
  }

 private:
  std::unique_ptr<puzzle::Oracle> real_;
  const int cycle_;
  std::atomic<uint64_t>* items_sent_;
  uint64_t calls_ = 0;
};

absl::StatusOr<BatchSummary> RunFlakyJob(const std::string& input, const std::string& output,
                                         int cycle, int max_attempts,
                                         std::atomic<uint64_t>* items_sent) {
  std::istringstream in(input);
  BatchOptions options;
  options.timing = false;
  options.chunk_size = 16;
  options.workers = 3;
  options.max_attempts = max_attempts;
  options.first_backoff = absl::Microseconds(50);
  const OracleForPuzzle flaky =
      [cycle,
       items_sent](const std::string& name) -> absl::StatusOr<std::unique_ptr<puzzle::Oracle>> {
    absl::StatusOr<std::unique_ptr<puzzle::Oracle>> real = SharedOracles().Make(name);
    if (!real.ok()) return real.status();
    return std::unique_ptr<puzzle::Oracle>(new FlakyOracle(*std::move(real), cycle, items_sent));
  };
  return RunBatch(in, output, options, flaky, &Spaced);
}

TEST(BatchJobTest, RetriedCallsAndItemsGiveTheSameBytes) {
  const std::string input = MixedInput(250, 7);
  const std::string clean_path = TempPath("retry-clean.jsonl");
  const std::string flaky_path = TempPath("retry-flaky.jsonl");
  std::remove(clean_path.c_str());
  std::remove(flaky_path.c_str());
  ASSERT_TRUE(RunJob(input, clean_path, {}).ok());
  std::atomic<uint64_t> items_sent{0};
  absl::StatusOr<BatchSummary> summary = RunFlakyJob(input, flaky_path, 3, 8, &items_sent);
  ASSERT_TRUE(summary.ok()) << summary.status();
  EXPECT_EQ(ReadFile(flaky_path), ReadFile(clean_path));
  ASSERT_GT(items_sent.load(), 0u);
  EXPECT_EQ(items_sent.load() % 3, 0u);
  EXPECT_EQ(summary->retries, items_sent.load() / 3 * 2);
}

TEST(BatchJobTest, AnItemOutOfAttemptsGetsItsLastErrorAndTheRestAreUntouched) {
  const std::string input = MixedInput(120, 8);
  const std::string clean_path = TempPath("attempts-clean.jsonl");
  const std::string flaky_path = TempPath("attempts-flaky.jsonl");
  std::remove(clean_path.c_str());
  std::remove(flaky_path.c_str());
  ASSERT_TRUE(RunJob(input, clean_path, {}).ok());
  // Two attempts: UNAVAILABLE, then RESOURCE_EXHAUSTED, which stands.
  std::atomic<uint64_t> items_sent{0};
  absl::StatusOr<BatchSummary> summary = RunFlakyJob(input, flaky_path, 2, 2, &items_sent);
  ASSERT_TRUE(summary.ok()) << summary.status();
  const std::vector<std::string> clean = absl::StrSplit(ReadFile(clean_path), '\n');
  const std::vector<std::string> flaky = absl::StrSplit(ReadFile(flaky_path), '\n');
  ASSERT_EQ(flaky.size(), clean.size());
  uint64_t exhausted = 0;
  for (size_t i = 0; i < clean.size(); ++i) {
    if (flaky[i].find("\"code\":\"RESOURCE_EXHAUSTED\",\"message\":\"busy\"") !=
        std::string::npos) {
      ++exhausted;
      EXPECT_EQ(Field(flaky[i], "line"), Field(clean[i], "line"));
    } else {
      EXPECT_EQ(flaky[i], clean[i]);  // never sent: a line that could not be read, or no puzzle
    }
  }
  EXPECT_EQ(exhausted * 2, items_sent.load());
  EXPECT_EQ(summary->retries, exhausted);
  EXPECT_EQ(summary->errors, summary->answered);
}

TEST(BatchJobTest, EmptyInputGivesAnEmptyOutput) {
  const std::string out = TempPath("empty.jsonl");
  std::remove(out.c_str());
  absl::StatusOr<BatchSummary> summary = RunJob("", out, {});
  ASSERT_TRUE(summary.ok());
  EXPECT_EQ(summary->answered, 0u);
  EXPECT_EQ(ReadFile(out), "");
}

TEST(BatchJobTest, ShardsParseFromTheFlagOrTheIndexedJob) {
  EXPECT_EQ(*ParseShard("1/3"), (std::pair<int, int>{1, 3}));
  EXPECT_FALSE(ParseShard("3/3").ok());
  EXPECT_FALSE(ParseShard("a/3").ok());
  unsetenv("JOB_COMPLETION_INDEX");
  EXPECT_FALSE(ParseShard("4").ok());
  setenv("JOB_COMPLETION_INDEX", "2", 1);
  EXPECT_EQ(*ParseShard("4"), (std::pair<int, int>{2, 4}));
  unsetenv("JOB_COMPLETION_INDEX");
}

// The client binary, killed with SIGKILL at random moments of its run (and resumed each time),
// ends with the bytes of an uninterrupted run.
TEST(BatchJobTest, KilledAndResumedClientsEndWithTheSameBytes) {
  const std::string input = MixedInput(40000, 6);
  const std::string input_path = TempPath("kill-input.txt");
  WriteFile(input_path, input);
  const std::string whole_path = TempPath("kill-whole.jsonl");
  std::remove(whole_path.c_str());
  ASSERT_TRUE(RunJob(input, whole_path, {}).ok());
  const std::string out = TempPath("kill.jsonl");
  std::remove(out.c_str());
  puzzle::SeededRandom random(7);
  auto run_client = [&](bool resume, int64_t kill_after_us) {
    const pid_t pid = fork();
    if (pid == 0) {
      const std::string output_flag = "--output=" + out, input_flag = "--input=" + input_path;
      execl("client/oracle_client", "oracle_client", "--tables_dir=data", "--timing=false",
            "--chunk_size=16", input_flag.c_str(), output_flag.c_str(),
            resume ? "--resume" : "--resume=false", "batch", static_cast<char*>(nullptr));
      _exit(127);
    }
    if (kill_after_us > 0) {
      usleep(static_cast<useconds_t>(kill_after_us));
      kill(pid, SIGKILL);
    }
    int status = 0;
    waitpid(pid, &status, 0);
    return status;
  };
  // An uninterrupted run's duration sets the kill times: at random moments inside a run.
  const absl::Time begin = absl::Now();
  ASSERT_EQ(run_client(false, 0), 0);
  const int64_t run_us = absl::ToInt64Microseconds(absl::Now() - begin);
  EXPECT_EQ(ReadFile(out), ReadFile(whole_path));
  std::remove(out.c_str());
  int killed = 0;
  for (int i = 0; i < 4; ++i) {
    const int status =
        run_client(i > 0, run_us / 5 + static_cast<int64_t>(random.Below(run_us / 2)));
    killed += WIFSIGNALED(status);
  }
  EXPECT_GE(killed, 1);  // the first, a whole run's work, at least
  const int last = run_client(true, 0);
  ASSERT_TRUE(WIFEXITED(last) && WEXITSTATUS(last) == 0) << last;
  EXPECT_EQ(ReadFile(out), ReadFile(whole_path));
}

}  // namespace
}  // namespace client
