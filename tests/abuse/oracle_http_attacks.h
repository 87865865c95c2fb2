// HTTP attacks that only make sense against the puzzle oracle's gateway (the generic ones are in
// attack_runner.h): they know its routes and check its answers against the Reference. Plus the
// checked requests of a well-behaved HTTP client (GoodClientOptions::next_request).
//
// Attacks (MakeOracleHttpAttack by name; each round repeats until the run stops, or `rounds`
// times):
//   http_errors       the review's probes: GET /%ff%fe, TRACE /, and a solve posted the way
//                     `curl -d` posts it (application/x-www-form-urlencoded, 10,000 bytes), answer
//                     checked.
//   pipelined_solves  `pipeline_depth` POST /v2/puzzles/eight:solve of different boards written
//                     in one go on one connection; every answer must come, in order, and right.
//   max_bodies        from `body_threads` connections at once: a body of exactly
//                     --max_message_size bytes of empty items, a batch of --max_batch_size boards
//                     padded to exactly --max_message_size bytes (every answer checked), and a
//                     body one byte over.
// Outcomes are counted by their exact text ("<what>: <HTTP status> <body>").
//
// Example:
//   abuse::OracleHttpOptions options;
//   options.reference = reference.get();
//   attacks.push_back(*abuse::MakeOracleHttpAttack("pipelined_solves", options));
//   abuse::RunOptions run;
//   run.good.method = "POST";
//   run.good.next_request = abuse::CheckedSolves(reference.get(), 1);
//
// Thread-safety: as attack_runner.h; the function CheckedSolves returns is used by one thread.

#ifndef TESTS_ABUSE_ORACLE_HTTP_ATTACKS_H_
#define TESTS_ABUSE_ORACLE_HTTP_ATTACKS_H_

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "absl/time/time.h"
#include "tests/abuse/abuse_client.h"
#include "tests/abuse/attack_runner.h"
#include "tests/abuse/reference.h"

namespace abuse {

struct OracleHttpOptions {
  const Reference* reference = nullptr;  // answers are checked when set; not owned
  int max_batch_size = 10000;            // the server's --max_batch_size
  int max_message_size = 0;              // --max_message_size; 0: max_batch_size * 128 + 4096
  int rounds = 0;                        // 0: until the run stops
  absl::Duration repeat_pause = absl::Milliseconds(200);
  int pipeline_depth = 100;
  int body_threads = 4;
};

// "http_errors", "pipelined_solves", "max_bodies".
std::vector<std::string> OracleHttpAttackNames();

// The attack called `name`; InvalidArgument naming the known ones otherwise.
absl::StatusOr<std::unique_ptr<Attack>> MakeOracleHttpAttack(absl::string_view name,
                                                             const OracleHttpOptions& options);

// Request i: POST /v2/puzzles/<puzzle>:solve of a random board of TablePuzzles()'s puzzles in
// turn (seeded by `seed`), its JSON answer checked against `reference` (not owned).
std::function<CheckedRequest(int i)> CheckedSolves(const Reference* reference, uint64_t seed);

}  // namespace abuse

#endif  // TESTS_ABUSE_ORACLE_HTTP_ATTACKS_H_
