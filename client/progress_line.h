// One self-overwriting status line for a long search on a terminal:
//   searching: bound 52, 12,345,678 nodes, 1.2 s
// The CLI shows it on stderr while a search puzzle's answer is on its way (SolveWatch from a
// server, or SolveControl's progress in-process), and erases it before printing the answer, so
// stdout and redirected output never carry it.
//
// Example:
//   ProgressLine line(stderr, isatty(fileno(stderr)));
//   ... line.Show(progress);  (from the thread that solves or reads the stream)
//   line.Clear();
//
// Thread-safety: not thread-safe; one thread updates it.

#ifndef CLIENT_PROGRESS_LINE_H_
#define CLIENT_PROGRESS_LINE_H_

#include <cstdio>
#include <string>

#include "puzzle/solve_control.h"

namespace client {

// "searching: bound 52, 12,345,678 nodes, 1.2 s".
std::string FormatSearchProgress(const puzzle::SearchProgress& progress);

class ProgressLine {
 public:
  // Writes to `out` only when `enabled` (a terminal); otherwise every call does nothing.
  ProgressLine(std::FILE* out, bool enabled) : out_(out), enabled_(enabled) {}
  ProgressLine(const ProgressLine&) = delete;
  ProgressLine& operator=(const ProgressLine&) = delete;
  ~ProgressLine() { Clear(); }

  // Replaces the line with `progress` (carriage return, the text, erase to the end of line).
  void Show(const puzzle::SearchProgress& progress);
  // Erases the line if one is shown.
  void Clear();

 private:
  std::FILE* const out_;
  const bool enabled_;
  bool shown_ = false;
};

}  // namespace client

#endif  // CLIENT_PROGRESS_LINE_H_
