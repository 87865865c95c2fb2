#include "server/http_acceptor.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <condition_variable>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/time/clock.h"
#include "gtest/gtest.h"
#include "server/http_listen.h"

namespace server {
namespace {

// What the acceptor handed over: the loop and socket of each connection, in order.
class Handed {
 public:
  bool Add(int loop, int fd) {
    std::lock_guard<std::mutex> lock(mu_);
    loops_.push_back(loop);
    fds_.push_back(fd);
    changed_.notify_all();
    return true;
  }
  // Waits (up to 30 s) until `n` connections were handed over; returns their loops.
  std::vector<int> WaitFor(size_t n) {
    std::unique_lock<std::mutex> lock(mu_);
    changed_.wait_for(lock, std::chrono::seconds(30), [&] { return loops_.size() >= n; });
    return loops_;
  }
  ~Handed() {
    for (int fd : fds_) close(fd);
  }

 private:
  std::mutex mu_;
  std::condition_variable changed_;
  std::vector<int> loops_;
  std::vector<int> fds_;
};

int ConnectTo(const std::string& address, const char* from_ip = "127.0.0.1") {
  const int fd = socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in local = {};
  local.sin_family = AF_INET;
  inet_pton(AF_INET, from_ip, &local.sin_addr);
  EXPECT_EQ(bind(fd, reinterpret_cast<sockaddr*>(&local), sizeof(local)), 0);
  sockaddr_in remote = {};
  remote.sin_family = AF_INET;
  inet_pton(AF_INET, "127.0.0.1", &remote.sin_addr);
  remote.sin_port = htons(static_cast<uint16_t>(std::stoi(address.substr(address.find(':') + 1))));
  EXPECT_EQ(connect(fd, reinterpret_cast<sockaddr*>(&remote), sizeof(remote)), 0);
  return fd;
}

// True once the server side has closed `fd` (read returns 0 or an error), waiting up to 30 s.
bool ClosedByServer(int fd) {
  pollfd p = {fd, POLLIN, 0};
  if (poll(&p, 1, 30000) != 1) return false;
  char byte;
  return read(fd, &byte, 1) <= 0;
}

// The acceptor counts a connection after the loop's callback returns, which is after the
// callback told the test it ran: a count read at once can be one short (a fresh machine's run and
// 2 runs in 20 here were). True once `count()` is `expected`, waiting up to 30 s.
bool Settles(const std::function<uint64_t()>& count, uint64_t expected) {
  const absl::Time deadline = absl::Now() + absl::Seconds(30);
  while (count() != expected) {
    if (absl::Now() > deadline) {
      ADD_FAILURE() << "the count is " << count() << "; expected " << expected;
      return false;
    }
    absl::SleepFor(absl::Milliseconds(1));
  }
  return true;
}

struct Started {
  std::unique_ptr<HttpAcceptor> acceptor;
  std::string address;
};

Started Start(HttpAcceptor::Limits limits, Handed* handed) {
  absl::StatusOr<HttpListener> listener = ListenHttp("127.0.0.1:0", 64);
  EXPECT_TRUE(listener.ok()) << listener.status();
  auto acceptor = std::make_unique<HttpAcceptor>(
      limits,
      [handed](int loop, int fd, const sockaddr*, socklen_t) { return handed->Add(loop, fd); },
      nullptr);
  EXPECT_TRUE(acceptor->Start(listener->fd).ok());
  return {std::move(acceptor), listener->address};
}

TEST(HttpAcceptorTest, SpreadsConnectionsOverTheLeastLoadedLoops) {
  Handed handed;
  Started s = Start({/*max_connections=*/10, /*max_connections_per_ip=*/0, /*loops=*/3}, &handed);
  std::vector<int> clients;
  for (int i = 0; i < 6; ++i) {
    clients.push_back(ConnectTo(s.address));
    handed.WaitFor(clients.size());  // one at a time, so the order is the acceptor's choice
  }
  EXPECT_EQ(handed.WaitFor(6), (std::vector<int>{0, 1, 2, 0, 1, 2}));
  // Loop 1 loses two connections: the next two go there.
  s.acceptor->Release(1, "127.0.0.1");
  s.acceptor->Release(1, "127.0.0.1");
  clients.push_back(ConnectTo(s.address));
  handed.WaitFor(7);
  clients.push_back(ConnectTo(s.address));
  EXPECT_EQ(handed.WaitFor(8), (std::vector<int>{0, 1, 2, 0, 1, 2, 1, 1}));
  EXPECT_TRUE(Settles([&] { return s.acceptor->accepted(); }, 8u));
  EXPECT_EQ(s.acceptor->refused(), 0u);
  for (int fd : clients) close(fd);
}

TEST(HttpAcceptorTest, ConnectionsBeyondTheLimitsAreClosedAtOnce) {
  Handed handed;
  Started s = Start({/*max_connections=*/3, /*max_connections_per_ip=*/2, /*loops=*/1}, &handed);
  const int a = ConnectTo(s.address, "127.0.0.1");
  const int b = ConnectTo(s.address, "127.0.0.1");
  handed.WaitFor(2);
  const int over_ip = ConnectTo(s.address, "127.0.0.1");  // a third from 127.0.0.1
  EXPECT_TRUE(ClosedByServer(over_ip));
  const int other = ConnectTo(s.address, "127.0.0.2");  // another address is admitted
  handed.WaitFor(3);
  const int over_total = ConnectTo(s.address, "127.0.0.3");  // but not a fourth in all
  EXPECT_TRUE(ClosedByServer(over_total));
  EXPECT_TRUE(Settles([&] { return s.acceptor->accepted(); }, 3u));
  EXPECT_TRUE(Settles([&] { return s.acceptor->refused(); }, 2u));
  // A released place is taken again.
  s.acceptor->Release(0, "127.0.0.1");
  const int again = ConnectTo(s.address, "127.0.0.1");
  EXPECT_EQ(handed.WaitFor(4).size(), 4u);
  for (int fd : {a, b, over_ip, other, over_total, again}) close(fd);
}

TEST(HttpAcceptorTest, AConnectionItsLoopRefusesIsCountedAndReleased) {
  int calls = 0;
  absl::StatusOr<HttpListener> listener = ListenHttp("127.0.0.1:0", 8);
  ASSERT_TRUE(listener.ok());
  std::mutex mu;
  std::condition_variable called;
  HttpAcceptor acceptor(
      {1, 0, 1},
      [&](int, int fd, const sockaddr*, socklen_t) {
        close(fd);  // the loop refuses it (and closes it, as libmicrohttpd does)
        std::lock_guard<std::mutex> lock(mu);
        ++calls;
        called.notify_all();
        return false;
      },
      nullptr);
  ASSERT_TRUE(acceptor.Start(listener->fd).ok());
  // With max_connections 1, the second would be refused by the limit if the first had not been
  // released when its loop refused it.
  for (int i = 1; i <= 2; ++i) {
    const int fd = ConnectTo(listener->address);
    std::unique_lock<std::mutex> lock(mu);
    ASSERT_TRUE(called.wait_for(lock, std::chrono::seconds(30), [&] { return calls == i; }));
    close(fd);
  }
  EXPECT_TRUE(Settles([&] { return acceptor.refused(); }, 2u));
  EXPECT_EQ(acceptor.accepted(), 0u);
}

TEST(HttpAcceptorTest, StopClosesTheListeningSocket) {
  Handed handed;
  Started s = Start({4, 0, 1}, &handed);
  s.acceptor->Stop();
  s.acceptor->Stop();  // idempotent
  const int fd = socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in remote = {};
  remote.sin_family = AF_INET;
  inet_pton(AF_INET, "127.0.0.1", &remote.sin_addr);
  remote.sin_port = htons(static_cast<uint16_t>(std::stoi(s.address.substr(10))));
  EXPECT_NE(connect(fd, reinterpret_cast<sockaddr*>(&remote), sizeof(remote)), 0);
  EXPECT_EQ(errno, ECONNREFUSED);
  close(fd);
}

}  // namespace
}  // namespace server
