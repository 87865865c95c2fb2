// The shared files web/assets.cc serves: unique paths, content, and every relative module import
// of a served script ("from './panel.js'") resolves to a served script, so that adding a shared
// file to web/ without listing it in assets.cc fails here rather than in the browser.

#include "web/assets.h"

#include <set>
#include <string>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/string_view.h"
#include "gtest/gtest.h"

namespace web {
namespace {

// The file names of `script`'s relative imports: the X of every "'./X'" that follows "from " or
// "import(".
std::set<std::string> RelativeImports(absl::string_view script) {
  std::set<std::string> names;
  for (absl::string_view opener :
       {absl::string_view("from './"), absl::string_view("import('./")}) {
    size_t at = 0;
    while ((at = script.find(opener, at)) != absl::string_view::npos) {
      at += opener.size();
      const size_t end = script.find('\'', at);
      if (end == absl::string_view::npos) break;
      names.insert(std::string(script.substr(at, end - at)));
    }
  }
  return names;
}

TEST(AssetsTest, PathsAreUniqueAndFilesNonEmpty) {
  std::set<std::string> paths;
  for (const Asset& asset : Assets()) {
    EXPECT_TRUE(paths.insert(std::string(asset.path)).second) << asset.path;
    EXPECT_FALSE(asset.content.empty()) << asset.path;
    EXPECT_TRUE(absl::StrContains(asset.content_type, "charset=utf-8")) << asset.path;
  }
  EXPECT_EQ(paths.count("/"), 1u);
}

TEST(AssetsTest, EveryRelativeImportIsServed) {
  std::set<std::string> paths;
  for (const Asset& asset : Assets()) paths.insert(std::string(asset.path));
  int scripts = 0, imports = 0;
  for (const Asset& asset : Assets()) {
    if (!absl::EndsWith(asset.path, ".js")) continue;
    ++scripts;
    EXPECT_TRUE(absl::StartsWith(asset.content_type, "text/javascript")) << asset.path;
    for (const std::string& name : RelativeImports(asset.content)) {
      ++imports;
      EXPECT_EQ(paths.count(absl::StrCat("/assets/", name)), 1u)
          << asset.path << " imports ./" << name << ", which web/assets.cc does not serve";
    }
  }
  EXPECT_GE(scripts, 5);  // app, player, panel, sliding, sliding_view
  EXPECT_GE(imports, 5);
}

TEST(AssetsTest, TheShellLoadsServedFiles) {
  for (const Asset& asset : Assets()) {
    if (asset.path != "/") continue;
    for (absl::string_view file : {"/assets/style.css", "/assets/app.js"}) {
      EXPECT_TRUE(absl::StrContains(asset.content, file)) << file;
    }
  }
}

}  // namespace
}  // namespace web
