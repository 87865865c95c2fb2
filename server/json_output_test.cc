#include "server/json_output.h"

#include <google/protobuf/util/json_util.h>
#include <gtest/gtest.h>

#include <random>
#include <string>

#include "puzzleoracle/v1/oracle.pb.h"
#include "puzzleoracle/v2/oracle.pb.h"

namespace server {
namespace {

namespace v1 = ::puzzleoracle::v1;
namespace v2 = ::puzzleoracle::v2;

// What protobuf prints for the whole message at once: the bytes MessageToJson must reproduce.
std::string Whole(const google::protobuf::Message& message) {
  google::protobuf::util::JsonPrintOptions options;
  options.always_print_primitive_fields = true;
  std::string json;
  EXPECT_TRUE(google::protobuf::util::MessageToJsonString(message, &json, options).ok());
  return json;
}

// Every field of a v2 result filled or left at its default at random, including the values
// proto3 JSON treats specially (0, false, empty, 64-bit integers as strings, a NaN-free double).
v2::SolveItemResult RandomResult(std::mt19937_64& rng) {
  auto coin = [&rng] { return (rng() & 1) != 0; };
  v2::SolveItemResult r;
  if (coin()) r.set_id(rng());
  if (coin()) r.set_code(static_cast<int>(rng() % 17));
  if (coin()) r.set_error("board: position 3: expected 1-8 or X, got \"\\u00e9\" \xc3\xa9\n");
  if (coin()) {
    v2::SolveResponse* a = r.mutable_answer();
    a->set_solvable(coin());
    a->set_distance(static_cast<int>(rng() % 40) - 1);
    if (coin()) a->set_moves("dlurrdllu");
    if (coin()) {
      v2::Extra* e = a->add_extras();
      e->set_name("centre");
      e->set_value(static_cast<int64_t>(rng()));
    }
    if (coin()) {
      a->mutable_search()->set_nodes(rng());
      a->mutable_search()->set_milliseconds(static_cast<double>(rng() % 100000) / 7.0);
    }
    if (coin()) {
      a->add_boards("12345678X");
      a->add_boards("1234567X8");
    }
  }
  return r;
}

TEST(MessageToJsonTest, BatchResponsesAreTheBytesProtobufPrintsWhole) {
  std::mt19937_64 rng(12);
  for (int size : {0, 1, 2, 3, 10, 255, 256, 257, 512, 1000}) {
    v2::SolveBatchResponse batch;
    v2::SolveStreamResponse stream;
    for (int i = 0; i < size; ++i) {
      *batch.add_results() = RandomResult(rng);
      *stream.add_results() = RandomResult(rng);
    }
    EXPECT_EQ(MessageToJson(batch), Whole(batch)) << size;
    EXPECT_EQ(MessageToJson(stream), Whole(stream)) << size;
  }
}

TEST(MessageToJsonTest, V1BatchResponsesAreTheBytesProtobufPrintsWhole) {
  v1::SolveBatchResponse eight;
  v1::SolveItemResult* a = eight.add_results();
  a->set_id(7);
  a->mutable_answer()->set_solvable(true);
  a->mutable_answer()->set_distance(2);
  a->mutable_answer()->set_moves("dr");
  eight.add_results()->set_error("unsolvable");
  eight.add_results();
  EXPECT_EQ(MessageToJson(eight), Whole(eight));
  v1::RotationSolveBatchResponse rotation;
  rotation.add_results()->mutable_answer()->set_moves("AC");
  rotation.mutable_results(0)->mutable_answer()->set_centre(2);
  rotation.add_results();
  EXPECT_EQ(MessageToJson(rotation), Whole(rotation));
  EXPECT_EQ(MessageToJson(v1::RotationSolveStreamResponse()), "{\"results\":[]}");
}

TEST(MessageToJsonTest, OtherMessagesArePrintedWhole) {
  std::mt19937_64 rng(5);
  const v2::SolveItemResult result = RandomResult(rng);  // several fields: printed whole
  EXPECT_EQ(MessageToJson(result), Whole(result));
  v2::SolveResponse zero;  // defaults printed: "solvable":false, "distance":0, "moves":""
  EXPECT_EQ(MessageToJson(zero), Whole(zero));
  EXPECT_NE(MessageToJson(zero).find("\"distance\":0"), std::string::npos);
}

}  // namespace
}  // namespace server
