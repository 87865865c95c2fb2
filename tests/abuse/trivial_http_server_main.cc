// trivial_http_server: HttpServer with a handler that answers every request at once with a
// small fixed body; the reference target for http_abuse (the server's own behaviour, without any
// application work). SIGTERM or SIGINT stops it with --grace.
//
//   bazel run //tests/abuse:trivial_http_server -- --address=127.0.0.1:8080

#include <signal.h>
#include <unistd.h>

#include <cstdio>
#include <string>

#include "absl/flags/flag.h"
#include "absl/flags/parse.h"
#include "absl/time/clock.h"
#include "absl/time/time.h"
#include "server/http_server.h"

ABSL_FLAG(std::string, address, "127.0.0.1:8080", "host:port to listen on (port 0: any).");
ABSL_FLAG(int, threads, 4, "Event loops.");
ABSL_FLAG(int, max_connections, 1024, "Connections open at once.");
ABSL_FLAG(uint64_t, max_body_bytes, 1 << 20, "Largest request body.");
ABSL_FLAG(absl::Duration, idle_timeout, absl::Seconds(30), "Header deadline / idle timeout.");
ABSL_FLAG(absl::Duration, grace, absl::Seconds(5), "Shutdown grace period.");
ABSL_FLAG(int, response_bytes, 16, "Size of every response body.");

int main(int argc, char** argv) {
  absl::ParseCommandLine(argc, argv);
  // Block the stop signals before any thread starts, so that only sigwait below sees them.
  sigset_t stop_signals;
  sigemptyset(&stop_signals);
  sigaddset(&stop_signals, SIGTERM);
  sigaddset(&stop_signals, SIGINT);
  pthread_sigmask(SIG_BLOCK, &stop_signals, nullptr);

  server::HttpServerOptions options;
  options.address = absl::GetFlag(FLAGS_address);
  options.threads = absl::GetFlag(FLAGS_threads);
  options.max_connections = absl::GetFlag(FLAGS_max_connections);
  options.max_body_bytes = absl::GetFlag(FLAGS_max_body_bytes);
  options.idle_timeout = absl::GetFlag(FLAGS_idle_timeout);
  const std::string body(static_cast<size_t>(absl::GetFlag(FLAGS_response_bytes)), 'x');
  absl::StatusOr<std::unique_ptr<server::HttpServer>> server = server::HttpServer::Start(
      options, [&body](const server::HttpRequest&, std::unique_ptr<server::HttpResponder> r) {
        r->Send({200, "text/plain", body, {}});
      });
  if (!server.ok()) {
    std::fprintf(stderr, "trivial_http_server: %s\n", server.status().ToString().c_str());
    return 1;
  }
  std::printf("trivial_http_server: listening on %s (pid %d)\n", (*server)->address().c_str(),
              static_cast<int>(getpid()));
  std::fflush(stdout);
  int signal_number = 0;
  sigwait(&stop_signals, &signal_number);
  const absl::Time start = absl::Now();
  (*server)->Stop(absl::GetFlag(FLAGS_grace));
  std::printf("trivial_http_server: signal %d, stopped in %s\n", signal_number,
              absl::FormatDuration(absl::Now() - start).c_str());
  return 0;
}
