// The service's real figures over gRPC: start-to-SERVING, RSS, unary latency percentiles (1 and
// 16 calls in flight, loopback TCP and a unix socket), SolveBatch and SolveStream throughput.
// It starts the real server binary itself, like the end-to-end tests.
//
//   bazel run -c opt //bench:grpc_benchmark          (tools/bench.sh runs it)
//
// Client and server share the machine's cores, so throughput figures include the client's cost.
#include <grpcpp/client_context.h>
#include <grpcpp/create_channel.h>
#include <signal.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "absl/flags/flag.h"
#include "absl/flags/parse.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/time/clock.h"
#include "puzzleoracle/v1/oracle.grpc.pb.h"
#include "tests/server_process.h"

ABSL_FLAG(int, unary_calls, 20000, "Unary calls per latency measurement.");
ABSL_FLAG(absl::Duration, throughput_time, absl::Seconds(3), "Duration of each throughput run.");
ABSL_FLAG(int, batch_size, 1000, "Items per SolveBatch call and per stream message.");
ABSL_FLAG(std::string, latency_csv_dir, "",
          "If set, write every unary latency sample there, one CSV per configuration "
          "(column latency_us), for tools/plot_ecdf.py.");
ABSL_FLAG(std::string, tsv_out, "", "If set, also write the figures table there as TSV.");

