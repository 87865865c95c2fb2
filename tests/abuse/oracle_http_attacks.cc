#include "tests/abuse/oracle_http_attacks.h"

#include <google/protobuf/util/json_util.h>

#include <algorithm>
#include <climits>
#include <random>
#include <thread>
#include <utility>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/synchronization/mutex.h"
#include "puzzleoracle/v2/oracle.pb.h"
#include "puzzles/registry.h"

namespace abuse {
namespace {

namespace v2 = ::puzzleoracle::v2;

int MaxMessageSize(const OracleHttpOptions& o) {
  if (o.max_message_size > 0) return o.max_message_size;
  return static_cast<int>(std::min<int64_t>(int64_t{o.max_batch_size} * 128 + 4096, INT_MAX));
}

// "<what>: <status> <body>", or "<what>: <error>" when no answer came.
std::string Outcome(absl::string_view what, const absl::StatusOr<HttpReply>& reply,
                    bool with_body = true) {
  if (!reply.ok()) return absl::StrCat(what, ": no answer: ", reply.status().message());
  if (!with_body) return absl::StrCat(what, ": ", reply->status);
  return absl::StrCat(what, ": ", reply->status, " ", Shorten(reply->body));
}

// Sends one request on a new connection and reads its answer.
absl::StatusOr<HttpReply> Exchange(const std::string& address, const std::string& request,
                                   absl::Duration timeout = absl::Seconds(30)) {
  absl::StatusOr<std::unique_ptr<RawConnection>> conn = RawConnection::Connect(address);
  if (!conn.ok()) return conn.status();
  absl::Status wrote = (*conn)->Write(request, timeout);
  if (!wrote.ok()) {
    // The server may answer (413) and close before reading the whole body.
    absl::StatusOr<HttpReply> early = (*conn)->ReadResponse(absl::Seconds(2));
    if (early.ok()) return early;
    return wrote;
  }
  return (*conn)->ReadResponse(timeout);
}

std::string SolveJson(const std::string& start, const std::string& goal) {
  return absl::StrCat(R"({"start":")", start, R"(","goal":")", goal, R"("})");
}

// OK when `body` is the JSON answer to (start, goal).
absl::Status CheckSolveJson(const Reference* reference, const std::string& puzzle,
                            const std::string& start, const std::string& goal,
                            const std::string& body) {
  if (reference == nullptr) return absl::OkStatus();
  v2::SolveResponse response;
  if (!google::protobuf::util::JsonStringToMessage(body, &response).ok()) {
    return absl::InternalError(absl::StrCat("not a SolveResponse: ", Shorten(body, 200)));
  }
  return reference->Check(puzzle, start, goal, response);
}

constexpr size_t kFormBodyBytes = 10000;

class HttpErrorsAttack final : public Attack {
 public:
  explicit HttpErrorsAttack(OracleHttpOptions options) : options_(std::move(options)) {}
  std::string name() const override { return "http_errors"; }

  void Run(const std::string& address, const absl::Notification& stop,
           AttackReport* report) override {
    int rounds = 0;
    Repeat(stop, options_.rounds, options_.repeat_pause, [&] {
      ++rounds;
      report->Count(Outcome("GET /%ff%fe", Exchange(address, FormatRequest("GET", "/%ff%fe"))));
      report->Count(Outcome("TRACE /", Exchange(address, FormatRequest("TRACE", "/"))));
      // What `curl -d '{...}' URL` sends, padded with spaces past libmicrohttpd's 8192-byte
      // form buffer (the review's case): read as JSON all the same.
      std::string body = SolveJson("564178X23", "7568X4123");
      body.insert(0, kFormBodyBytes - body.size(), ' ');
      absl::StatusOr<HttpReply> form = Exchange(
          address, FormatRequest("POST", "/v2/puzzles/eight:solve",
                                 {{"Content-Type", "application/x-www-form-urlencoded"}}, body));
      report->Count(Outcome(
          absl::StrCat("POST /v2/puzzles/eight:solve as a form of ", kFormBodyBytes, " bytes"),
          form, false));
      if (form.ok() && form->status == 200) {
        report->CountWrong(
            CheckSolveJson(options_.reference, "eight", "564178X23", "7568X4123", form->body));
      }
    });
    report->Add("rounds", absl::StrCat(rounds));
  }

