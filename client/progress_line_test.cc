#include "client/progress_line.h"

#include <cstdio>
#include <string>

#include "gtest/gtest.h"

namespace client {
namespace {

puzzle::SearchProgress Progress(int bound, uint64_t nodes, absl::Duration elapsed) {
  puzzle::SearchProgress p;
  p.bound = bound;
  p.nodes = nodes;
  p.elapsed = elapsed;
  return p;
}

// What `write` puts on a FILE.
template <typename Write>
std::string Captured(bool enabled, Write write) {
  char* buffer = nullptr;
  size_t size = 0;
  std::FILE* out = open_memstream(&buffer, &size);
  {
    ProgressLine line(out, enabled);
    write(line);
  }
  std::fclose(out);
  std::string text(buffer, size);
  free(buffer);
  return text;
}

TEST(ProgressLineTest, FormatsBoundNodesAndSeconds) {
  EXPECT_EQ(FormatSearchProgress(Progress(52, 12345678, absl::Milliseconds(1234))),
            "searching: bound 52, 12,345,678 nodes, 1.2 s");
  EXPECT_EQ(FormatSearchProgress(Progress(7, 0, absl::ZeroDuration())),
            "searching: bound 7, 0 nodes, 0.0 s");
  EXPECT_EQ(FormatSearchProgress(Progress(80, 999, absl::Seconds(30))),
            "searching: bound 80, 999 nodes, 30.0 s");
  EXPECT_EQ(FormatSearchProgress(Progress(80, 1000, absl::Seconds(30))),
            "searching: bound 80, 1,000 nodes, 30.0 s");
}

TEST(ProgressLineTest, OverwritesItselfAndErasesAtTheEnd) {
  const std::string text = Captured(true, [](ProgressLine& line) {
    line.Show(Progress(40, 10, absl::Milliseconds(100)));
    line.Show(Progress(42, 2000, absl::Milliseconds(200)));
  });
  EXPECT_EQ(text,
            "\rsearching: bound 40, 10 nodes, 0.1 s\033[K"
            "\rsearching: bound 42, 2,000 nodes, 0.2 s\033[K"
            "\r\033[K");
}

TEST(ProgressLineTest, DisabledOrUnusedWritesNothing) {
  EXPECT_EQ(Captured(false,
                     [](ProgressLine& line) {
                       line.Show(Progress(40, 10, absl::Milliseconds(100)));
                       line.Clear();
                     }),
            "");
  EXPECT_EQ(Captured(true, [](ProgressLine& line) { line.Clear(); }), "");
}

}  // namespace
}  // namespace client
