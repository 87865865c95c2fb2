// The symbol-level reading shared by every puzzle's board parser (eight_board, rotation_board):
// splitting a board's text into symbols, and quoting a user's symbol in an error message.
//
// Thread-safety: pure functions.

#ifndef PUZZLE_BOARD_SYMBOLS_H_
#define PUZZLE_BOARD_SYMBOLS_H_

#include <cstddef>
#include <string>

#include "absl/strings/string_view.h"

namespace puzzle {

// Splits `text` into symbols: whitespace-separated tokens if it contains any whitespace, else
// single characters. Stores the first `capacity` symbols in `symbols` (views into `text`) and
// returns how many there are in all, so a huge input is counted, never copied.
size_t SplitBoardSymbols(absl::string_view text, absl::string_view* symbols, size_t capacity);

// 'symbol', C-escaped and cut to 12 characters (with the full length noted), so that a huge or
// binary token cannot blow up an error message.
std::string QuoteSymbol(absl::string_view symbol);

}  // namespace puzzle

#endif  // PUZZLE_BOARD_SYMBOLS_H_
