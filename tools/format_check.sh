#!/usr/bin/env bash
# Checks that every C++ file of ours is formatted as .clang-format says (Google style, 100
# columns), so the tree cannot drift from it. Prints the files that differ and exits 1; exits 1
# too, saying so, when it finds no files to check (outside a git checkout).
#   bash tools/format_check.sh          # check (part of tools/test.sh)
#   bash tools/format_check.sh --fix    # format them in place
set -uo pipefail
cd "$(dirname "$0")/.." || exit 1
format=$(command -v clang-format-14 || command -v clang-format) || {
  echo "format check: clang-format not found (tools/bootstrap.sh installs clang-format-14)" >&2
  exit 1
}
# The files are the ones git lists (tracked, or new and not ignored): outside a git checkout (a tarball, `git archive`) there are
# none to list, and a check of zero files must not pass.
command -v git >/dev/null || {
  echo "format check: git not found; the files to check are those git tracks (git ls-files)" >&2
  exit 1
}
git rev-parse --is-inside-work-tree >/dev/null 2>&1 || {
  echo "format check: $(pwd) is not a git checkout, so no files were checked (the files are" \
    "those git tracks); run it in a clone" >&2
  exit 1
}
# Tracked files and new ones not yet added (but not ignored ones): a file about to be committed is
# checked before its commit, not only in CI's clean clone.
mapfile -t files < <(git ls-files --cached --others --exclude-standard '*.cc' '*.h' |
  grep -v '^third_party/' | sort -u)
if [ "${#files[@]}" -eq 0 ]; then
  echo "format check: git tracks no C++ files here (git ls-files '*.cc' '*.h'), so no files" \
    "were checked" >&2
  exit 1
fi
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
