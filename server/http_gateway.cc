#include "server/http_gateway.h"

#include <functional>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/strings/escaping.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/synchronization/notification.h"
#include "absl/time/clock.h"
#include "puzzleoracle/v1/oracle.pb.h"
#include "server/grpc_calls.h"
#include "server/json_body.h"
#include "server/json_output.h"
#include "server/oracle_service.h"
#include "server/v1_services.h"
#include "web/assets.h"

namespace server {
namespace {

constexpr char kJson[] = "application/json";

// One request in flight: its responder and its metrics. Shared with work on the executor.
class Exchange {
 public:
  Exchange(std::unique_ptr<HttpResponder> responder, Metrics* metrics,
           Metrics::MethodMetrics* method)
      : responder_(std::move(responder)), metrics_(metrics), method_(method), start_(absl::Now()) {
    metrics_->BeginRequest(Transport::kHttp);
  }
  Exchange(const Exchange&) = delete;
  Exchange& operator=(const Exchange&) = delete;

  const HttpRequest& request() const { return responder_->request(); }

  void Send(HttpResponse response) { Done(absl::OkStatus(), std::move(response)); }

  // Cancels `state`'s work if the client disconnects before the answer (HttpResponder's
  // OnClientGone): a search for nobody stops at once instead of holding a worker.
  void CancelWhenClientGone(std::shared_ptr<CallState> state) {
    responder_->OnClientGone([state] { state->cancelled.store(true); });
  }

  // Answers with a Server-Sent Events stream; `Ended` records the call once the stream is over.
  std::shared_ptr<HttpEventStream> StartEventStream(std::function<void()> on_close) {
    return responder_->StartEventStream(std::move(on_close));
  }
  void Ended(const absl::Status& status) {
    method_->Record(status.code(), absl::Now() - start_);
    metrics_->EndRequest(Transport::kHttp);
  }
  void SendJson(const google::protobuf::Message& message) {
    Send(HttpResponse{200, kJson, MessageToJson(message), {}});
  }
  void Fail(const absl::Status& status, int http_status = 0) {
    Done(status, ErrorResponse(status, http_status));
  }

 private:
  void Done(const absl::Status& status, HttpResponse response) {
    Ended(status);
    responder_->Send(std::move(response));
  }

  const std::unique_ptr<HttpResponder> responder_;
  Metrics* const metrics_;
  Metrics::MethodMetrics* const method_;
  const absl::Time start_;
};

using RouteFunction = std::function<void(std::shared_ptr<Exchange>)>;

// A :solveWatch event stream handed from the thread that starts it to the work that writes it.
struct StartedStream {
  absl::Notification ready;
  std::shared_ptr<HttpEventStream> stream;  // written before ready, then only read
};

// One Server-Sent Event: "event: <name>" and the JSON on one "data:" line (JSON from protobuf
// has no raw newlines).
std::string SseEvent(absl::string_view name, absl::string_view json) {
  return absl::StrCat("event: ", name, "\ndata: ", json, "\n\n");
}

}  // namespace

int HttpStatusFor(absl::StatusCode code) {
  switch (code) {
    case absl::StatusCode::kOk:
      return 200;
    case absl::StatusCode::kCancelled:
      return 499;
    case absl::StatusCode::kInvalidArgument:
      return 400;
    case absl::StatusCode::kDeadlineExceeded:
      return 504;
    case absl::StatusCode::kNotFound:
      return 404;
    case absl::StatusCode::kAlreadyExists:
      return 409;
    case absl::StatusCode::kPermissionDenied:
      return 403;
    case absl::StatusCode::kResourceExhausted:
      return 429;
    case absl::StatusCode::kFailedPrecondition:
      return 400;
    case absl::StatusCode::kAborted:
      return 409;
    case absl::StatusCode::kOutOfRange:
      return 400;
    case absl::StatusCode::kUnimplemented:
      return 501;
    case absl::StatusCode::kUnavailable:
      return 503;
    case absl::StatusCode::kUnauthenticated:
      return 401;
    default:
      return 500;  // UNKNOWN, INTERNAL, DATA_LOSS
  }
}

HttpResponse ErrorResponse(const absl::Status& status, int http_status) {
  puzzleoracle::v1::HttpError error;
  error.set_code(static_cast<int>(status.code()));
  error.set_message(std::string(status.message()));
  return HttpResponse{http_status != 0 ? http_status : HttpStatusFor(status.code()),
                      kJson,
                      MessageToJson(error),
                      {}};
}

class HttpGateway::Routes {
 public:
  Routes(const OracleHandler* handler, SolveExecutor* executor, Metrics* metrics)
      : handler_(handler), executor_(executor), metrics_(metrics) {
    other_ = metrics_->Find(Transport::kHttp, "other");
    AddStatic();
    AddV2();
    AddV1();
  }

