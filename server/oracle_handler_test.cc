// The query logic behind every transport, over the Bazel-built tables of every puzzle.
#include "server/oracle_handler.h"

#include "gtest/gtest.h"
#include "puzzles/registry.h"

namespace server {
namespace {

class OracleHandlerTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    std::vector<std::unique_ptr<puzzle::LoadedPuzzle>> loaded;
    for (const puzzle::Puzzle* p : puzzle::AllPuzzles()) {
      absl::StatusOr<std::unique_ptr<puzzle::LoadedPuzzle>> l = puzzle::LoadPuzzle(*p, "data");
      ASSERT_TRUE(l.ok()) << l.status();
      loaded.push_back(*std::move(l));
    }
    OracleHandlerOptions options;
    options.limits.max_batch_size = 100;
    handler_ = new OracleHandler(std::move(loaded), options);
  }
  static void TearDownTestSuite() { delete handler_; }

  static const puzzle::LoadedPuzzle& Get(const std::string& name) { return **handler_->Find(name); }

  static OracleHandler* handler_;
};
OracleHandler* OracleHandlerTest::handler_ = nullptr;

TEST_F(OracleHandlerTest, ListsEveryServedPuzzleWithItsShapeMovesAndTables) {
  v2::ListPuzzlesResponse list;
  handler_->ListPuzzles(&list);
  ASSERT_EQ(list.puzzles_size(), static_cast<int>(puzzle::AllPuzzles().size()));
  for (int i = 0; i < list.puzzles_size(); ++i) {
    const v2::PuzzleInfo& info = list.puzzles(i);
    const puzzle::PuzzleInfo& want = puzzle::AllPuzzles()[i]->info();
    EXPECT_EQ(info.name(), want.name);
    EXPECT_EQ(info.layout_size(), want.rows * want.cols);
    EXPECT_EQ(info.moves_size(), static_cast<int>(want.moves.size()));
    ASSERT_GT(info.tables_size(), 0);
    for (const v2::TableSpec& t : info.tables()) EXPECT_EQ(t.loaded(), !t.optional()) << t.name();
    EXPECT_EQ(info.judge_formats_size(),
              static_cast<int>(puzzle::AllPuzzles()[i]->judge_formats().size()));
    // What a front end needs to replay a twisty puzzle's moves without copying its rules.
    EXPECT_EQ(info.move_separator(), want.move_separator);
    EXPECT_EQ(info.symbol_colours_size(), static_cast<int>(want.symbol_colours.size()));
    EXPECT_EQ(info.min_scramble_distance(), want.min_scramble_distance);
    for (int m = 0; m < info.moves_size(); ++m) {
      EXPECT_EQ(info.moves(m).symbol(), want.moves[m].symbol);
      ASSERT_EQ(info.moves(m).cycles_size(), static_cast<int>(want.moves[m].cycles.size()));
      for (int c = 0; c < info.moves(m).cycles_size(); ++c) {
        EXPECT_EQ(std::vector<int>(info.moves(m).cycles(c).stickers().begin(),
                                   info.moves(m).cycles(c).stickers().end()),
                  want.moves[m].cycles[c]);
      }
    }
  }
  // The 2x2x2's U turn: three 4-cycles of stickers (U's own four, and two through the top rows
  // of F, L, B and R).
  const v2::PuzzleInfo* cube = nullptr;
  for (const v2::PuzzleInfo& info : list.puzzles()) {
    if (info.name() == "cube2") cube = &info;
  }
  ASSERT_NE(cube, nullptr);
  EXPECT_EQ(cube->move_separator(), " ");
  EXPECT_EQ(cube->moves(0).symbol(), "U");
  ASSERT_EQ(cube->moves(0).cycles_size(), 3);
}

TEST_F(OracleHandlerTest, UnknownPuzzlesAreNamed) {
  EXPECT_EQ(
      handler_->Find("sixteen").status(),
      absl::NotFoundError("unknown puzzle 'sixteen'; this server serves " + puzzle::PuzzleNames()));
}

TEST_F(OracleHandlerTest, SolveGivesExtrasAndBoardsOnRequest) {
  v2::SolveRequest request;
  request.set_puzzle("rotation-game");
  request.set_start("1 1 1 1 3 2 3 2 3 1 3 2 2 3 1 2 2 2 3 1 2 1 3 3");
  request.set_include_boards(true);
  const puzzle::LoadedPuzzle& rotation = Get("rotation-game");
  std::unique_ptr<puzzle::SolveControl> control =
      handler_->MakeControl(rotation, absl::InfiniteFuture(), nullptr);
  v2::SolveResponse response;
  ASSERT_TRUE(handler_->Solve(rotation, request, *control, &response).ok());
  EXPECT_EQ(response.moves(), "AC");
  ASSERT_EQ(response.extras_size(), 1);
  EXPECT_EQ(response.extras(0).name(), "centre");
  EXPECT_EQ(response.extras(0).value(), 2);
  EXPECT_EQ(response.boards_size(), 3);  // the start and one board per op
  EXPECT_FALSE(response.has_search());   // a table lookup
}

