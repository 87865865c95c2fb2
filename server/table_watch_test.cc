#include "server/table_watch.h"

#include <fcntl.h>
#include <unistd.h>

#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <fstream>

#include "absl/time/clock.h"
#include "gtest/gtest.h"

namespace server {
namespace {

std::string TempFile(const std::string& name, const std::string& contents) {
  const std::string path = std::string(std::getenv("TEST_TMPDIR")) + "/" + name;
  std::ofstream(path) << contents;
  return path;
}

bool WaitFor(const std::atomic<int>& value, int want) {
  for (int i = 0; i < 500 && value.load() < want; ++i) absl::SleepFor(absl::Milliseconds(10));
  return value.load() >= want;
}

TEST(TableWatchTest, AnInPlaceWriteOrTruncationIsReported) {
  const std::string path = TempFile("watched.tbl", "0123456789");
  std::atomic<int> changes{0};
  std::string seen;
  absl::StatusOr<std::unique_ptr<TableWatch>> watch =
      TableWatch::Start({path}, [&](const std::string& p) {
        seen = p;
        ++changes;
      });
  ASSERT_TRUE(watch.ok()) << watch.status();
  ASSERT_EQ(::truncate(path.c_str(), 4), 0);
  ASSERT_TRUE(WaitFor(changes, 1));
  EXPECT_EQ(seen, path);
  std::ofstream(path, std::ios::app) << "x";
  EXPECT_TRUE(WaitFor(changes, 2));
}

TEST(TableWatchTest, AReplacementByRenameIsNotAChange) {
  const std::string path = TempFile("renamed.tbl", "old");
  const std::string next = TempFile("renamed.tbl.new", "new");
  std::atomic<int> changes{0};
  absl::StatusOr<std::unique_ptr<TableWatch>> watch =
      TableWatch::Start({path}, [&](const std::string&) { ++changes; });
  ASSERT_TRUE(watch.ok()) << watch.status();
  ASSERT_EQ(std::rename(next.c_str(), path.c_str()), 0);
  absl::SleepFor(absl::Milliseconds(200));
  EXPECT_EQ(changes.load(), 0);
}

TEST(TableWatchTest, AMissingFileIsAnError) {
  absl::StatusOr<std::unique_ptr<TableWatch>> watch =
      TableWatch::Start({"/nonexistent/x.tbl"}, [](const std::string&) {});
  EXPECT_EQ(watch.status().code(), absl::StatusCode::kUnavailable);
  EXPECT_EQ(watch.status().message(),
            "cannot watch table file /nonexistent/x.tbl: No such file or directory");
}

}  // namespace
}  // namespace server