namespace {

namespace api = ::puzzleoracle::v1;
using Clock = std::chrono::steady_clock;

std::vector<std::pair<std::string, std::string>> Queries() {
  std::mt19937_64 rng(7);
  std::vector<std::pair<std::string, std::string>> out;
  for (int i = 0; i < 4096; ++i) {
    std::string a = "12345678X", b = "12345678X";
    std::shuffle(a.begin(), a.end(), rng);
    std::shuffle(b.begin(), b.end(), rng);
    out.emplace_back(a, b);  // about half are unsolvable: answered just as exactly
  }
  return out;
}

std::shared_ptr<grpc::Channel> Channel(const std::string& address) {
  grpc::ChannelArguments args;
  args.SetMaxReceiveMessageSize(64 << 20);
  args.SetMaxSendMessageSize(64 << 20);
  // One connection per channel: distinct channels for distinct client threads.
  args.SetInt(GRPC_ARG_USE_LOCAL_SUBCHANNEL_POOL, 1);
  return grpc::CreateCustomChannel(address, grpc::InsecureChannelCredentials(), args);
}

struct Percentiles {
  double p50, p90, p99, p999, mean;
};

Percentiles Summarise(std::vector<double>& us) {
  std::sort(us.begin(), us.end());
  auto at = [&](double q) {
    return us[std::min(us.size() - 1, static_cast<size_t>(q * us.size()))];
  };
  double sum = 0;
  for (double v : us) sum += v;
  return {at(0.50), at(0.90), at(0.99), at(0.999), sum / us.size()};
}

// `in_flight` threads, each with its own channel, issue blocking unary calls.
// Writes `samples` to <--latency_csv_dir>/<name>.csv when the flag is set.
void WriteSamples(const std::string& name, const std::vector<double>& samples) {
  const std::string dir = absl::GetFlag(FLAGS_latency_csv_dir);
  if (dir.empty()) return;
  std::ofstream out(absl::StrCat(dir, "/", name, ".csv"));
  out << "latency_us\n";
  for (double v : samples) out << v << "\n";
}

Percentiles UnaryLatency(const std::string& address, int in_flight, int calls,
                         const std::string& name) {
  const auto queries = Queries();
  std::vector<std::vector<double>> per_thread(in_flight);
  std::vector<std::thread> threads;
  for (int t = 0; t < in_flight; ++t) {
    threads.emplace_back([&, t] {
      auto stub = api::EightPuzzle::NewStub(Channel(address));
      api::SolveResponse response;
      for (int i = 0; i < 200; ++i) {  // warm-up: connection, allocator
        grpc::ClientContext context;
        api::SolveRequest request;
        request.set_start("12X453786");
        stub->Solve(&context, request, &response);
      }
      for (int i = t; i < calls; i += in_flight) {
        api::SolveRequest request;
        request.set_start(queries[i % queries.size()].first);
        request.set_goal(queries[i % queries.size()].second);
        grpc::ClientContext context;
        const auto start = Clock::now();
        const grpc::Status s = stub->Solve(&context, request, &response);
        const auto end = Clock::now();
        if (!s.ok()) std::fprintf(stderr, "unary call failed: %s\n", s.error_message().c_str());
        per_thread[t].push_back(std::chrono::duration<double, std::micro>(end - start).count());
      }
    });
  }
  for (auto& th : threads) th.join();
  std::vector<double> all;
  for (auto& v : per_thread) all.insert(all.end(), v.begin(), v.end());
  WriteSamples(name, all);
  return Summarise(all);
}

api::SolveBatchRequest BatchRequest(int size) {
  const auto queries = Queries();
  api::SolveBatchRequest request;
  for (int i = 0; i < size; ++i) {
    api::SolveItem* item = request.add_items();
    item->set_id(i);
    item->set_start(queries[i % queries.size()].first);
    item->set_goal(queries[i % queries.size()].second);
  }
  return request;
}

// Queries answered per second by `threads` clients calling SolveBatch back to back.
double BatchThroughput(const std::string& address, int threads, int batch, absl::Duration time) {
  const api::SolveBatchRequest request = BatchRequest(batch);
  std::atomic<long> answered{0};
  const absl::Time end = absl::Now() + time;
  std::vector<std::thread> workers;
  const auto start = Clock::now();
  for (int t = 0; t < threads; ++t) {
    workers.emplace_back([&] {
      auto stub = api::EightPuzzle::NewStub(Channel(address));
      while (absl::Now() < end) {
        grpc::ClientContext context;
        api::SolveBatchResponse response;
        if (stub->SolveBatch(&context, request, &response).ok())
          answered += response.results_size();
      }
    });
  }
  for (auto& w : workers) w.join();
  const double seconds = std::chrono::duration<double>(Clock::now() - start).count();
  return answered / seconds;
}

// Queries answered per second over one SolveStream: a writer thread sends messages of `batch`
// items while the main thread reads the answers.
double StreamThroughput(const std::string& address, int batch, absl::Duration time) {
  api::SolveStreamRequest request;
  *request.mutable_items() = BatchRequest(batch).items();
  auto stub = api::EightPuzzle::NewStub(Channel(address));
  grpc::ClientContext context;
  auto stream = stub->SolveStream(&context);
  std::atomic<long> sent{0};
  const absl::Time end = absl::Now() + time;
  const auto start = Clock::now();
  std::thread writer([&] {
    while (absl::Now() < end && stream->Write(request)) ++sent;
    stream->WritesDone();
  });
  api::SolveStreamResponse response;
  long answered = 0;
  while (stream->Read(&response)) answered += response.results_size();
  writer.join();
  const double seconds = std::chrono::duration<double>(Clock::now() - start).count();
  if (!stream->Finish().ok()) std::fprintf(stderr, "stream failed\n");
  return answered / seconds;
}

long RssKib(pid_t pid, const char* field) {
  std::ifstream in(absl::StrCat("/proc/", pid, "/status"));
  std::string line;
  while (std::getline(in, line)) {
    if (line.rfind(field, 0) == 0) {
      long kib = -1;
      std::sscanf(line.c_str() + std::strlen(field), "%ld", &kib);  // "VmRSS:   12345 kB"
      return kib;
    }
  }
  return -1;
}

double ServerReportedStartMs(const std::string& log) {
  const std::string marker = "start to SERVING ";
  const size_t at = log.find(marker);
  double ms = -1;
  if (at != std::string::npos) {
    absl::SimpleAtod(
        log.substr(at + marker.size(), log.find(' ', at + marker.size()) - at - marker.size()),
        &ms);
  }
  return ms;
}

std::vector<std::string> tsv_rows;

void Row(const char* figure, double value, const char* unit, const char* target, bool met) {
  tsv_rows.push_back(absl::StrCat(figure, "\t", value, "\t", unit, "\t", target, "\t",
                                  std::string(target) == "-" ? "" : (met ? "met" : "MISS")));
  std::printf("| %-44s | %12.2f %-8s | %-12s | %-4s |\n", figure, value, unit, target,
              met ? "met" : "MISS");
}

}  // namespace

