#include "server/http_types.h"

#include "absl/strings/match.h"

namespace server {

const std::string* HttpRequest::FindHeader(absl::string_view name) const {
  for (const auto& [key, value] : headers) {
    if (absl::EqualsIgnoreCase(key, name)) return &value;
  }
  return nullptr;
}

}  // namespace server