  void Handle(const HttpRequest& request, std::unique_ptr<HttpResponder> responder) const {
    const std::string method = request.method == "HEAD" ? "GET" : request.method;
    auto found = routes_.find(request.path);
    if (found != routes_.end()) {
      for (const Route& route : found->second) {
        if (route.method == method) {
          route.run(std::make_shared<Exchange>(std::move(responder), metrics_, route.metrics));
          return;
        }
      }
    }
    auto exchange = std::make_shared<Exchange>(std::move(responder), metrics_, other_);
    const std::string shown = absl::CHexEscape(request.path.substr(0, 200));
    if (method != "GET" && method != "POST") {
      exchange->Fail(absl::UnimplementedError(
          absl::StrCat("method ", absl::CHexEscape(request.method.substr(0, 20)),
                       " is not supported; this API uses GET and POST")));
      return;
    }
    if (found != routes_.end()) {
      exchange->Fail(absl::NotFoundError(absl::StrCat(
                         shown, " takes ", found->second.front().method, ", not ", method)),
                     405);
      return;
    }
    // /v2/puzzles/<name>:<verb> for a puzzle this server does not serve: say which it serves.
    constexpr absl::string_view kPuzzles = "/v2/puzzles/";
    if (absl::StartsWith(request.path, kPuzzles)) {
      const absl::string_view rest = absl::string_view(request.path).substr(kPuzzles.size());
      const absl::string_view name = rest.substr(0, rest.find(':'));
      absl::StatusOr<const puzzle::LoadedPuzzle*> p = handler_->Find(name);
      if (!p.ok()) {
        exchange->Fail(p.status());
        return;
      }
    }
    exchange->Fail(absl::NotFoundError(
        absl::StrCat("no endpoint ", method, " ", shown, "; see GET / or the README for the API")));
  }

 private:
  struct Route {
    std::string method;
    Metrics::MethodMetrics* metrics;
    RouteFunction run;
  };

  // `metric` is the method label ("POST /v2/puzzles/{puzzle}:solve"), `puzzle` the puzzle label.
  void Add(const std::string& method, const std::string& path, const std::string& metric,
           const std::string& puzzle, RouteFunction run) {
    routes_[path].push_back(
        Route{method, metrics_->RegisterMethod(Transport::kHttp, metric, puzzle), std::move(run)});
  }
  void Add(const std::string& method, const std::string& path, RouteFunction run) {
    Add(method, path, absl::StrCat(method, " ", path), "", std::move(run));
  }

  // A JSON call through a CallHandler: parsed (the batch limit checked first), prepared (e.g.
  // the puzzle taken from the path), then run inline or on the executor.
  template <typename Request, typename Response>
  RouteFunction JsonCall(CallHandler<Request, Response> call,
                         std::function<absl::Status(Request*)> prepare = nullptr) const {
    const int max_items = handler_->limits().max_batch_size;
    SolveExecutor* executor = executor_;
    return [call, prepare, max_items, executor](std::shared_ptr<Exchange> exchange) {
      auto request = std::make_shared<Request>();
      absl::Status status = ParseJsonBody(exchange->request().body, max_items, request.get());
      if (status.ok() && prepare) status = prepare(request.get());
      if (!status.ok()) {
        exchange->Fail(status);
        return;
      }
      // HTTP calls have no deadline (searches still stop at the server's cap); a client that
      // disconnects cancels them.
      auto state = std::make_shared<CallState>();
      auto run = [call, request, exchange, state] {
        Response response;
        const absl::Status s = call.run(*request, *state, &response);
        if (state->cancelled.load()) {
          // Nobody to answer (the Send is dropped); counted as what it is, not as OK.
          exchange->Fail(absl::CancelledError("the client disconnected before the answer"));
        } else if (s.ok()) {
          exchange->SendJson(response);
        } else {
          exchange->Fail(s);
        }
      };
      if (!call.off_thread(*request)) {
        run();
        return;
      }
      exchange->CancelWhenClientGone(state);
      status = executor->Submit(run, RequestFootprint(*request, exchange->request().body.size()));
      if (!status.ok()) exchange->Fail(status);
    };
  }

