// `oracle_client batch` against three replicas of the real server, one channel balancing over
// them (round_robin over an ipv4: list, as over a headless Service's DNS name): 20,000 mixed
// queries (8-puzzle, 15-puzzle, 2x2x2 in both metrics, 3x3x3), and one replica killed with
// SIGKILL once a quarter of the answers are written. Passes when every input line is answered
// exactly once, in order, without an error, and every answer replays (the puzzle's own
// CheckAnswer on its query). Prints the client's summary (answered, retries, rate).
#include <google/protobuf/struct.pb.h>
#include <google/protobuf/util/json_util.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <fstream>
#include <map>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "absl/time/clock.h"
#include "gtest/gtest.h"
#include "puzzles/registry.h"
#include "tests/server_process.h"

namespace tests {
namespace {

// A JSON object's fields, copied out by iterating (protobuf's inlined Map lookups crash under
// GCC's ThreadSanitizer against Debian's uninstrumented libprotobuf).
std::map<std::string, google::protobuf::Value> Fields(const google::protobuf::Struct& s) {
  std::map<std::string, google::protobuf::Value> fields;
  for (const auto& [name, value] : s.fields()) fields[name] = value;
  return fields;
}

constexpr int kReplicas = 3;
constexpr int kQueries = 20000;

std::string ReadFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

struct Query {
  std::string puzzle, start, goal, metric;
};

std::vector<Query> MixedQueries() {
  const puzzle::Puzzle& eight = *puzzle::FindPuzzle("eight");
  const puzzle::Puzzle& fifteen = *puzzle::FindPuzzle("fifteen");
  const puzzle::Puzzle& cube2 = *puzzle::FindPuzzle("cube2");
  const puzzle::Puzzle& cube3 = *puzzle::FindPuzzle("cube3");
  std::vector<Query> queries;
  for (uint64_t i = 0; queries.size() < kQueries; ++i) {
    switch (i % 20) {
      case 0:
        queries.push_back({"fifteen", *fifteen.Scramble("", 30, i), "", ""});
        break;
      case 1:
        queries.push_back({"cube2", *cube2.RandomBoard("", i), "", i % 40 == 1 ? "qtm" : ""});
        break;
      case 2:
        queries.push_back({"cube3", *cube3.RandomBoard("", i), "", ""});
        break;
      default:
        queries.push_back({"eight", *eight.RandomBoard("", i), *eight.RandomBoard("", i + 1), ""});
    }
  }
  return queries;
}

std::string JsonLine(const Query& q, size_t id) {
  google::protobuf::Struct line;
  (*line.mutable_fields())["id"].set_number_value(static_cast<double>(id));
  (*line.mutable_fields())["puzzle"].set_string_value(q.puzzle);
  (*line.mutable_fields())["start"].set_string_value(q.start);
  if (!q.goal.empty()) (*line.mutable_fields())["goal"].set_string_value(q.goal);
  if (!q.metric.empty()) (*line.mutable_fields())["metric"].set_string_value(q.metric);
  std::string text;
  google::protobuf::util::MessageToJsonString(line, &text);
  return text;
}

size_t CountLines(const std::string& path) {
  const std::string text = ReadFile(path);
  return static_cast<size_t>(std::count(text.begin(), text.end(), '\n'));
}

TEST(BatchScaleOutTest, EveryLineIsAnsweredOnceInOrderWhenAReplicaDies) {
  std::vector<std::unique_ptr<ServerProcess>> replicas;
  std::vector<std::string> addresses;
  for (int i = 0; i < kReplicas; ++i) {
    absl::StatusOr<std::unique_ptr<ServerProcess>> s =
        ServerProcess::Start({"--address=127.0.0.1:0", "--tables_dir=data"}, absl::Seconds(60));
    ASSERT_TRUE(s.ok()) << s.status();
    addresses.push_back((*s)->address());
    replicas.push_back(*std::move(s));
  }
  const std::vector<Query> queries = MixedQueries();
  const char* tmp = std::getenv("TEST_TMPDIR");
  const std::string dir = tmp != nullptr ? tmp : "/tmp";
  const std::string input = dir + "/scale-input.jsonl", output = dir + "/scale-output.jsonl",
                    log = dir + "/scale-client.log";
  {
    std::ofstream in(input, std::ios::binary | std::ios::trunc);
    for (size_t i = 0; i < queries.size(); ++i) in << JsonLine(queries[i], i) << '\n';
  }
  std::remove(output.c_str());
  const pid_t client = fork();
  if (client == 0) {
    const std::string server = "--server=ipv4:" + absl::StrJoin(addresses, ",");
    const std::string in_flag = "--input=" + input, out_flag = "--output=" + output;
    if (std::freopen(log.c_str(), "w", stderr) == nullptr) _exit(126);
    execl("client/oracle_client", "oracle_client", server.c_str(), in_flag.c_str(),
          out_flag.c_str(), "--chunk_size=200", "--timing=false", "batch",
          static_cast<char*>(nullptr));
    _exit(127);
  }
  // Once a quarter is answered, one replica dies without a word.
  const absl::Time give_up = absl::Now() + absl::Seconds(120);
  while (CountLines(output) < kQueries / 4 && absl::Now() < give_up) {
    absl::SleepFor(absl::Milliseconds(5));
  }
  const size_t answered_before_kill = CountLines(output);
  replicas[1]->Stop(SIGKILL);
  int status = 0;
  while (waitpid(client, &status, WNOHANG) == 0 && absl::Now() < give_up) {
    absl::SleepFor(absl::Milliseconds(20));
  }
  if (absl::Now() >= give_up) kill(client, SIGKILL);
  const std::string client_log = ReadFile(log);
  std::printf("killed a replica after %zu answers; client: %s", answered_before_kill,
              client_log.c_str());
  ASSERT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0) << client_log;
  EXPECT_LT(answered_before_kill, static_cast<size_t>(kQueries));  // the kill came mid-run

  const std::vector<std::string> lines = absl::StrSplit(ReadFile(output), '\n', absl::SkipEmpty());
  ASSERT_EQ(lines.size(), queries.size());
  int failures = 0;
  for (size_t i = 0; i < lines.size() && failures < 10; ++i) {
    google::protobuf::Struct answer;
    ASSERT_TRUE(google::protobuf::util::JsonStringToMessage(lines[i], &answer).ok()) << lines[i];
    const std::map<std::string, google::protobuf::Value> f = Fields(answer);
    EXPECT_EQ(f.at("line").number_value(), i + 1);
    EXPECT_EQ(f.at("id").number_value(), i);
    if (f.count("error") != 0) {
      ADD_FAILURE() << lines[i];
      ++failures;
      continue;
    }
    const Query& q = queries[i];
    puzzle::Answer a;
    a.distance = static_cast<int>(f.at("distance").number_value());
    a.solvable = a.distance >= 0;
    a.moves = f.at("moves").string_value();
    const absl::Status replays =
        puzzle::FindPuzzle(q.puzzle)->CheckAnswer({q.start, q.goal, q.metric}, a);
    if (!replays.ok()) {
      ADD_FAILURE() << replays << ": " << lines[i];
      ++failures;
    }
  }
  for (size_t i = 0; i < replicas.size(); ++i) {
    if (i == 1) continue;  // killed
    EXPECT_EQ(replicas[i]->Stop(SIGTERM), 0);
  }
}

}  // namespace
}  // namespace tests
