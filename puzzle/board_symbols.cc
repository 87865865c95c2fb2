#include "puzzle/board_symbols.h"

#include <algorithm>

#include "absl/strings/ascii.h"
#include "absl/strings/escaping.h"
#include "absl/strings/str_cat.h"
#include "puzzle/utf8.h"

namespace puzzle {

size_t SplitBoardSymbols(absl::string_view text, absl::string_view* symbols, size_t capacity) {
  const bool tokens =
      std::any_of(text.begin(), text.end(), [](char c) { return absl::ascii_isspace(c); });
  if (!tokens) {
    size_t count = 0;
    for (size_t i = 0; i < text.size(); ++count) {
      // A byte that starts no UTF-8 character is a symbol of its own.
      const size_t length = std::max<size_t>(1, Utf8CharLength(text.substr(i)));
      if (count < capacity) symbols[count] = text.substr(i, length);
      i += length;
    }
    return count;
  }
  size_t count = 0;
  size_t i = 0;
  while (i < text.size()) {
    while (i < text.size() && absl::ascii_isspace(text[i])) ++i;
    if (i == text.size()) break;
    size_t j = i;
    while (j < text.size() && !absl::ascii_isspace(text[j])) ++j;
    if (count < capacity) symbols[count] = text.substr(i, j - i);
    ++count;
    i = j;
  }
  return count;
}

std::string QuoteSymbol(absl::string_view symbol) {
  constexpr size_t kMaxQuoted = 12;
  if (symbol.size() <= kMaxQuoted) return absl::StrCat("'", absl::CHexEscape(symbol), "'");
  return absl::StrCat("'", absl::CHexEscape(symbol.substr(0, kMaxQuoted)), "...' (", symbol.size(),
                      " characters)");
}

}  // namespace puzzle
