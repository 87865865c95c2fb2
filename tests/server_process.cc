#include "tests/server_process.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/time/clock.h"

namespace tests {
namespace {

pid_t Spawn(const std::vector<std::string>& args, int* stderr_read_fd,
            const std::vector<std::string>& environment = {}) {
  // Everything the child needs is made before fork (only async-signal-safe calls after it).
  std::vector<char*> argv;
  argv.push_back(const_cast<char*>(kServerBinary));
  for (const std::string& a : args) argv.push_back(const_cast<char*>(a.c_str()));
  argv.push_back(nullptr);
  std::vector<char*> envp;  // `environment` first: getenv takes the first of a name
  for (const std::string& e : environment) envp.push_back(const_cast<char*>(e.c_str()));
  for (char** e = environ; *e != nullptr; ++e) envp.push_back(*e);
  envp.push_back(nullptr);
  int fds[2];
  if (pipe2(fds, O_CLOEXEC) != 0) return -1;
  const pid_t pid = fork();
  if (pid == 0) {
    dup2(fds[1], STDERR_FILENO);
    execve(kServerBinary, argv.data(), envp.data());
    _exit(127);
  }
  close(fds[1]);
  *stderr_read_fd = fds[0];
  return pid;
}

int ExitCode(int status) {
  if (WIFEXITED(status)) return WEXITSTATUS(status);
  if (WIFSIGNALED(status)) return 128 + WTERMSIG(status);
  return -1;
}

}  // namespace

absl::StatusOr<std::unique_ptr<ServerProcess>> ServerProcess::Start(
    const std::vector<std::string>& args, absl::Duration timeout) {
  return StartWithEnvironment(args, {}, timeout);
}

absl::StatusOr<std::unique_ptr<ServerProcess>> ServerProcess::StartWithEnvironment(
    const std::vector<std::string>& args, const std::vector<std::string>& environment,
    absl::Duration timeout) {
  std::unique_ptr<ServerProcess> server(new ServerProcess());
  server->pid_ = Spawn(args, &server->stderr_fd_, environment);
  if (server->pid_ < 0) return absl::InternalError("cannot start the server");
  // Read stderr until the SERVING line.
  std::string text;
  const absl::Time deadline = absl::Now() + timeout;
  const std::string marker = "SERVING on ";
  while (true) {
    const size_t at = text.find(marker);
    if (at != std::string::npos) {
      const size_t end = text.find(';', at);
      if (end != std::string::npos) {
        server->address_ = text.substr(at + marker.size(), end - at - marker.size());
        break;
      }
    }
    const int wait_ms = static_cast<int>(absl::ToInt64Milliseconds(deadline - absl::Now()));
    pollfd p{server->stderr_fd_, POLLIN, 0};
    if (wait_ms <= 0 || poll(&p, 1, wait_ms) <= 0) {
      return absl::DeadlineExceededError(absl::StrCat("server did not report SERVING: ", text));
    }
    char buffer[4096];
    const ssize_t n = read(server->stderr_fd_, buffer, sizeof(buffer));
    if (n <= 0) {
      int status = 0;
      waitpid(server->pid_, &status, 0);
      server->pid_ = -1;
      return absl::FailedPreconditionError(
          absl::StrCat("server exited with ", ExitCode(status), ": ", text));
    }
    text.append(buffer, static_cast<size_t>(n));
  }
  const std::string http_marker = "HTTP on ";
  const size_t http_at = text.find(http_marker);
  if (http_at != std::string::npos) {  // printed before the SERVING line
    const size_t end = text.find(';', http_at);
    server->http_address_ =
        text.substr(http_at + http_marker.size(), end - http_at - http_marker.size());
  }
  {
    std::lock_guard<std::mutex> lock(server->mu_);
    server->stderr_text_ = text;
  }
  if (pipe2(server->wake_fds_, O_CLOEXEC) != 0) return absl::InternalError("pipe2 failed");
  ServerProcess* raw = server.get();
  server->drain_ = std::thread([raw] {
    char buffer[4096];
    while (true) {
      pollfd p[2] = {{raw->stderr_fd_, POLLIN, 0}, {raw->wake_fds_[0], POLLIN, 0}};
      if (poll(p, 2, -1) < 0) {
        if (errno == EINTR) continue;
        return;
      }
      if (p[1].revents != 0) return;  // CloseStderr or the destructor
      const ssize_t n = read(raw->stderr_fd_, buffer, sizeof(buffer));
      if (n <= 0) return;
      std::lock_guard<std::mutex> lock(raw->mu_);
      raw->stderr_text_.append(buffer, static_cast<size_t>(n));
    }
  });
  return server;
}

int ServerProcess::RunToExit(const std::vector<std::string>& args, std::string* stderr_text,
                             absl::Duration timeout) {
  int fd = -1;
  const pid_t pid = Spawn(args, &fd);
  if (pid < 0) return -1;
  const absl::Time deadline = absl::Now() + timeout;
  char buffer[4096];
  stderr_text->clear();
  while (true) {
    const int wait_ms = static_cast<int>(absl::ToInt64Milliseconds(deadline - absl::Now()));
    pollfd p{fd, POLLIN, 0};
    if (wait_ms <= 0 || poll(&p, 1, wait_ms) <= 0) {
      kill(pid, SIGKILL);  // still running: the test fails on the exit code
      break;
    }
    const ssize_t n = read(fd, buffer, sizeof(buffer));
    if (n <= 0) break;
    stderr_text->append(buffer, static_cast<size_t>(n));
  }
  close(fd);
  int status = 0;
  waitpid(pid, &status, 0);
  return ExitCode(status);
}

int ServerProcess::Stop(int signal) {
  if (pid_ < 0) return -1;
  kill(pid_, signal);
  int status = 0;
  waitpid(pid_, &status, 0);
  pid_ = -1;
  if (drain_.joinable()) drain_.join();
  return ExitCode(status);
}

int ServerProcess::Stop(int signal, absl::Duration timeout, absl::Duration* took) {
  if (pid_ < 0) return -1;
  const absl::Time sent = absl::Now();
  kill(pid_, signal);
  int status = 0;
  while (waitpid(pid_, &status, WNOHANG) == 0) {
    if (absl::Now() - sent >= timeout) {
      kill(pid_, SIGKILL);
      waitpid(pid_, &status, 0);
      break;
    }
    absl::SleepFor(absl::Milliseconds(2));
  }
  if (took != nullptr) *took = absl::Now() - sent;
  pid_ = -1;
  if (drain_.joinable()) drain_.join();
  return ExitCode(status);
}

void ServerProcess::StopDrain() {
  if (drain_.joinable()) {
    const char wake = 1;
    if (write(wake_fds_[1], &wake, 1) < 0) {
      // The pipe cannot be full (one byte, once); nothing else to do.
    }
    drain_.join();
  }
}

void ServerProcess::CloseStderr() {
  StopDrain();
  if (stderr_fd_ >= 0) close(stderr_fd_);
  stderr_fd_ = -1;
}

std::string ServerProcess::Stderr() {
  std::lock_guard<std::mutex> lock(mu_);
  return stderr_text_;
}

ServerProcess::~ServerProcess() {
  if (pid_ > 0) Stop(SIGKILL);
  if (drain_.joinable()) drain_.join();
  if (stderr_fd_ >= 0) close(stderr_fd_);
  for (int fd : wake_fds_) {
    if (fd >= 0) close(fd);
  }
}

}  // namespace tests