  // POST .../<puzzle>:solveWatch: the SolveWatch RPC as Server-Sent Events: "progress" events
  // (SolveProgress), then one "answer" (SolveResponse) or one "error" ({"code", "message"}). A
  // malformed request or board is a plain JSON error (400) before any event, and so is a full
  // executor (429, as for :solve); the stream starts once the executor has accepted the search.
  // A client that goes away cancels the search, whether it waits in the queue or runs.
  RouteFunction WatchRoute(const puzzle::LoadedPuzzle& loaded,
                           std::function<absl::Status(v2::SolveRequest*)> prepare) const {
    const int max_items = handler_->limits().max_batch_size;
    SolveExecutor* executor = executor_;
    const puzzle::Puzzle* p = &loaded.puzzle();
    WatchHandler<v2::SolveRequest, v2::SolveWatchResponse> watch = SolveWatchHandler(handler_);
    return [=](std::shared_ptr<Exchange> exchange) {
      auto request = std::make_shared<v2::SolveRequest>();
      absl::Status status = ParseJsonBody(exchange->request().body, max_items, request.get());
      if (status.ok()) status = prepare(request.get());
      // The boards are checked before the stream starts, so that they get a plain 400.
      if (status.ok()) status = p->Trace(request->start(), "").status();
      if (status.ok() && p->info().has_goal && !request->goal().empty()) {
        status = p->Scramble(request->goal(), 0, 0).status();
      }
      if (!status.ok()) {
        exchange->Fail(status);
        return;
      }
      auto state = std::make_shared<CallState>();
      // The stream, started on this thread once the executor accepted the work; the work waits
      // for it (microseconds: the executor runs nothing on the submitting thread).
      auto started = std::make_shared<StartedStream>();
      auto start_stream = [exchange, state, started] {
        started->stream = exchange->StartEventStream([state] { state->cancelled.store(true); });
        started->ready.Notify();
      };
      auto run = [watch, request, state, exchange, started] {
        started->ready.WaitForNotification();
        const std::shared_ptr<HttpEventStream>& stream = started->stream;
        v2::SolveWatchResponse last;
        const absl::Status s = watch.run(
            *request, *state,
            [&stream](const v2::SolveWatchResponse& event) {
              stream->Write(SseEvent("progress", MessageToJson(event.progress())));
            },
            &last);
        stream->Write(s.ok() ? SseEvent("answer", MessageToJson(last.answer()))
                             : SseEvent("error", ErrorResponse(s).body));
        stream->Close();
        exchange->Ended(s);
      };
      if (!watch.off_thread(*request)) {
        start_stream();
        run();
        return;
      }
      status = executor->Submit(run, RequestFootprint(*request, exchange->request().body.size()));
      if (!status.ok()) {
        exchange->Fail(status);
        return;
      }
      start_stream();
    };
  }

  void AddStatic() {
    for (const web::Asset& asset : web::Assets()) {
      HttpResponse response{200, std::string(asset.content_type), std::string(asset.content), {}};
      Add("GET", std::string(asset.path),
          [response](std::shared_ptr<Exchange> e) { e->Send(response); });
    }
    Add("GET", "/metrics", [this](std::shared_ptr<Exchange> e) {
      e->Send(HttpResponse{200, "text/plain; version=0.0.4", metrics_->Render(), {}});
    });
    Add("GET", "/v2/puzzles", [this](std::shared_ptr<Exchange> e) {
      v2::ListPuzzlesResponse list;
      handler_->ListPuzzles(&list);
      e->SendJson(list);
    });
    Add("GET", "/v2/tables",
        [this](std::shared_ptr<Exchange> e) { e->SendJson(handler_->table_info()); });
    Add("GET", "/v1/tables", [this](std::shared_ptr<Exchange> e) {
      e->SendJson(ToV1TableInfo(handler_->table_info()));
    });
  }

