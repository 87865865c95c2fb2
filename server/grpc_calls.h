// The gRPC calls of every service (v2 and the v1 adapters), over raw bytes. A service method
// says how to handle a parsed request; these reactors do the rest, once:
//   - parse the request's bytes through request_parser.h (INVALID_ARGUMENT naming the field for
//     malformed bytes or invalid UTF-8; the batch limit checked on the wire, before parsing);
//   - run the work inline (table lookups: microseconds) or on the bounded SolveExecutor
//     (searches, big batches), so that long work never holds a gRPC callback thread;
//     a full executor is RESOURCE_EXHAUSTED;
//   - pass the call's deadline and cancellation to the work (CallState), so that a search stops
//     when its client gives up;
//   - serialise the response.
//
// Streams (StreamCall) alternate strictly: read a message, answer it, write the answer, and only
// when the write is done read the next. An answer never waits unwritten while more is read, so a
// client that sends and never reads holds at most one request and one answer. A message that
// cannot be parsed (or names an unknown puzzle) ends the stream with its status, prefixed
// "message N: ", after every earlier answer is written: a stream never ends OK with a message
// unanswered. The StreamGuard bounds how many streams run at once and cancels a stream whose
// answer the client has not read for `write_timeout`, or whose client has sent nothing for
// `idle_timeout` while the server waits for a message. Work that goes to the executor counts its
// RequestFootprint against the executor's memory bound (--request_memory_mib), and each request
// is freed as soon as it is answered.
//
// Thread-safety: gRPC may run a call's reactions on different threads; each call's state is
// touched by one reaction at a time (strict alternation), and a std::mutex makes that ordering
// visible to ThreadSanitizer (Debian's gRPC is not instrumented).
//
// The files: call_handler.h (what a method gives: CallHandler, WatchHandler; CallState, CallEnv),
// unary_call.h, stream_call.h and watch_call.h (the reactors), stream_guard.h (the bound on
// streams), call_tracker.h (the calls in progress, for shutdown).

#ifndef SERVER_GRPC_CALLS_H_
#define SERVER_GRPC_CALLS_H_

#include "server/call_handler.h"
#include "server/call_tracker.h"
#include "server/stream_call.h"
#include "server/stream_guard.h"
#include "server/unary_call.h"
#include "server/watch_call.h"

#endif  // SERVER_GRPC_CALLS_H_
