#include "server/http_request_reader.h"

#include <cstdint>
#include <string>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"

namespace server {
namespace http_internal {
namespace {

BodyRefusal TooLarge(size_t limit, absl::string_view size) {
  return {413, absl::ResourceExhaustedError(absl::StrCat(
                   "request body", size, " exceeds the server's limit of ", limit, " bytes"))};
}

BodyRefusal BudgetSpent(const BodyBudget& budget) {
  return {503, absl::UnavailableError(absl::StrCat(
                   "the server is receiving too many request bodies at once (", budget.used(),
                   " of ", budget.limit(), " bytes buffered); retry later"))};
}

}  // namespace

BodyRefusal ReadHeaders(MHD_Connection* connection, const char* method, const char* version,
                        Exchange& ex) {
  HttpRequest& request = ex.request;
  request.method = method != nullptr ? method : "";
  request.version = version != nullptr ? version : "";
  MHD_get_connection_values_n(
      connection, MHD_HEADER_KIND,
      [](void* cls, MHD_ValueKind, const char* key, size_t key_size, const char* value,
         size_t value_size) {
        static_cast<HttpRequest*>(cls)->headers.emplace_back(
            std::string(key, key_size),
            value != nullptr ? std::string(value, value_size) : std::string());
        return MHD_YES;
      },
      &request);
  if (const std::string* type = request.FindHeader("Content-Type")) request.content_type = *type;

  const std::string* encoding = request.FindHeader("Transfer-Encoding");
  const std::string* length = request.FindHeader("Content-Length");
  uint64_t declared = 0;
  if (encoding != nullptr || length == nullptr || !absl::SimpleAtoi(*length, &declared)) {
    return {};  // no body, or chunked: counted as it arrives
  }
  const Config& config = *ex.config;
  if (declared > config.options.max_body_bytes) {
    return TooLarge(config.options.max_body_bytes, absl::StrCat(" of ", declared, " bytes"));
  }
  if (!config.budget.TryReserve(declared)) return BudgetSpent(config.budget);
  ex.body_reserved = declared;
  request.body.reserve(declared);
  return {};
}

BodyRefusal AppendBody(Exchange& ex, const char* data, size_t n) {
  std::string& body = ex.request.body;
  const Config& config = *ex.config;
  if (n > config.options.max_body_bytes - body.size()) {
    return TooLarge(config.options.max_body_bytes, "");
  }
  if (body.size() + n > ex.body_reserved) {
    const size_t more = body.size() + n - ex.body_reserved;
    if (!config.budget.TryReserve(more)) return BudgetSpent(config.budget);
    ex.body_reserved += more;
  }
  body.append(data, n);
  return {};
}

}  // namespace http_internal
}  // namespace server
