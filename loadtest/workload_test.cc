// The load test's own checks: the workload covers every class it claims, and the comparison
// catches a wrong answer, a wrong message, a wrong code and a wrong id.
#include "loadtest/workload.h"

#include <set>

#include "absl/strings/match.h"
#include "gtest/gtest.h"
#include "puzzle/puzzle_loader.h"
#include "puzzle/solver_oracle.h"
#include "puzzles/registry.h"

namespace loadtest {
namespace {

class WorkloadTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    auto eight = puzzle::LoadPuzzle(*puzzle::FindPuzzle("eight"), "data");
    ASSERT_TRUE(eight.ok()) << eight.status();
    eight_ = eight->release();
    puzzle::SolverOracle oracle(&eight_->solver());
    WorkloadOptions options;
    options.size = 20000;
    auto built = Workload::Build(oracle, options);
    ASSERT_TRUE(built.ok()) << built.status();
    workload_ = new Workload(*std::move(built));
  }
  static void TearDownTestSuite() {
    delete workload_;
    delete eight_;
  }

  static const QueryCase& First(CaseKind kind) {
    for (const QueryCase& c : workload_->cases()) {
      if (c.kind == kind && (kind != CaseKind::kSolvable || c.expected.answer.distance > 0))
        return c;
    }
    ADD_FAILURE() << "no case of that kind";
    return workload_->cases().front();
  }

  static api::SolveResponse Expected(const QueryCase& c) {
    api::SolveResponse r;
    r.set_solvable(c.expected.answer.solvable);
    r.set_distance(c.expected.answer.distance);
    r.set_moves(c.expected.answer.moves);
    return r;
  }

  static puzzle::LoadedPuzzle* eight_;
  static Workload* workload_;
};
puzzle::LoadedPuzzle* WorkloadTest::eight_ = nullptr;
Workload* WorkloadTest::workload_ = nullptr;

TEST_F(WorkloadTest, MixMatchesTheRequestedShares) {
  const double n = static_cast<double>(workload_->cases().size());
  EXPECT_NEAR(workload_->Count(CaseKind::kMalformed) / n, 0.20, 0.02);
  EXPECT_NEAR(workload_->Count(CaseKind::kUnsolvable) / n, 0.25, 0.02);
  EXPECT_NEAR(workload_->Count(CaseKind::kSolvable) / n, 0.55, 0.02);
}

TEST_F(WorkloadTest, MalformedQueriesCoverEveryRejectionClass) {
  std::set<std::string> classes;
  for (const QueryCase& c : workload_->cases()) {
    if (c.kind != CaseKind::kMalformed) continue;
    EXPECT_EQ(c.expected.status.code(), absl::StatusCode::kInvalidArgument);
    const std::string m(c.expected.status.message());
    for (const char* key : {"empty board", "expected 9 symbols", "duplicate tile", "symbol '",
                            "two blanks", "no blank", "characters)"}) {
      if (absl::StrContains(m, key)) classes.insert(key);
    }
    if (absl::StartsWith(m, "goal: ")) classes.insert("goal");
  }
  EXPECT_EQ(classes.size(), 8u) << "classes seen: " << classes.size();
}

TEST_F(WorkloadTest, SameSeedSameWorkload) {
  puzzle::SolverOracle oracle(&eight_->solver());
  WorkloadOptions options;
  options.size = 20000;
  auto again = Workload::Build(oracle, options);
  ASSERT_TRUE(again.ok());
  for (size_t i = 0; i < again->cases().size(); i += 997) {
    EXPECT_EQ(again->cases()[i].query.start, workload_->cases()[i].query.start);
    EXPECT_EQ(again->cases()[i].query.goal, workload_->cases()[i].query.goal);
  }
}

TEST_F(WorkloadTest, RightAnswersPass) {
  for (CaseKind kind : {CaseKind::kSolvable, CaseKind::kUnsolvable}) {
    const QueryCase& c = First(kind);
    EXPECT_EQ(CheckResult(c, 0, "", Expected(c)).kind, Verdict::kRight);
  }
  const QueryCase& bad = First(CaseKind::kMalformed);
  EXPECT_EQ(CheckResult(bad, 3, bad.expected.status.message(), api::SolveResponse()).kind,
            Verdict::kRight);
}

TEST_F(WorkloadTest, WrongMovesDistanceOrSolvabilityAreWrongAnswers) {
  const QueryCase& c = First(CaseKind::kSolvable);
  api::SolveResponse r = Expected(c);
  r.mutable_moves()->back() = r.moves().back() == 'd' ? 'u' : 'd';
  EXPECT_EQ(CheckResult(c, 0, "", r).kind, Verdict::kWrongAnswer);
  r = Expected(c);
  r.set_distance(r.distance() + 2);
  EXPECT_EQ(CheckResult(c, 0, "", r).kind, Verdict::kWrongAnswer);
  r = Expected(c);
  r.set_solvable(false);
  EXPECT_EQ(CheckResult(c, 0, "", r).kind, Verdict::kWrongAnswer);
}

TEST_F(WorkloadTest, WrongCodesAndMessagesAreCaught) {
  const QueryCase& good = First(CaseKind::kSolvable);
  EXPECT_EQ(CheckResult(good, 3, "start: nope", api::SolveResponse()).kind, Verdict::kWrongCode);
  const QueryCase& bad = First(CaseKind::kMalformed);
  EXPECT_EQ(CheckResult(bad, 0, "", Expected(good)).kind, Verdict::kWrongCode);
  EXPECT_EQ(CheckResult(bad, 14, "unavailable", api::SolveResponse()).kind, Verdict::kWrongCode);
  const Verdict v = CheckResult(bad, 3, "start: something else", api::SolveResponse());
  EXPECT_EQ(v.kind, Verdict::kWrongAnswer);
  EXPECT_TRUE(absl::StrContains(v.detail, "something else")) << v.detail;
}

TEST_F(WorkloadTest, ItemsCheckTheEchoedId) {
  const QueryCase& c = First(CaseKind::kSolvable);
  api::SolveItemResult item;
  item.set_id(7);
  *item.mutable_answer() = Expected(c);
  EXPECT_EQ(CheckItem(c, 7, item).kind, Verdict::kRight);
  EXPECT_EQ(CheckItem(c, 8, item).kind, Verdict::kWrongAnswer);
}

}  // namespace
}  // namespace loadtest
