#include "puzzles/twisty/face_turns.h"

#include <cstring>

#include "absl/strings/ascii.h"
#include "absl/strings/escaping.h"
#include "absl/strings/str_cat.h"

namespace puzzle {

int FaceOfLetter(char letter) {
  const char* at = std::strchr(kFaceLetters, letter);
  return (letter != '\0' && at != nullptr) ? static_cast<int>(at - kFaceLetters) : -1;
}

std::string FaceTurnToken(const FaceTurn& turn) {
  std::string token(1, kFaceLetters[turn.face]);
  if (turn.quarter_turns == 2) token += '2';
  if (turn.quarter_turns == 3) token += '\'';
  return token;
}

bool IsFaceTurnToken(absl::string_view text) {
  return !text.empty() && text.size() <= 3 && FaceOfLetter(text[0]) >= 0 &&
         (text.size() == 1 || text.substr(1) == "2" || text.substr(1) == "'" ||
          text.substr(1) == "2'");
}

bool IsStickerBoard(absl::string_view trimmed) {
  // absl::ascii_isspace's set (space, \t \n \v \f \r), without its per-byte call: this is on
  // every cube query.
  for (char c : trimmed) {
    if (c == ' ' || (c >= '\t' && c <= '\r')) return false;
  }
  return !IsFaceTurnToken(trimmed);
}

absl::StatusOr<std::vector<FaceTurn>> ParseFaceTurns(absl::string_view text,
                                                     absl::string_view field) {
  std::vector<FaceTurn> turns;
  size_t i = 0;
  int number = 0;
  while (true) {
    while (i < text.size() && absl::ascii_isspace(static_cast<unsigned char>(text[i]))) ++i;
    if (i == text.size()) return turns;
    size_t end = i;
    while (end < text.size() && !absl::ascii_isspace(static_cast<unsigned char>(text[end]))) ++end;
    const absl::string_view token = text.substr(i, end - i);
    ++number;
    if (!IsFaceTurnToken(token)) {
      const absl::string_view shown = token.substr(0, 16);
      return absl::InvalidArgumentError(
          absl::StrCat(field, ": move ", number, " is '", absl::CHexEscape(shown),
                       token.size() > shown.size() ? "...'" : "'",
                       "; expected a face U R F D L B, then ', 2 or nothing"));
    }
    FaceTurn turn;
    turn.face = FaceOfLetter(token[0]);
    turn.quarter_turns = token.size() == 1 ? 1 : (token.substr(1, 1) == "2" ? 2 : 3);
    turns.push_back(turn);
    i = end;
  }
}

}  // namespace puzzle
