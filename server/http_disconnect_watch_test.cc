#include "server/http_disconnect_watch.h"

#include <sys/socket.h>
#include <unistd.h>

#include <condition_variable>
#include <mutex>
#include <vector>

#include "gtest/gtest.h"

namespace server {
namespace {

// The keys reported, in order.
class Reports {
 public:
  void Add(uint64_t key) {
    std::lock_guard<std::mutex> lock(mu_);
    keys_.push_back(key);
    changed_.notify_all();
  }
  // Waits (up to 30 s) for `n` reports.
  std::vector<uint64_t> WaitFor(size_t n) {
    std::unique_lock<std::mutex> lock(mu_);
    changed_.wait_for(lock, std::chrono::seconds(30), [&] { return keys_.size() >= n; });
    return keys_;
  }
  std::vector<uint64_t> Now() {
    std::lock_guard<std::mutex> lock(mu_);
    return keys_;
  }

 private:
  std::mutex mu_;
  std::condition_variable changed_;
  std::vector<uint64_t> keys_;
};

struct Pair {
  int server = -1;  // the side that is watched
  int client = -1;
};

Pair SocketPair() {
  int fds[2];
  EXPECT_EQ(socketpair(AF_UNIX, SOCK_STREAM, 0, fds), 0);
  return {fds[0], fds[1]};
}

std::unique_ptr<DisconnectWatch> StartWatch(Reports* reports) {
  absl::StatusOr<std::unique_ptr<DisconnectWatch>> watch = DisconnectWatch::Create();
  EXPECT_TRUE(watch.ok()) << watch.status();
  (*watch)->Start([reports](uint64_t key) { reports->Add(key); });
  return *std::move(watch);
}

TEST(DisconnectWatchTest, ReportsAPeerThatClosesOrHalfCloses) {
  Reports reports;
  std::unique_ptr<DisconnectWatch> watch = StartWatch(&reports);
  Pair closed = SocketPair();
  Pair half = SocketPair();
  ASSERT_TRUE(watch->Watch(closed.server, 7));
  ASSERT_TRUE(watch->Watch(half.server, 8));
  close(closed.client);
  EXPECT_EQ(reports.WaitFor(1), std::vector<uint64_t>{7});
  shutdown(half.client, SHUT_WR);  // end-of-stream counts as leaving
  EXPECT_EQ(reports.WaitFor(2), (std::vector<uint64_t>{7, 8}));
  watch->Unwatch(closed.server);
  watch->Unwatch(half.server);
  for (int fd : {closed.server, half.server, half.client}) close(fd);
}

TEST(DisconnectWatchTest, APeerThatHasLeftAlreadyIsReportedAtOnce) {
  Reports reports;
  std::unique_ptr<DisconnectWatch> watch = StartWatch(&reports);
  Pair pair = SocketPair();
  close(pair.client);
  ASSERT_TRUE(watch->Watch(pair.server, 42));
  EXPECT_EQ(reports.WaitFor(1), std::vector<uint64_t>{42});
  watch->Unwatch(pair.server);
  close(pair.server);
}

// Data from the peer is not a hangup; each Watch reports once; an unwatched socket is not
// reported. Checked after a later hangup on another socket has been reported, which the watch's
// single thread handles after anything queued before it.
TEST(DisconnectWatchTest, DataIsNotAHangupAndUnwatchedSocketsAreNotReported) {
  Reports reports;
  std::unique_ptr<DisconnectWatch> watch = StartWatch(&reports);
  Pair talking = SocketPair();
  Pair unwatched = SocketPair();
  Pair marker = SocketPair();
  ASSERT_TRUE(watch->Watch(talking.server, 1));
  ASSERT_TRUE(watch->Watch(unwatched.server, 2));
  ASSERT_EQ(write(talking.client, "GET / HTTP/1.1\r\n\r\n", 18), 18);
  watch->Unwatch(unwatched.server);
  close(unwatched.client);
  ASSERT_TRUE(watch->Watch(marker.server, 3));
  close(marker.client);
  EXPECT_EQ(reports.WaitFor(1), std::vector<uint64_t>{3});
  // The talking peer now leaves: reported once, though its unread data is still there.
  close(talking.client);
  EXPECT_EQ(reports.WaitFor(2), (std::vector<uint64_t>{3, 1}));
  watch->Unwatch(marker.server);
  ASSERT_TRUE(watch->Watch(marker.server, 4));  // watched again: reported again
  EXPECT_EQ(reports.WaitFor(3), (std::vector<uint64_t>{3, 1, 4}));
  watch->Stop();
  EXPECT_EQ(reports.Now(), (std::vector<uint64_t>{3, 1, 4}));
  for (int fd : {talking.server, unwatched.server, marker.server}) close(fd);
}

TEST(DisconnectWatchTest, StopJoinsAndIsIdempotent) {
  Reports reports;
  std::unique_ptr<DisconnectWatch> watch = StartWatch(&reports);
  watch->Stop();
  watch->Stop();
  // A watch never started stops too.
  absl::StatusOr<std::unique_ptr<DisconnectWatch>> idle = DisconnectWatch::Create();
  ASSERT_TRUE(idle.ok());
  (*idle)->Stop();
}

}  // namespace
}  // namespace server
