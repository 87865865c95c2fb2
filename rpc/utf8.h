// The UTF-8 check every string of the API needs: proto3 requires string fields to be valid
// UTF-8, so the server refuses a request with a bad one (naming the field and byte) before
// protobuf parses it, and the client refuses to send one rather than fail a whole batch.
//
// Example:
//   size_t bad = 0;
//   if (!rpc::IsValidUtf8(query.start, &bad)) {
//     return absl::InvalidArgumentError(absl::StrCat("start: not valid UTF-8 (byte ", bad + 1,
//                                                    ")"));
//   }
//
// Thread-safety: pure functions.

#ifndef RPC_UTF8_H_
#define RPC_UTF8_H_

#include <cstddef>

#include "absl/strings/string_view.h"

namespace rpc {

// True when `text` is valid UTF-8 (no overlong forms, no UTF-16 surrogates, nothing past
// U+10FFFF); otherwise false, with `*bad_offset` set to the 0-based offset of the first byte
// that does not start a valid character. `*bad_offset` is left alone when `text` is valid.
bool IsValidUtf8(absl::string_view text, size_t* bad_offset);

}  // namespace rpc

#endif  // RPC_UTF8_H_
