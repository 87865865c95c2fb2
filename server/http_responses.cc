#include "server/http_responses.h"

#include <cstdint>
#include <memory>
#include <mutex>
#include <utility>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"

namespace server {
namespace http_internal {
namespace {

constexpr size_t kStreamBlockSize = 16 << 10;

void AddHeaders(MHD_Response* reply, const HttpResponse& response, bool closing) {
  if (!response.content_type.empty()) {
    MHD_add_response_header(reply, MHD_HTTP_HEADER_CONTENT_TYPE, response.content_type.c_str());
  }
  for (const auto& [name, value] : response.headers) {
    // libmicrohttpd refuses names or values with CR or LF (response splitting); so do we.
    MHD_add_response_header(reply, name.c_str(), value.c_str());
  }
  if (closing) MHD_add_response_header(reply, MHD_HTTP_HEADER_CONNECTION, "close");
}

// Called by the connection's event loop whenever it can send more of an event stream.
ssize_t StreamReader(void* cls, uint64_t /*position*/, char* buffer, size_t max) {
  Exchange& ex = **static_cast<std::shared_ptr<Exchange>*>(cls);
  std::lock_guard<std::mutex> lock(ex.mu);
  if (ex.client_gone) return MHD_CONTENT_READER_END_WITH_ERROR;
  const size_t n = TakeEventBytesLocked(ex, buffer, max);
  if (n > 0) return static_cast<ssize_t>(n);
  if (ex.stream_closed || ex.stream_ended) return MHD_CONTENT_READER_END_OF_STREAM;
  // Nothing to send: wait for Write or Close (which resume) without spinning the event loop.
  ex.SuspendLocked();
  return 0;
}

void FreeStreamRef(void* cls) { delete static_cast<std::shared_ptr<Exchange>*>(cls); }

}  // namespace

MHD_Result QueueResponse(const Config& config, MHD_Connection* connection, HttpResponse response,
                         bool closing) {
  if (response.status < 200 || response.status > 599) {
    const int invalid = response.status;
    response = config.ErrorResponse(
        500, absl::InternalError(absl::StrCat("the request handler answered with HTTP status ",
                                              invalid, "; expected 200-599")));
  }
  auto* body = new std::string(std::move(response.body));
  MHD_Response* reply = MHD_create_response_from_buffer_with_free_callback_cls(
      body->size(), body->data(), [](void* cls) { delete static_cast<std::string*>(cls); }, body);
  if (reply == nullptr) {
    delete body;
    return MHD_NO;
  }
  AddHeaders(reply, response, closing);
  const MHD_Result queued =
      MHD_queue_response(connection, static_cast<unsigned int>(response.status), reply);
  MHD_destroy_response(reply);
  return queued;
}

MHD_Result QueueEventStream(MHD_Connection* connection, Exchange& ex, bool closing) {
  auto* ref = new std::shared_ptr<Exchange>(ex.shared_from_this());
  MHD_Response* reply = MHD_create_response_from_callback(MHD_SIZE_UNKNOWN, kStreamBlockSize,
                                                          &StreamReader, ref, &FreeStreamRef);
  if (reply == nullptr) {
    delete ref;
    return MHD_NO;
  }
  HttpResponse head;
  head.content_type = "text/event-stream";
  head.headers = {{"Cache-Control", "no-cache"}, {"X-Accel-Buffering", "no"}};
  AddHeaders(reply, head, closing);
  const MHD_Result queued = MHD_queue_response(connection, MHD_HTTP_OK, reply);
  MHD_destroy_response(reply);
  return queued;
}

std::string SerializeClosing(const HttpResponse& response) {
  std::string out = absl::StrCat("HTTP/1.1 ", response.status, " ",
                                 MHD_get_reason_phrase_for(response.status), "\r\n");
  if (!response.content_type.empty()) {
    absl::StrAppend(&out, "Content-Type: ", response.content_type, "\r\n");
  }
  for (const auto& [name, value] : response.headers) {
    if (absl::StrContains(name, '\r') || absl::StrContains(name, '\n') ||
        absl::StrContains(value, '\r') || absl::StrContains(value, '\n')) {
      continue;
    }
    absl::StrAppend(&out, name, ": ", value, "\r\n");
  }
  absl::StrAppend(&out, "Content-Length: ", response.body.size(), "\r\nConnection: close\r\n\r\n",
                  response.body);
  return out;
}

}  // namespace http_internal
}  // namespace server
