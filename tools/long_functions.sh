#!/usr/bin/env bash
# Lists C++ functions longer than N lines (default 60), longest first, as "lines file:line name".
# A function is a definition that starts at column 0 (the house style: free functions, and
# members defined outside their class) and ends at the next "}" at column 0; members defined
# inside a class body and lambdas are counted with the function that holds them.
#   bash tools/long_functions.sh [N]
set -euo pipefail
cd "$(dirname "$0")/.."
limit=${1:-60}
git ls-files '*.cc' | xargs awk -v limit="$limit" '
  FNR == 1 { start = 0 }
  start == 0 && /^[A-Za-z_].*\)( const)?( override)? \{$/ && !/^(namespace|class|struct|enum)/ {
    start = FNR; name = $0; sub(/\(.*/, "", name); n = split(name, words, " "); name = words[n]
    next
  }
  start > 0 && /^}/ {
    if (FNR - start + 1 > limit) printf "%d %s:%d %s\n", FNR - start + 1, FILENAME, start, name
    start = 0
  }' | sort -rn