 private:
  const OracleHttpOptions options_;
};

class PipelinedSolvesAttack final : public Attack {
 public:
  explicit PipelinedSolvesAttack(OracleHttpOptions options) : options_(std::move(options)) {}
  std::string name() const override { return "pipelined_solves"; }

  void Run(const std::string& address, const absl::Notification& stop,
           AttackReport* report) override {
    std::mt19937_64 rng(17);
    int rounds = 0;
    Repeat(stop, options_.rounds, options_.repeat_pause, [&] {
      ++rounds;
      std::vector<std::pair<std::string, std::string>> queries;
      std::vector<std::string> requests;
      for (int i = 0; i < options_.pipeline_depth; ++i) {
        queries.emplace_back(Reference::RandomBoard("eight", rng),
                             Reference::RandomBoard("eight", rng));
        requests.push_back(FormatRequest("POST", "/v2/puzzles/eight:solve",
                                         {{"Content-Type", "application/json"}},
                                         SolveJson(queries.back().first, queries.back().second)));
      }
      const PipelineResult result = PipelinedRequests(address, requests);
      int ok = 0;
      for (size_t i = 0; i < result.replies.size(); ++i) {
        if (result.replies[i].status != 200) {
          report->Count(absl::StrCat("answer with status ", result.replies[i].status));
          continue;
        }
        ++ok;
        // In order: answer i is the answer to query i.
        report->CountWrong(CheckSolveJson(options_.reference, "eight", queries[i].first,
                                          queries[i].second, result.replies[i].body));
      }
      report->Count(absl::StrCat("burst of ", result.sent, ": ", ok, " answered 200",
                                 result.error.empty() ? "" : ", then " + result.error));
    });
    report->Add("rounds", absl::StrCat(rounds));
  }

 private:
  const OracleHttpOptions options_;
};

class MaxBodiesAttack final : public Attack {
 public:
  explicit MaxBodiesAttack(OracleHttpOptions options) : options_(std::move(options)) {
    const size_t max = static_cast<size_t>(MaxMessageSize(options_));
    // {"items":[{},{},...]} of exactly `max` bytes (padded with spaces).
    std::string empty = R"({"items":[{})";
    while (empty.size() + 3 + 2 <= max) empty += ",{}";
    empty += "]}";
    empty_items_ = static_cast<int>((empty.size() - 12) / 3);
    empty.append(max - empty.size(), ' ');
    bodies_.push_back({absl::StrCat("POST :solveBatch, ", max, " bytes of empty items"), empty});
    // A batch of max_batch_size boards, padded to `max` bytes.
    std::mt19937_64 rng(19);
    std::string batch = R"({"items":[)";
    for (int i = 0; i < options_.max_batch_size; ++i) {
      v2::SolveItem item;
      item.set_id(static_cast<uint64_t>(i) + 1);
      item.set_start(Reference::RandomBoard("eight", rng));
      item.set_goal(Reference::RandomBoard("eight", rng));
      absl::StrAppend(&batch, i > 0 ? "," : "", R"({"id":")", item.id(), R"(","start":")",
                      item.start(), R"(","goal":")", item.goal(), R"("})");
      items_.push_back(std::move(item));
    }
    batch += "]}";
    if (batch.size() < max) batch.append(max - batch.size(), ' ');
    bodies_.push_back({absl::StrCat("POST :solveBatch, ", options_.max_batch_size, " boards in ",
                                    batch.size(), " bytes"),
                       batch});
    std::string over = empty;
    over.push_back(' ');
    bodies_.push_back({absl::StrCat("POST :solveBatch, ", max + 1, " bytes"), over});
  }
  std::string name() const override { return "max_bodies"; }

