// The symbol-level reading shared by every puzzle's board parser (eight_board, rotation_board,
// fifteen_board): splitting a board's text into symbols, and quoting a user's symbol in an error
// message.
//
// Thread-safety: pure functions.

#ifndef PUZZLE_BOARD_SYMBOLS_H_
#define PUZZLE_BOARD_SYMBOLS_H_

#include <cstddef>
#include <string>

#include "absl/strings/string_view.h"

namespace puzzle {

// Splits `text` into symbols: whitespace-separated tokens if it contains any (ASCII) whitespace,
// else single characters. A character is a UTF-8 character, so 'É' (2 bytes) or '€' (3) is one
// symbol, and each byte that starts no UTF-8 character (0xFF, a stray continuation byte, a
// sequence cut short) is a symbol of its own: counts and positions are in characters, and a
// non-ASCII symbol is named whole. Stores the first `capacity` symbols in `symbols` (views into
// `text`) and returns how many there are in all, so a huge input is counted, never copied.
size_t SplitBoardSymbols(absl::string_view text, absl::string_view* symbols, size_t capacity);

// 'symbol', C-escaped and cut to 12 characters (with the full length noted), so that a huge or
// binary token cannot blow up an error message.
std::string QuoteSymbol(absl::string_view symbol);

}  // namespace puzzle

#endif  // PUZZLE_BOARD_SYMBOLS_H_