TEST_F(OracleHandlerTest, SolveItemsKeepsOrderIdsAndPerItemErrors) {
  const puzzle::LoadedPuzzle& eight = Get("eight");
  google::protobuf::RepeatedPtrField<v2::SolveItem> items;
  const char* starts[] = {"12X453786", "123Y5678X", "21345678X"};
  for (int i = 0; i < 3; ++i) {
    v2::SolveItem* item = items.Add();
    item->set_id(100 + i);
    item->set_start(starts[i]);
  }
  google::protobuf::RepeatedPtrField<v2::SolveItemResult> results;
  std::unique_ptr<puzzle::SolveControl> control =
      handler_->MakeControl(eight, absl::InfiniteFuture(), nullptr);
  handler_->SolveItems(eight, items, *control, &results);
  ASSERT_EQ(results.size(), 3);
  EXPECT_EQ(results[0].id(), 100u);
  EXPECT_EQ(results[0].answer().moves(), "dd");
  EXPECT_EQ(results[1].code(), 3);
  EXPECT_EQ(results[1].error(), "start: symbol 'Y' at position 4; expected 1-8 or X");
  EXPECT_FALSE(results[1].has_answer());
  EXPECT_FALSE(results[2].answer().solvable());
  EXPECT_EQ(results[2].answer().distance(), -1);
}

TEST_F(OracleHandlerTest, ScrambleChecksItsArguments) {
  v2::ScrambleRequest request;
  request.set_puzzle("eight");
  request.set_moves(20);
  request.set_seed(4);
  v2::ScrambleResponse a, b;
  ASSERT_TRUE(handler_->Scramble(request, &a).ok());
  ASSERT_TRUE(handler_->Scramble(request, &b).ok());
  EXPECT_EQ(a.board(), b.board());
  request.set_moves(1001);
  EXPECT_EQ(handler_->Scramble(request, &a).message(), "moves: 1001; expected 0..1000");
  request.set_puzzle("nope");
  EXPECT_EQ(handler_->Scramble(request, &a).code(), absl::StatusCode::kNotFound);
}

// Random-state scrambles: reproducible, in the goal's class, for table puzzles with the moves
// that produce the board from the goal (replayed here) and at least min_scramble_distance of them.
TEST_F(OracleHandlerTest, RandomStateScramblesComeWithTheirMoves) {
  for (const puzzle::Puzzle* p : puzzle::AllPuzzles()) {
    const puzzle::PuzzleInfo& info = p->info();
    SCOPED_TRACE(info.name);
    int shortest = 1 << 20;
    for (uint64_t seed = 0; seed < 200; ++seed) {
      v2::ScrambleRequest request;
      request.set_puzzle(info.name);
      request.set_random_state(true);
      request.set_seed(seed);
      v2::ScrambleResponse a, b;
      ASSERT_TRUE(handler_->Scramble(request, &a).ok());
      ASSERT_TRUE(handler_->Scramble(request, &b).ok());
      EXPECT_EQ(a.board(), b.board());
      // The board is a position of the goal's class: the puzzle's own parity rule refuses an
      // "unsolvable" answer to it (no search needed, so this holds for the 15-puzzle too).
      puzzle::Answer unsolvable;
      EXPECT_FALSE(p->CheckAnswer({a.board(), info.default_goal}, unsolvable).ok()) << a.board();
      if ((info.searches && !info.near_optimal) || !info.has_goal) {
        EXPECT_FALSE(a.has_solution());
        continue;
      }
      ASSERT_TRUE(a.has_solution());
      puzzle::SolveControl control;
      puzzle::Answer answer;
      ASSERT_TRUE(
          Get(info.name).solver().Solve({a.board(), info.default_goal}, control, &answer).ok());
      EXPECT_TRUE(answer.solvable) << a.board();
      // From the goal, the moves reach the board (as the puzzle's own Trace replays them) ...
      {
        absl::StatusOr<std::vector<std::string>> trace =
            p->Trace(info.default_goal, a.solution().moves());
        ASSERT_TRUE(trace.ok()) << trace.status();
        puzzle::Answer same;
        ASSERT_TRUE(Get(info.name).solver().Solve({trace->back(), a.board()}, control, &same).ok());
        EXPECT_EQ(same.distance, 0) << trace->back() << " is not " << a.board();
        // ... and they are as many as the board's own distance (a near-optimal answer's length
        // depends on its direction: goal to board here, board to goal there).
        EXPECT_EQ(a.solution().distance(), puzzle::CountMoves(info, a.solution().moves()));
        if (!info.near_optimal) {
          EXPECT_EQ(a.solution().distance(), answer.distance);
        }
      }
      shortest = std::min(shortest, a.solution().distance());
    }
    if ((!info.searches || info.near_optimal) && info.has_goal) {
      EXPECT_GE(shortest, info.min_scramble_distance);
    }
  }
  v2::ScrambleRequest request;
  request.set_puzzle("cube2");
  request.set_random_state(true);
  request.set_moves(5);
  v2::ScrambleResponse response;
  EXPECT_EQ(handler_->Scramble(request, &response).message(),
            "moves: 5; a random_state scramble takes no moves (0)");
}

TEST_F(OracleHandlerTest, TableInfoDescribesEverySection) {
  const v2::GetTableInfoResponse& info = handler_->table_info();
  ASSERT_GE(info.tables_size(), 2);
  for (const v2::TableInfo& t : info.tables()) {
    EXPECT_EQ(t.format_version(), 2u);
    EXPECT_EQ(t.header_checksum().size(), 16u);
    ASSERT_GT(t.sections_size(), 0);
    EXPECT_EQ(t.sections(0).encoding(), "raw");
  }
  EXPECT_EQ(info.max_batch_size(), 100u);
}

TEST_F(OracleHandlerTest, TablePuzzlesRunInlineUpToABound) {
  const puzzle::LoadedPuzzle& eight = Get("eight");
  EXPECT_FALSE(handler_->RunsOffThread(eight, 1));
  EXPECT_FALSE(handler_->RunsOffThread(eight, OracleHandler::kInlineQueries));
  EXPECT_TRUE(handler_->RunsOffThread(eight, OracleHandler::kInlineQueries + 1));
}

}  // namespace
}  // namespace server
