#include "client/progress_line.h"

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"

namespace client {
namespace {

// 12345678 -> "12,345,678".
std::string WithThousands(uint64_t n) {
  std::string digits = absl::StrCat(n);
  std::string out;
  for (size_t i = 0; i < digits.size(); ++i) {
    if (i > 0 && (digits.size() - i) % 3 == 0) out += ',';
    out += digits[i];
  }
  return out;
}

}  // namespace

std::string FormatSearchProgress(const puzzle::SearchProgress& progress) {
  return absl::StrFormat("searching: bound %d, %s nodes, %.1f s", progress.bound,
                         WithThousands(progress.nodes), absl::ToDoubleSeconds(progress.elapsed));
}

void ProgressLine::Show(const puzzle::SearchProgress& progress) {
  if (!enabled_) return;
  std::fprintf(out_, "\r%s\033[K", FormatSearchProgress(progress).c_str());
  std::fflush(out_);
  shown_ = true;
}

void ProgressLine::Clear() {
  if (!enabled_ || !shown_) return;
  std::fputs("\r\033[K", out_);
  std::fflush(out_);
  shown_ = false;
}

}  // namespace client
