// Reading UTF-8 one character at a time: the board readers count a compact board's symbols in
// characters (board_symbols), and the wire's check of proto3 strings (rpc/utf8) is built on the
// same reading, so the two cannot disagree on what a character is.
//
// Example:
//   Utf8CharLength("\xc3\x89X")  // 2: 'É' (U+00C9)
//   Utf8CharLength("\xffX")      // 0: 0xFF starts no character
//
// Thread-safety: pure functions.

#ifndef PUZZLE_UTF8_H_
#define PUZZLE_UTF8_H_

#include <cstddef>

#include "absl/strings/string_view.h"

namespace puzzle {

// The length in bytes (1 to 4) of the well-formed UTF-8 character that `text` starts with, or 0
// when `text` is empty or starts with none: a continuation byte, a lead byte cut short or not
// followed by continuation bytes, an overlong form, a UTF-16 surrogate, a code point past
// U+10FFFF, or a byte 0xF8-0xFF. Only the bytes of that first character are read.
size_t Utf8CharLength(absl::string_view text);

}  // namespace puzzle

#endif  // PUZZLE_UTF8_H_
