#!/usr/bin/env bash
# Checks that every C++ file of ours is formatted as .clang-format says (Google style, 100
# columns), so the tree cannot drift from it. Prints the files that differ and exits 1.
#   bash tools/format_check.sh          # check (part of tools/test.sh)
#   bash tools/format_check.sh --fix    # format them in place
set -uo pipefail
cd "$(dirname "$0")/.."
format=$(command -v clang-format-14 || command -v clang-format) || {
  echo "format check: clang-format not found (tools/bootstrap.sh installs clang-format-14)" >&2
  exit 1
}
mapfile -t files < <(git ls-files '*.cc' '*.h' | grep -v '^third_party/')
if [ "${1:-}" = "--fix" ]; then
  "$format" -i "${files[@]}"
  exit 0
fi
bad=()
for f in "${files[@]}"; do
  "$format" --dry-run -Werror "$f" >/dev/null 2>&1 || bad+=("$f")
done
if [ "${#bad[@]}" -gt 0 ]; then
  echo "format check: ${#bad[@]} of ${#files[@]} files differ from .clang-format:" >&2
  printf '  %s\n' "${bad[@]}" >&2
  echo "format check: run bash tools/format_check.sh --fix" >&2
  exit 1
fi
echo "format check: ${#files[@]} files formatted as .clang-format says" >&2
