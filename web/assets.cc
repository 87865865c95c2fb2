#include "web/assets.h"

#include "web/app_js.h"
#include "web/index_html.h"
#include "web/panel_js.h"
#include "web/player_js.h"
#include "web/sliding_js.h"
#include "web/sliding_view_js.h"
#include "web/style_css.h"

namespace web {

const std::vector<Asset>& Assets() {
  static const std::vector<Asset>* const assets = new std::vector<Asset>{
      {"/", "text/html; charset=utf-8", kIndexHtml},
      {"/assets/style.css", "text/css; charset=utf-8", kStyleCss},
      {"/assets/player.js", "text/javascript; charset=utf-8", kPlayerJs},
      {"/assets/panel.js", "text/javascript; charset=utf-8", kPanelJs},
      {"/assets/sliding.js", "text/javascript; charset=utf-8", kSlidingJs},
      {"/assets/sliding_view.js", "text/javascript; charset=utf-8", kSlidingViewJs},
      {"/assets/app.js", "text/javascript; charset=utf-8", kAppJs},
  };
  return *assets;
}

}  // namespace web
