#include "rpc/utf8.h"

#include "puzzle/utf8.h"

namespace rpc {

bool IsValidUtf8(absl::string_view text, size_t* bad_offset) {
  size_t i = 0;
  while (i < text.size()) {
    if (static_cast<unsigned char>(text[i]) < 0x80) {
      ++i;
      continue;
    }
    const size_t length = puzzle::Utf8CharLength(text.substr(i));
    if (length == 0) {
      *bad_offset = i;
      return false;
    }
    i += length;
  }
  return true;
}

}  // namespace rpc
