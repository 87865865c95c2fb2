// RunAttacks with every HTTP attack, small, for a few seconds, against an in-process HttpServer
// with a trivial handler: the report has every section and the server's answers in it.
#include "tests/abuse/attack_runner.h"

#include <unistd.h>

#include <memory>
#include <string>
#include <vector>

#include "absl/strings/match.h"
#include "gtest/gtest.h"
#include "server/http_server.h"

namespace abuse {
namespace {

TEST(AttackRunnerTest, UnknownAttackIsNamed) {
  EXPECT_EQ(MakeHttpAttack("teardrop", {}).status(),
            absl::InvalidArgumentError("unknown HTTP attack 'teardrop'; expected one of idle, "
                                       "slowloris, pipeline, chunked, headers, ranges, "
                                       "content_length"));
}

TEST(AttackRunnerTest, EveryHttpAttackAgainstATrivialServer) {
  server::HttpServerOptions server_options;
  server_options.address = "127.0.0.1:0";
  server_options.threads = 2;
  server_options.max_body_bytes = 1 << 20;
  absl::StatusOr<std::unique_ptr<server::HttpServer>> server = server::HttpServer::Start(
      server_options, [](const server::HttpRequest&, std::unique_ptr<server::HttpResponder> r) {
        r->Send({200, "text/plain", "ok", {}});
      });
  ASSERT_TRUE(server.ok()) << server.status();

  HttpAttackOptions attack_options;
  attack_options.idle_connections = 50;
  attack_options.slowloris_connections = 20;
  attack_options.slowloris_interval = absl::Milliseconds(100);
  attack_options.pipeline_depth = 20;
  attack_options.chunked_flood_bytes = 16 << 20;
  attack_options.header_flood_count = 100000;
  attack_options.content_length_bytes_sent = 2 << 20;
  std::vector<std::unique_ptr<Attack>> attacks;
  for (const std::string& name : HttpAttackNames()) {
    absl::StatusOr<std::unique_ptr<Attack>> attack = MakeHttpAttack(name, attack_options);
    ASSERT_TRUE(attack.ok()) << attack.status();
    attacks.push_back(*std::move(attack));
  }
  RunOptions options;
  options.duration = absl::Seconds(3);
  options.warmup = absl::Milliseconds(500);
  options.baseline_requests = 20;
  options.good.pause = absl::Milliseconds(5);
  options.server_pid = getpid();  // the server is in this process
  const RunReport report = RunAttacks((*server)->address(), std::move(attacks), options);

  EXPECT_EQ(report.baseline.requests, 20);
  EXPECT_EQ(report.baseline.errors, 0);
  EXPECT_GT(report.under_attack.requests, 10);
  EXPECT_EQ(report.under_attack.errors, 0) << report.ToString();
  ASSERT_EQ(report.attacks.size(), HttpAttackNames().size());
  auto attack = [&report](const std::string& name) -> const AttackReport& {
    for (const AttackReport& a : report.attacks) {
      if (a.attack == name) return a;
    }
    static const AttackReport missing;
    ADD_FAILURE() << "no report for " << name;
    return missing;
  };
  EXPECT_EQ(attack("idle").Get("opened"), "50 of 50");
  EXPECT_EQ(attack("idle").Get("still open at the end"), "50");
  EXPECT_EQ(attack("slowloris").Get("opened"), "20 of 20");
  EXPECT_EQ(attack("slowloris").Get("still open at the end"), "20");
  EXPECT_TRUE(absl::StartsWith(attack("chunked").Get("answers"), "413 x")) << report.ToString();
  EXPECT_TRUE(absl::StartsWith(attack("headers").Get("answers"), "431 x")) << report.ToString();
  EXPECT_TRUE(absl::StartsWith(attack("ranges").Get("answers"), "200 x")) << report.ToString();
  EXPECT_EQ(attack("ranges").Get("partial (206/multipart) answers"), "no");
  EXPECT_TRUE(absl::StartsWith(attack("content_length").Get("answers"), "413 x"))
      << report.ToString();
  const std::string answered = attack("pipeline").Get("answered");
  const std::string sent = answered.substr(answered.find(" of ") + 4);
  EXPECT_EQ(answered, sent + " of " + sent) << "pipelined requests left unanswered";
  EXPECT_TRUE(report.sampled_memory);
  EXPECT_GT(report.max_rss_bytes, 0);
  const std::string text = report.ToString();
  for (const std::string& name : HttpAttackNames()) {
    EXPECT_TRUE(absl::StrContains(text, "\n  " + name + "\n")) << text;
  }
  EXPECT_TRUE(absl::StrContains(text, "good HTTP client during the attacks: ")) << text;
}

}  // namespace
}  // namespace abuse
