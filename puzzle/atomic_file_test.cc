#include "puzzle/atomic_file.h"

#include <dirent.h>
#include <signal.h>
#include <sys/resource.h>

#include <fstream>
#include <sstream>
#include <string>

#include "gtest/gtest.h"

namespace puzzle {
namespace {

std::string TempDir() { return getenv("TEST_TMPDIR"); }

std::string ReadAll(const std::string& path) {
  std::ifstream in(path);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

int CountEntries(const std::string& dir) {
  int n = 0;
  DIR* d = opendir(dir.c_str());
  while (dirent* e = readdir(d)) n += e->d_name[0] != '.';
  closedir(d);
  return n;
}

TEST(AtomicFileTest, WritesAndReplaces) {
  const std::string dir = TempDir() + "/replace";
  ASSERT_EQ(system(("mkdir -p " + dir).c_str()), 0);
  ASSERT_TRUE(WriteFileAtomically(dir + "/f", "first").ok());
  ASSERT_TRUE(WriteFileAtomically(dir + "/f", "second").ok());
  EXPECT_EQ(ReadAll(dir + "/f"), "second");
  EXPECT_EQ(CountEntries(dir), 1) << "no temporary files are left behind";
}

TEST(AtomicFileTest, MissingDirectoryIsNotFoundWithThePath) {
  const std::string path = TempDir() + "/no/such/dir/f";
  absl::Status s = WriteFileAtomically(path, "x");
  EXPECT_EQ(s.code(), absl::StatusCode::kNotFound);
  EXPECT_EQ(s.message(), "cannot create a temporary file in " + TempDir() + "/no/such/dir for " +
                             path + ": No such file or directory");
}

TEST(AtomicFileTest, PathUnderARegularFileFails) {
  ASSERT_TRUE(WriteFileAtomically(TempDir() + "/plain", "x").ok());
  absl::Status s = WriteFileAtomically(TempDir() + "/plain/f", "x");
  EXPECT_EQ(s.code(), absl::StatusCode::kNotFound);
  EXPECT_NE(s.message().find("Not a directory"), std::string::npos) << s;
}

TEST(AtomicFileTest, FullDiskLeavesTheOldFileIntactAndNoTemporary) {
  // A file-size limit makes write() fail with EFBIG exactly as a full disk fails with ENOSPC:
  // partway through, after some bytes were written.
  const std::string dir = TempDir() + "/full";
  ASSERT_EQ(system(("mkdir -p " + dir).c_str()), 0);
  ASSERT_TRUE(WriteFileAtomically(dir + "/f", "old contents").ok());
  signal(SIGXFSZ, SIG_IGN);
  rlimit old_limit;
  getrlimit(RLIMIT_FSIZE, &old_limit);
  rlimit small = old_limit;
  small.rlim_cur = 4096;
  ASSERT_EQ(setrlimit(RLIMIT_FSIZE, &small), 0);
  absl::Status s = WriteFileAtomically(dir + "/f", std::string(100000, 'x'));
  setrlimit(RLIMIT_FSIZE, &old_limit);
  EXPECT_EQ(s.code(), absl::StatusCode::kResourceExhausted) << s;
  EXPECT_EQ(s.message(), "cannot write " + dir + "/f: File too large");
  EXPECT_EQ(ReadAll(dir + "/f"), "old contents");
  EXPECT_EQ(CountEntries(dir), 1);
}

}  // namespace
}  // namespace puzzle