  void AddV2() {
    for (const auto& loaded : handler_->puzzles()) {
      const std::string name = loaded->puzzle().info().name;
      const std::string base = absl::StrCat("/v2/puzzles/", name);
      // The path names the puzzle; a body may repeat it, but not contradict it.
      auto named = [name](auto* request) {
        if (request->puzzle().empty()) request->set_puzzle(name);
        if (request->puzzle() == name) return absl::OkStatus();
        return absl::InvalidArgumentError(absl::StrCat(
            "puzzle: the body names '", request->puzzle(), "', the path '", name, "'"));
      };
      Add("GET", absl::StrCat("/views/", name, ".js"), absl::StrCat("GET /views/{puzzle}.js"), name,
          [view = std::string(loaded->puzzle().playground_view())](std::shared_ptr<Exchange> e) {
            e->Send(HttpResponse{200, "text/javascript; charset=utf-8", view, {}});
          });
      Add("POST", base + ":solve", "POST /v2/puzzles/{puzzle}:solve", name,
          JsonCall<v2::SolveRequest, v2::SolveResponse>(
              SolveHandler(handler_), [named](v2::SolveRequest* r) { return named(r); }));
      Add("POST", base + ":solveBatch", "POST /v2/puzzles/{puzzle}:solveBatch", name,
          JsonCall<v2::SolveBatchRequest, v2::SolveBatchResponse>(
              BatchHandler<v2::SolveBatchRequest, v2::SolveBatchResponse>(handler_),
              [named](v2::SolveBatchRequest* r) { return named(r); }));
      Add("POST", base + ":solveWatch", "POST /v2/puzzles/{puzzle}:solveWatch", name,
          WatchRoute(*loaded, [named](v2::SolveRequest* r) { return named(r); }));
      CallHandler<v2::ScrambleRequest, v2::ScrambleResponse> scramble;
      scramble.off_thread = [](const v2::ScrambleRequest&) { return false; };
      scramble.run = [this](const v2::ScrambleRequest& in, const CallState&,
                            v2::ScrambleResponse* out) { return handler_->Scramble(in, out); };
      Add("POST", base + ":scramble", "POST /v2/puzzles/{puzzle}:scramble", name,
          JsonCall<v2::ScrambleRequest, v2::ScrambleResponse>(
              scramble, [named](v2::ScrambleRequest* r) { return named(r); }));
    }
  }

  void AddV1() {
    if (auto eight = handler_->Find(kV1EightPuzzle); eight.ok()) {
      Add("POST", "/v1/eight:solve", "POST /v1/eight:solve", kV1EightPuzzle,
          JsonCall(EightV1SolveHandler(handler_, *eight)));
      Add("POST", "/v1/eight:solveBatch", "POST /v1/eight:solveBatch", kV1EightPuzzle,
          JsonCall(EightV1BatchHandler(handler_, *eight)));
    }
    if (auto rotation = handler_->Find(kV1RotationPuzzle); rotation.ok()) {
      Add("POST", "/v1/rotation:solve", "POST /v1/rotation:solve", kV1RotationPuzzle,
          JsonCall(RotationV1SolveHandler(handler_, *rotation)));
      Add("POST", "/v1/rotation:solveBatch", "POST /v1/rotation:solveBatch", kV1RotationPuzzle,
          JsonCall(RotationV1BatchHandler(handler_, *rotation)));
    }
  }

  const OracleHandler* const handler_;
  SolveExecutor* const executor_;
  Metrics* const metrics_;
  Metrics::MethodMetrics* other_;
  absl::flat_hash_map<std::string, std::vector<Route>> routes_;
};

absl::StatusOr<std::unique_ptr<HttpGateway>> HttpGateway::Start(const HttpGatewayOptions& options,
                                                                const OracleHandler* handler,
                                                                SolveExecutor* executor,
                                                                Metrics* metrics) {
  std::unique_ptr<HttpGateway> gateway(new HttpGateway());
  gateway->routes_ = std::make_unique<Routes>(handler, executor, metrics);
  HttpServerOptions server;
  server.address = options.address;
  server.threads = options.threads;
  server.max_body_bytes = static_cast<size_t>(handler->limits().max_message_size);
  server.max_connections = options.max_connections;
  server.idle_timeout = options.idle_timeout;
  server.event_stream_shutdown_event =
      SseEvent("error", ErrorResponse(absl::UnavailableError("server shutting down")).body);
  const int limit = handler->limits().max_message_size;
  server.error_response = [limit](int http_status, const absl::Status& status) {
    if (http_status == 413) {
      return ErrorResponse(
          absl::ResourceExhaustedError(absl::StrCat("request body exceeds the server's limit of ",
                                                    limit, " bytes (--max_message_size)")),
          413);
    }
    return ErrorResponse(status, http_status);
  };
  const Routes* routes = gateway->routes_.get();
  absl::StatusOr<std::unique_ptr<HttpServer>> started = HttpServer::Start(
      std::move(server),
      [routes](const HttpRequest& request, std::unique_ptr<HttpResponder> responder) {
        routes->Handle(request, std::move(responder));
      });
  if (!started.ok()) return started.status();
  gateway->server_ = *std::move(started);
  return gateway;
}

HttpGateway::~HttpGateway() { Stop(absl::ZeroDuration()); }

const std::string& HttpGateway::address() const { return server_->address(); }

int HttpGateway::max_connections() const { return server_->max_connections(); }

void HttpGateway::Stop(absl::Duration grace) {
  if (server_ != nullptr) server_->Stop(grace);
}

}  // namespace server
