#include "puzzle/utf8.h"

#include <cstdint>

namespace puzzle {

size_t Utf8CharLength(absl::string_view text) {
  if (text.empty()) return 0;
  const auto* s = reinterpret_cast<const unsigned char*>(text.data());
  const unsigned char c = s[0];
  if (c < 0x80) return 1;
  size_t extra;
  uint32_t min;
  uint32_t code;
  if ((c & 0xE0) == 0xC0) {
    extra = 1, min = 0x80, code = c & 0x1F;
  } else if ((c & 0xF0) == 0xE0) {
    extra = 2, min = 0x800, code = c & 0x0F;
  } else if ((c & 0xF8) == 0xF0) {
    extra = 3, min = 0x10000, code = c & 0x07;
  } else {
    return 0;
  }
  for (size_t k = 1; k <= extra; ++k) {
    if (k >= text.size() || (s[k] & 0xC0) != 0x80) return 0;
    code = (code << 6) | (s[k] & 0x3F);
  }
  // Overlong forms, UTF-16 surrogates and code points past U+10FFFF are not UTF-8.
  if (code < min || (code >= 0xD800 && code <= 0xDFFF) || code > 0x10FFFF) return 0;
  return extra + 1;
}

}  // namespace puzzle