  void Run(const std::string& address, const absl::Notification& stop,
           AttackReport* report) override {
    report->Add("empty items in the max-size body", absl::StrCat(empty_items_));
    int rounds = 0;
    absl::Mutex mu;
    Repeat(stop, options_.rounds, options_.repeat_pause, [&] {
      ++rounds;
      std::vector<std::thread> threads;
      for (int t = 0; t < options_.body_threads; ++t) {
        threads.emplace_back([&] {
          for (size_t b = 0; b < bodies_.size(); ++b) {
            absl::StatusOr<HttpReply> reply = Exchange(
                address, FormatRequest("POST", "/v2/puzzles/eight:solveBatch",
                                       {{"Content-Type", "application/json"}}, bodies_[b].body));
            AttackReport local;
            const bool answers = b == kBatchBody && reply.ok() && reply->status == 200;
            if (answers && options_.reference != nullptr) CheckBatch(reply->body, &local);
            absl::MutexLock lock(&mu);
            report->Count(Outcome(bodies_[b].what, reply, /*with_body=*/!answers));
            report->Merge(local);
          }
        });
      }
      for (std::thread& t : threads) t.join();
    });
    report->Add("rounds", absl::StrCat(rounds, " of ", options_.body_threads, " connections x ",
                                       bodies_.size(), " bodies"));
  }

 private:
  static constexpr size_t kBatchBody = 1;  // bodies_[1] is the batch of boards
  struct Body {
    std::string what;
    std::string body;
  };

  void CheckBatch(const std::string& body, AttackReport* report) const {
    v2::SolveBatchResponse response;
    if (!google::protobuf::util::JsonStringToMessage(body, &response).ok() ||
        response.results_size() != static_cast<int>(items_.size())) {
      report->CountWrong(
          absl::InternalError(absl::StrCat("not the batch's answer: ", Shorten(body, 200))));
      return;
    }
    for (size_t i = 0; i < items_.size(); ++i) {
      report->CountWrong(
          options_.reference->Check("eight", items_[i], response.results(static_cast<int>(i))));
    }
  }

  const OracleHttpOptions options_;
  std::vector<Body> bodies_;
  std::vector<v2::SolveItem> items_;
  int empty_items_ = 0;
};

}  // namespace

std::vector<std::string> OracleHttpAttackNames() {
  return {"http_errors", "pipelined_solves", "max_bodies"};
}

absl::StatusOr<std::unique_ptr<Attack>> MakeOracleHttpAttack(absl::string_view name,
                                                             const OracleHttpOptions& options) {
  if (name == "http_errors") return std::make_unique<HttpErrorsAttack>(options);
  if (name == "pipelined_solves") return std::make_unique<PipelinedSolvesAttack>(options);
  if (name == "max_bodies") return std::make_unique<MaxBodiesAttack>(options);
  return absl::InvalidArgumentError(absl::StrCat("unknown oracle HTTP attack '", name,
                                                 "'; expected one of ",
                                                 absl::StrJoin(OracleHttpAttackNames(), ", ")));
}

std::function<CheckedRequest(int i)> CheckedSolves(const Reference* reference, uint64_t seed) {
  auto rng = std::make_shared<std::mt19937_64>(seed);
  return [reference, rng](int i) {
    const std::vector<const puzzle::Puzzle*>& puzzles = TablePuzzles();
    const puzzle::PuzzleInfo& info = puzzles[static_cast<size_t>(i) % puzzles.size()]->info();
    const std::string start = Reference::RandomBoard(info.name, *rng);
    const std::string goal = info.has_goal ? Reference::RandomBoard(info.name, *rng) : "";
    CheckedRequest request;
    request.target = absl::StrCat("/v2/puzzles/", info.name, ":solve");
    request.body = SolveJson(start, goal);
    request.check = [reference, name = info.name, start, goal](const HttpReply& reply) {
      return CheckSolveJson(reference, name, start, goal, reply.body);
    };
    return request;
  };
}

}  // namespace abuse
