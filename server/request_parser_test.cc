#include "server/request_parser.h"

#include <memory>
#include <string>
#include <vector>

#include "absl/strings/escaping.h"
#include "gtest/gtest.h"
#include "puzzleoracle/v1/oracle.pb.h"
#include "puzzleoracle/v2/oracle.pb.h"
#include "server/json_output.h"

namespace server {
namespace {

namespace v2 = ::puzzleoracle::v2;

// A string field's bytes on the wire, whatever they are: protobuf would refuse to serialise a
// string that is not UTF-8, so the bad requests are written by hand.
std::string LengthDelimited(int field, absl::string_view bytes) {
  std::string out;
  out.push_back(static_cast<char>((field << 3) | 2));
  out.push_back(static_cast<char>(bytes.size()));  // < 128 in these tests
  out.append(bytes.data(), bytes.size());
  return out;
}

TEST(RequestParserTest, ParsesAValidRequest) {
  v2::SolveBatchRequest in;
  in.set_puzzle("eight");
  for (int i = 0; i < 3; ++i) {
    v2::SolveItem* item = in.add_items();
    item->set_id(i);
    item->set_start("12X453786");
  }
  v2::SolveBatchRequest out;
  ASSERT_TRUE(ParseRequest(in.SerializeAsString(), 10, &out).ok());
  EXPECT_EQ(out.SerializeAsString(), in.SerializeAsString());
}

TEST(RequestParserTest, NamesTheFieldWithInvalidUtf8) {
  // items[1].start = "12\xff..." in a v2 SolveBatchRequest.
  const std::string good_item = LengthDelimited(2, "12X453786");
  const std::string bad_item = LengthDelimited(2,
                                               "12\xff"
                                               "453786");
  const std::string bytes =
      LengthDelimited(1, "eight") + LengthDelimited(2, good_item) + LengthDelimited(2, bad_item);
  v2::SolveBatchRequest out;
  EXPECT_EQ(ParseRequest(bytes, 10, &out),
            absl::InvalidArgumentError("request is not a valid puzzleoracle.v2.SolveBatchRequest: "
                                       "items[1].start is not valid UTF-8 (byte 3)"));
  v2::SolveRequest solve;
  EXPECT_EQ(ParseRequest(LengthDelimited(3, "\xc0\xaf"), 10, &solve).message(),
            "request is not a valid puzzleoracle.v2.SolveRequest: goal is not valid UTF-8 "
            "(byte 1)");
}

TEST(RequestParserTest, CountsItemsOnTheWireBeforeParsing) {
  std::string bytes;
  for (int i = 0; i < 11; ++i) bytes += LengthDelimited(1, "");  // v1: items = 1, empty items
  puzzleoracle::v1::SolveBatchRequest out;
  EXPECT_EQ(ParseRequest(bytes, 10, &out),
            absl::InvalidArgumentError("batch has 11 items; the server's limit is 10 "
                                       "(--max_batch_size)"));
  EXPECT_EQ(out.items_size(), 0);  // nothing was parsed
  EXPECT_TRUE(ParseRequest(bytes, 11, &out).ok());
  EXPECT_EQ(out.items_size(), 11);
}

TEST(RequestParserTest, RefusesMalformedWireFormat) {
  v2::SolveRequest out;
  const absl::Status truncated = ParseRequest(std::string("\x12\x09"
                                                          "12X",
                                                          5),
                                              10, &out);
  EXPECT_EQ(truncated.code(), absl::StatusCode::kInvalidArgument);
  EXPECT_NE(truncated.message().find("malformed wire format at byte 0"), std::string::npos)
      << truncated;
  EXPECT_EQ(ParseRequest(std::string("\x00", 1), 10, &out).message(),
            "request is not a valid puzzleoracle.v2.SolveRequest: malformed wire format at "
            "byte 0");
  // Unknown fields are skipped, as protobuf does.
  EXPECT_TRUE(ParseRequest(std::string("\xa8\x06\x01", 3), 10, &out).ok());
}

// ParseRequest's shortcut (protobuf's parser first, for types without message fields and bytes
// that are all ASCII) gives what the scan-first path gives, on every one-byte change, insertion
// and truncation of valid requests, ASCII or not, and of a batch over the item limit: the same
// status and the same message.
TEST(RequestParserTest, TheShortcutAgreesWithTheScanOnEveryMutation) {
  v2::SolveRequest solve;
  solve.set_puzzle("cube2");
  solve.set_start("R U2 F' R2");
  solve.set_goal("UUUURRRRFFFFDDDDLLLLBBBB");
  solve.set_metric("qtm");
  solve.set_include_boards(true);
  solve.set_max_length(20);
  v2::SolveRequest accented = solve;
  accented.set_start("\xc3\xa9t\xc3\xa9");  // valid UTF-8, not ASCII
  v2::ScrambleRequest scramble;
  scramble.set_puzzle("fifteen");
  scramble.set_moves(300);  // a varint of two bytes, the first >= 0x80
  scramble.set_seed(0xFFFFFFFFFFull);
  v2::SolveBatchRequest batch;  // message fields: always scanned (its 3 items are over the limit)
  batch.set_puzzle("eight");
  for (int i = 0; i < 3; ++i) batch.add_items()->set_start("12X453786");
  const int max_items = 2;
  int compared = 0, accepted = 0;
  const auto agree = [&](const google::protobuf::Message& prototype, const std::string& bytes) {
    std::unique_ptr<google::protobuf::Message> fast(prototype.New());
    std::unique_ptr<google::protobuf::Message> scanned(prototype.New());
    const absl::Status a = ParseRequest(bytes, max_items, fast.get());
    const absl::Status b = ScanAndParseRequest(bytes, max_items, scanned.get());
    ++compared;
    ASSERT_EQ(a, b) << absl::CHexEscape(bytes);
    if (a.ok()) {
      ++accepted;
      ASSERT_EQ(fast->SerializeAsString(), scanned->SerializeAsString()) << absl::CHexEscape(bytes);
    }
  };
  for (const google::protobuf::Message* m :
       std::vector<const google::protobuf::Message*>{&solve, &accented, &scramble, &batch}) {
    const std::string valid = m->SerializeAsString();
    for (size_t cut = 0; cut <= valid.size(); ++cut) agree(*m, valid.substr(0, cut));
    for (size_t at = 0; at < valid.size(); ++at) {
      for (int byte = 0; byte < 256; ++byte) {
        std::string changed = valid;
        changed[at] = static_cast<char>(byte);
        agree(*m, changed);
        std::string inserted = valid;
        inserted.insert(inserted.begin() + at, static_cast<char>(byte));
        agree(*m, inserted);
      }
    }
  }
  // Both outcomes are well represented: the mutations are not all refused, nor all accepted.
  EXPECT_GT(accepted, compared / 10);
  EXPECT_LT(accepted, compared - compared / 10);
}

// kAnswerBytesPerItem covers the largest answer an item of a batch gets: the 15-puzzle's (up to
// 80 moves, with search statistics and an extra), as objects, serialised, and as JSON: measured
// 798 bytes.
TEST(RequestFootprintTest, CoversTheRequestAsReceivedAndParsedAndEveryAnswerToCome) {
  v2::SolveBatchRequest request;
  request.set_puzzle("fifteen");
  for (int i = 0; i < 1000; ++i) {
    v2::SolveItem* item = request.add_items();
    item->set_id(1000000 + i);
    item->set_start("FEDCBA987654321X");
    item->set_goal("123456789ABCDEFX");
  }
  const std::string wire = request.SerializeAsString();
  v2::SolveBatchRequest parsed;
  ASSERT_TRUE(ParseRequest(wire, 10000, &parsed).ok());

  v2::SolveBatchResponse response;
  for (int i = 0; i < 1000; ++i) {
    v2::SolveItemResult* result = response.add_results();
    result->set_id(1000000 + i);
    v2::SolveResponse* answer = result->mutable_answer();
    answer->set_solvable(true);
    answer->set_distance(80);
    answer->set_moves(std::string(80, 'd'));
    answer->mutable_search()->set_nodes(uint64_t{1} << 40);
    answer->mutable_search()->set_milliseconds(12345.678);
    v2::Extra* extra = answer->add_extras();
    extra->set_name("centre");
    extra->set_value(3);
  }
  const int64_t answers = static_cast<int64_t>(response.SpaceUsedLong() + response.ByteSizeLong() +
                                               MessageToJson(response).size());
  EXPECT_LE(answers, 1000 * kAnswerBytesPerItem);
  EXPECT_EQ(
      RequestFootprint(parsed, wire.size()),
      static_cast<int64_t>(wire.size() + parsed.SpaceUsedLong()) + 1000 * kAnswerBytesPerItem);
  // A request without items gets one answer.
  v2::SolveRequest one;
  one.set_puzzle("eight");
  EXPECT_EQ(RequestFootprint(one, 7),
            static_cast<int64_t>(7 + one.SpaceUsedLong()) + kAnswerBytesPerItem);
}

// The bytes of a serialised response, whatever slices gRPC holds them in.
std::string BufferBytes(const grpc::ByteBuffer& buffer) {
  std::vector<grpc::Slice> slices;
  EXPECT_TRUE(buffer.Dump(&slices).ok());
  std::string out;
  for (const grpc::Slice& slice : slices) {
    out.append(reinterpret_cast<const char*>(slice.begin()), slice.size());
  }
  return out;
}

TEST(SerializeResponseTest, WritesProtobufsBytesFlatOrInBlocks) {
  v2::SolveResponse empty;
  v2::SolveResponse small;
  small.set_solvable(true);
  small.set_distance(9);
  small.set_moves("R U2 F' R2 U F2 R' U' F");
  v2::SolveResponse large = small;  // past kFlatResponseMaxBytes: gRPC's block writer
  large.set_moves(std::string(kFlatResponseMaxBytes + 100, 'U'));
  for (const v2::SolveResponse* message : {&empty, &small, &large}) {
    grpc::ByteBuffer buffer;
    SerializeResponse(small, &buffer);  // replaced, not appended to
    SerializeResponse(*message, &buffer);
    EXPECT_EQ(BufferBytes(buffer), message->SerializeAsString()) << message->ByteSizeLong();
  }
  grpc::ByteBuffer flat;
  SerializeResponse(small, &flat);
  grpc::Slice single;
  EXPECT_TRUE(flat.TrySingleSlice(&single).ok());
}

}  // namespace
}  // namespace server
