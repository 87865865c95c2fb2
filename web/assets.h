// The playground's shared files, embedded in the server binary at build time: the shell page,
// its styles, the shared player, the panel parts every view is made of, the sliding-grid board,
// the sliding-puzzle view and the app that loads one view module per puzzle (each puzzle's view
// is served from its Puzzle::playground_view, not from here). See web/README.md.

#ifndef WEB_ASSETS_H_
#define WEB_ASSETS_H_

#include <vector>

#include "absl/strings/string_view.h"

namespace web {

struct Asset {
  absl::string_view path;  // "/", "/assets/style.css", ...
  absl::string_view content_type;
  absl::string_view content;
};

const std::vector<Asset>& Assets();

}  // namespace web

#endif  // WEB_ASSETS_H_
