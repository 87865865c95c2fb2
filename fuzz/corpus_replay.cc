// Replays fuzz inputs through a fuzz target without libFuzzer, so the checked-in corpora run in
// every ordinary `bazel test //...` (gcc, no sanitizer runtime needed).
//
// Usage: <target>_corpus_test DIR_OR_FILE...   (the BUILD rule passes fuzz/corpus/<target>)
//        bazel run //fuzz:<target> -- $PWD/crash-1234      (reproduce one input, gcc build)
// Every file under the arguments becomes one test case, named after its path, which feeds the
// file's bytes to LLVMFuzzerTestOneInput. A broken property aborts (FUZZ_CHECK), which fails the
// test and names the input being run.
//
// Without a sanitizer, a memory blow-up would eat the shared machine before failing, so the
// replay caps its address space (--replay_memory_limit_mb, 4096 by default; 0 turns it off).
// --check_open_issues sets $FUZZ_CHECK_OPEN (fuzz_check.h): the open regression tests pass it.
#include <sys/resource.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "fuzz/fuzz_check.h"
#include "gtest/gtest.h"

#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define FUZZ_REPLAY_UNDER_SANITIZER 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer) || \
    __has_feature(memory_sanitizer)
#define FUZZ_REPLAY_UNDER_SANITIZER 1
#endif
#endif

namespace {

class ReplayInput : public ::testing::Test {
 public:
  explicit ReplayInput(std::string path) : path_(std::move(path)) {}

  void TestBody() override {
    std::ifstream in(path_, std::ios::binary);
    ASSERT_TRUE(in) << "cannot read " << path_;
    const std::vector<char> bytes((std::istreambuf_iterator<char>(in)),
                                  std::istreambuf_iterator<char>());
    // A copy the exact size of the input, so that an overread is an overread.
    std::unique_ptr<uint8_t[]> data(new uint8_t[std::max<size_t>(bytes.size(), 1)]);
    if (!bytes.empty()) std::memcpy(data.get(), bytes.data(), bytes.size());
    std::fprintf(stderr, "replaying %s (%zu bytes)\n", path_.c_str(), bytes.size());
    EXPECT_EQ(LLVMFuzzerTestOneInput(data.get(), bytes.size()), 0);
  }

 private:
  const std::string path_;
};

std::vector<std::string> CollectInputs(const std::vector<std::string>& roots) {
  std::vector<std::string> files;
  for (const std::string& root : roots) {
    std::error_code error;
    if (std::filesystem::is_directory(root, error)) {
      for (const auto& entry : std::filesystem::recursive_directory_iterator(
               root, std::filesystem::directory_options::follow_directory_symlink)) {
        if (!entry.is_directory()) files.push_back(entry.path().string());
      }
    } else {
      files.push_back(root);
    }
  }
  std::sort(files.begin(), files.end());
  return files;
}

void LimitMemory(long megabytes) {
#ifndef FUZZ_REPLAY_UNDER_SANITIZER
  if (megabytes <= 0) return;
  const rlim_t bytes = static_cast<rlim_t>(megabytes) << 20;
  rlimit limit{bytes, bytes};
  if (setrlimit(RLIMIT_AS, &limit) != 0) std::perror("setrlimit(RLIMIT_AS)");
#else
  (void)megabytes;  // sanitizers reserve terabytes of shadow address space
#endif
}

}  // namespace

int main(int argc, char** argv) {
  ::testing::InitGoogleTest(&argc, argv);
  long memory_limit_mb = 4096;
  std::vector<std::string> roots;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    const std::string flag = "--replay_memory_limit_mb=";
    if (arg.rfind(flag, 0) == 0) {
      memory_limit_mb = std::atol(arg.c_str() + flag.size());
    } else if (arg == "--check_open_issues") {
      setenv("FUZZ_CHECK_OPEN", "1", 1);
    } else {
      roots.push_back(arg);
    }
  }
  const std::vector<std::string> inputs = CollectInputs(roots);
  if (inputs.empty()) {
    std::fprintf(stderr, "no fuzz inputs under the arguments; usage: %s DIR_OR_FILE...\n", argv[0]);
    return 1;
  }
  LimitMemory(memory_limit_mb);
  for (const std::string& path : inputs) {
    ::testing::RegisterTest("Replay", path.c_str(), nullptr, nullptr, __FILE__, __LINE__,
                            [path]() -> ::testing::Test* { return new ReplayInput(path); });
  }
  return RUN_ALL_TESTS();
}