int main(int argc, char** argv) {
  absl::ParseCommandLine(argc, argv);
  const int calls = absl::GetFlag(FLAGS_unary_calls);
  const int batch = absl::GetFlag(FLAGS_batch_size);
  const absl::Duration time = absl::GetFlag(FLAGS_throughput_time);

  // Start-to-SERVING: median of 5 starts (spawn to the SERVING line, and the server's own figure
  // from main() to SERVING, which excludes exec and dynamic linking).
  std::vector<double> spawn_ms, self_ms;
  for (int i = 0; i < 5; ++i) {
    const auto t0 = Clock::now();
    auto s = tests::ServerProcess::Start({"--address=127.0.0.1:0", "--tables_dir=data"});
    if (!s.ok()) {
      std::fprintf(stderr, "cannot start server: %s\n", std::string(s.status().message()).c_str());
      return 1;
    }
    spawn_ms.push_back(std::chrono::duration<double, std::milli>(Clock::now() - t0).count());
    self_ms.push_back(ServerReportedStartMs((*s)->Stderr()));
    (*s)->Stop(SIGTERM);
  }
  std::sort(spawn_ms.begin(), spawn_ms.end());
  std::sort(self_ms.begin(), self_ms.end());

  auto tcp = tests::ServerProcess::Start({"--address=127.0.0.1:0", "--tables_dir=data"});
  const std::string socket = absl::StrCat("unix:/tmp/grpc_benchmark_", getpid(), ".sock");
  auto unix_server = tests::ServerProcess::Start({"--address=" + socket, "--tables_dir=data"});
  if (!tcp.ok() || !unix_server.ok()) {
    std::fprintf(stderr, "cannot start servers\n");
    return 1;
  }
  const long rss_idle = RssKib((*tcp)->pid(), "VmRSS:");
  std::printf("servers: %s and %s\n\n", (*tcp)->address().c_str(),
              (*unix_server)->address().c_str());

  std::printf("| %-44s | %21s | %-12s | %-4s |\n", "figure", "measured", "target", "");
  std::printf("|%s|%s|%s|%s|\n", std::string(46, '-').c_str(), std::string(23, '-').c_str(),
              std::string(14, '-').c_str(), std::string(6, '-').c_str());
  Row("start to SERVING, server's own (median of 5)", self_ms[2], "ms", "<= 20 ms",
      self_ms[2] <= 20);
  Row("spawn to SERVING line (median of 5)", spawn_ms[2], "ms", "-", true);

  struct Transport {
    const char* name;
    const char* file_name;
    std::string address;
    double target_p50;
  };
  for (const Transport& t : {Transport{"TCP", "tcp", (*tcp)->address(), 50},
                             Transport{"unix socket", "unix", (*unix_server)->address(), 25}}) {
    for (int in_flight : {1, 16}) {
      Percentiles p = UnaryLatency(t.address, in_flight, calls,
                                   absl::StrCat(t.file_name, "_", in_flight, "_in_flight"));
      const std::string prefix = absl::StrCat("unary ", t.name, ", ", in_flight, " in flight, ");
      const std::string target = absl::StrCat("<= ", t.target_p50, " us");
      Row((prefix + "p50").c_str(), p.p50, "us", in_flight == 1 ? target.c_str() : "-",
          in_flight != 1 || p.p50 <= t.target_p50);
      Row((prefix + "p90").c_str(), p.p90, "us", "-", true);
      Row((prefix + "p99").c_str(), p.p99, "us", "-", true);
      Row((prefix + "p99.9").c_str(), p.p999, "us", "-", true);
    }
  }
  for (int threads : {1, 2}) {
    const double qps = BatchThroughput((*tcp)->address(), threads, batch, time);
    Row(absl::StrCat("SolveBatch (", batch, "/call), ", threads, " client thread(s), TCP").c_str(),
        qps / 1e6, "M q/s", ">= 1 M q/s", qps >= 1e6);
  }
  const double stream_qps = StreamThroughput((*tcp)->address(), batch, time);
  Row(absl::StrCat("SolveStream (", batch, "/message), TCP").c_str(), stream_qps / 1e6, "M q/s",
      ">= 1 M q/s", stream_qps >= 1e6);
  const long rss_after = RssKib((*tcp)->pid(), "VmRSS:");
  const long hwm = RssKib((*tcp)->pid(), "VmHWM:");
  Row("server RSS after start", rss_idle / 1024.0, "MiB", "<= 30 MiB", rss_idle <= 30 * 1024);
  Row("server RSS after the load above", rss_after / 1024.0, "MiB", "<= 30 MiB",
      rss_after <= 30 * 1024);
  Row("server peak RSS (VmHWM)", hwm / 1024.0, "MiB", "-", true);
  (*tcp)->Stop(SIGTERM);
  (*unix_server)->Stop(SIGTERM);
  if (!absl::GetFlag(FLAGS_tsv_out).empty()) {
    std::ofstream out(absl::GetFlag(FLAGS_tsv_out));
    out << "figure\tvalue\tunit\ttarget\tverdict\n";
    for (const std::string& row : tsv_rows) out << row << "\n";
  }
  return 0;
}
