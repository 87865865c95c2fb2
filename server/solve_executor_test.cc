#include "server/solve_executor.h"

#include <atomic>
#include <condition_variable>
#include <mutex>

#include "gtest/gtest.h"

namespace server {
namespace {

constexpr int64_t kNoMemoryLimit = int64_t{1} << 40;
constexpr int64_t kMiB = 1 << 20;

// A gate the test opens: tasks wait on it, so the test controls when workers are busy.
class Gate {
 public:
  void Wait() {
    std::unique_lock<std::mutex> lock(mu_);
    open_cv_.wait(lock, [this] { return open_; });
  }
  void Open() {
    {
      std::lock_guard<std::mutex> lock(mu_);
      open_ = true;
    }
    open_cv_.notify_all();
  }

 private:
  std::mutex mu_;
  std::condition_variable open_cv_;
  bool open_ = false;
};

TEST(SolveExecutorTest, RunsEveryAcceptedTask) {
  std::atomic<int> done{0};
  {
    SolveExecutor executor(2, 1000, kNoMemoryLimit);
    for (int i = 0; i < 500; ++i) {
      ASSERT_TRUE(executor.Submit([&done] { ++done; }).ok());
    }
  }  // the destructor runs what was accepted
  EXPECT_EQ(done.load(), 500);
}

TEST(SolveExecutorTest, AFullQueueIsRefusedAtOnceWithTheLimitsNamed) {
  Gate gate;
  std::atomic<int> started{0};
  SolveExecutor executor(1, 2, kNoMemoryLimit);
  ASSERT_TRUE(executor
                  .Submit([&] {
                    ++started;
                    gate.Wait();
                  })
                  .ok());
  while (started.load() == 0) std::this_thread::yield();  // the worker is now busy
  ASSERT_TRUE(executor.Submit([] {}).ok());
  ASSERT_TRUE(executor.Submit([] {}).ok());
  EXPECT_EQ(executor.queued(), 2u);
  const absl::Status refused = executor.Submit([] {});
  EXPECT_EQ(refused.code(), absl::StatusCode::kResourceExhausted);
  EXPECT_EQ(refused.message(),
            "the server is busy: 1 searches running and 2 waiting (--solve_threads, "
            "--solve_queue); retry later");
  gate.Open();
}

TEST(SolveExecutorTest, WithNoWaitingRoomEachWorkerTakesOneTaskEvenBeforeItHasStarted) {
  Gate gate;
  std::atomic<int> done{0};
  SolveExecutor executor(1, 0, kNoMemoryLimit);
  // Submitted at once, before the worker thread has necessarily reached its wait.
  ASSERT_TRUE(executor
                  .Submit([&] {
                    gate.Wait();
                    ++done;
                  })
                  .ok());
  EXPECT_EQ(executor.Submit([] {}).code(), absl::StatusCode::kResourceExhausted);
  gate.Open();
  // Once the first is done, the worker takes another.
  absl::Status again = absl::UnknownError("not tried");
  for (int i = 0; i < 100000 && !again.ok(); ++i) {
    again = executor.Submit([&done] { ++done; });
    if (!again.ok()) std::this_thread::yield();
  }
  EXPECT_TRUE(again.ok()) << again;
  executor.Stop();
  EXPECT_EQ(done.load(), 2);
}

TEST(SolveExecutorTest, SubmitAfterStopIsRefused) {
  SolveExecutor executor(1, 4, kNoMemoryLimit);
  executor.Stop();
  executor.Stop();  // idempotent
  EXPECT_EQ(executor.Submit([] {}).code(), absl::StatusCode::kFailedPrecondition);
}

TEST(SolveExecutorTest, TasksOverTheMemoryCapacityAreRefusedAndTheirBytesComeBackWhenDone) {
  Gate gate;
  std::atomic<int> started{0};
  std::atomic<int> done{0};
  SolveExecutor executor(1, 100, 10 * kMiB);
  auto blocked = [&] {
    ++started;
    gate.Wait();
    ++done;
  };
  ASSERT_TRUE(executor.Submit(blocked, 6 * kMiB).ok());
  while (started.load() == 0) std::this_thread::yield();  // running: its 6 MiB still count
  ASSERT_TRUE(executor.Submit([&done] { ++done; }, 4 * kMiB).ok());  // exactly full
  EXPECT_EQ(executor.bytes_held(), 10 * kMiB);
  const absl::Status refused = executor.Submit([] {}, 1);
  EXPECT_EQ(refused.code(), absl::StatusCode::kResourceExhausted);
  EXPECT_EQ(refused.message(),
            "the server is busy: the requests in flight hold 10.0 MiB of its 10 MiB, and this one "
            "needs 0.0 MiB (--request_memory_mib); retry later");
  ASSERT_TRUE(executor.Submit([&done] { ++done; }, 0).ok());  // holds nothing: still fits
  gate.Open();
  while (done.load() < 3) std::this_thread::yield();
  // The bytes are given back just after each task returns.
  for (int i = 0; i < 100000 && executor.bytes_held() != 0; ++i) std::this_thread::yield();
  EXPECT_EQ(executor.bytes_held(), 0);
  EXPECT_TRUE(executor.Submit([] {}, 10 * kMiB).ok());
}

TEST(SolveExecutorTest, ATaskLargerThanTheCapacityRunsWhenNothingElseHoldsMemory) {
  SolveExecutor executor(1, 4, 1 * kMiB);
  std::atomic<int> done{0};
  ASSERT_TRUE(executor.Submit([&done] { ++done; }, 5 * kMiB).ok());
  executor.Stop();
  EXPECT_EQ(done.load(), 1);
}

}  // namespace
}  // namespace server
