#include "server/http_gateway.h"

#include <httplib.h>

#include <google/protobuf/util/json_util.h>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/time/clock.h"
#include "web/playground_html.h"

namespace server {
namespace {

constexpr char kJson[] = "application/json";

std::string ErrorBody(const absl::Status& status) {
  api::HttpError error;
  error.set_code(static_cast<int>(status.code()));
  error.set_message(std::string(status.message()));
  google::protobuf::util::JsonPrintOptions options;
  options.always_print_primitive_fields = true;
  std::string body;
  google::protobuf::util::MessageToJsonString(error, &body, options);
  return body;
}

void SendError(const absl::Status& status, httplib::Response& response) {
  response.status = HttpStatusFor(status.code());
  response.set_content(ErrorBody(status), kJson);
}

template <typename Message>
absl::Status ParseBody(const httplib::Request& request, Message* message) {
  google::protobuf::util::JsonParseOptions options;
  options.ignore_unknown_fields = false;
  const auto status = google::protobuf::util::JsonStringToMessage(request.body, message, options);
  if (!status.ok()) {
    return absl::InvalidArgumentError(
        absl::StrCat("request body is not a valid JSON ", Message::descriptor()->name(), ": ",
                     std::string(status.message())));
  }
  return absl::OkStatus();
}

template <typename Message>
void SendMessage(const Message& message, httplib::Response& response) {
  google::protobuf::util::JsonPrintOptions options;
  options.always_print_primitive_fields = true;
  std::string body;
  google::protobuf::util::MessageToJsonString(message, &body, options);
  response.status = 200;
  response.set_content(body, kJson);
}

}  // namespace

int HttpStatusFor(absl::StatusCode code) {
  switch (code) {
    case absl::StatusCode::kOk: return 200;
    case absl::StatusCode::kCancelled: return 499;
    case absl::StatusCode::kInvalidArgument: return 400;
    case absl::StatusCode::kDeadlineExceeded: return 504;
    case absl::StatusCode::kNotFound: return 404;
    case absl::StatusCode::kAlreadyExists: return 409;
    case absl::StatusCode::kPermissionDenied: return 403;
    case absl::StatusCode::kResourceExhausted: return 429;
    case absl::StatusCode::kFailedPrecondition: return 400;
    case absl::StatusCode::kAborted: return 409;
    case absl::StatusCode::kOutOfRange: return 400;
    case absl::StatusCode::kUnimplemented: return 501;
    case absl::StatusCode::kUnavailable: return 503;
    case absl::StatusCode::kUnauthenticated: return 401;
    default: return 500;  // UNKNOWN, INTERNAL, DATA_LOSS
  }
}

HttpGateway::HttpGateway() : server_(std::make_unique<httplib::Server>()) {}

HttpGateway::~HttpGateway() { Stop(); }

void HttpGateway::Stop() {
  if (server_->is_running()) server_->stop();
  if (listener_.joinable()) listener_.join();
}

absl::StatusOr<std::unique_ptr<HttpGateway>> HttpGateway::Start(
    const std::string& address, RequestLimits limits, const EightQueryHandler* eight,
    const RotationQueryHandler* rotation, Metrics* metrics) {
  const size_t colon = address.rfind(':');
  int port = -1;
  if (colon == std::string::npos || !absl::SimpleAtoi(address.substr(colon + 1), &port) ||
      port < 0 || port > 65535) {
    return absl::InvalidArgumentError(
        absl::StrCat("--http_address='", address, "'; expected host:port"));
  }
  const std::string host = address.substr(0, colon);
  std::unique_ptr<HttpGateway> gateway(new HttpGateway());
  httplib::Server& server = *gateway->server_;
  const int threads = limits.http_threads;
  server.new_task_queue = [threads] { return new httplib::ThreadPool(threads); };
  server.set_payload_max_length(static_cast<size_t>(limits.max_message_size));

  // Every route goes through `handle`, which counts it in the metrics under `name`.
  auto handle = [metrics](const std::string& name, auto body) {
    Metrics::MethodMetrics* method = metrics->RegisterMethod(Transport::kHttp, name);
    return [metrics, method, body](const httplib::Request& request, httplib::Response& response) {
      metrics->BeginRequest(Transport::kHttp);
      const absl::Time start = absl::Now();
      const absl::Status status = body(request, response);
      if (!status.ok()) SendError(status, response);
      method->Record(status.code(), absl::Now() - start);
      metrics->EndRequest(Transport::kHttp);
    };
  };

  server.Get("/", handle("GET /", [](const httplib::Request&, httplib::Response& response) {
               response.set_content(web::kPlaygroundHtml, "text/html; charset=utf-8");
               return absl::OkStatus();
             }));
  server.Get("/metrics",
             handle("GET /metrics", [metrics](const httplib::Request&, httplib::Response& response) {
               response.set_content(metrics->Render(), "text/plain; version=0.0.4");
               return absl::OkStatus();
             }));
  server.Get("/v1/tables",
             handle("GET /v1/tables", [eight](const httplib::Request&, httplib::Response& response) {
               api::GetTableInfoResponse info;
               eight->DescribeTables(&info);
               SendMessage(info, response);
               return absl::OkStatus();
             }));
  server.Post("/v1/eight:solve", handle("POST /v1/eight:solve", [eight](const httplib::Request& request,
                                                                        httplib::Response& response) {
    api::SolveRequest in;
    absl::Status status = ParseBody(request, &in);
    if (!status.ok()) return status;
    api::SolveResponse out;
    status = eight->Solve(in, &out);
    if (status.ok()) SendMessage(out, response);
    return status;
  }));
  server.Post("/v1/eight:solveBatch",
              handle("POST /v1/eight:solveBatch",
                     [eight](const httplib::Request& request, httplib::Response& response) {
                       api::SolveBatchRequest in;
                       absl::Status status = ParseBody(request, &in);
                       if (!status.ok()) return status;
                       status = eight->CheckBatchSize(in.items_size());
                       if (!status.ok()) return status;
                       api::SolveBatchResponse out;
                       eight->SolveItems(in.items(), out.mutable_results());
                       SendMessage(out, response);
                       return absl::OkStatus();
                     }));
  if (rotation != nullptr) {
    server.Post("/v1/rotation:solve",
                handle("POST /v1/rotation:solve",
                       [rotation](const httplib::Request& request, httplib::Response& response) {
                         api::RotationSolveRequest in;
                         absl::Status status = ParseBody(request, &in);
                         if (!status.ok()) return status;
                         api::RotationSolveResponse out;
                         status = rotation->Solve(in, &out);
                         if (status.ok()) SendMessage(out, response);
                         return status;
                       }));
    server.Post("/v1/rotation:solveBatch",
                handle("POST /v1/rotation:solveBatch",
                       [rotation](const httplib::Request& request, httplib::Response& response) {
                         api::RotationSolveBatchRequest in;
                         absl::Status status = ParseBody(request, &in);
                         if (!status.ok()) return status;
                         status = rotation->CheckBatchSize(in.items_size());
                         if (!status.ok()) return status;
                         api::RotationSolveBatchResponse out;
                         rotation->SolveItems(in.items(), out.mutable_results());
                         SendMessage(out, response);
                         return absl::OkStatus();
                       }));
  }
  // Unknown paths, wrong methods and oversized bodies: httplib sets the status; give them the
  // same JSON error shape.
  Metrics::MethodMetrics* other = metrics->Find(Transport::kHttp, "other");
  server.set_error_handler([other, limits](const httplib::Request& request,
                                           httplib::Response& response) {
    if (!response.body.empty()) return;  // a handler's own error, already in JSON and counted
    absl::Status status;
    if (response.status == 413) {
      status = absl::ResourceExhaustedError(
          absl::StrCat("request body exceeds the server's limit of ", limits.max_message_size,
                       " bytes (--max_message_size)"));
    } else if (response.status == 404 || response.status == 405) {
      status = absl::NotFoundError(
          absl::StrCat("no endpoint ", request.method, " ", request.path,
                       "; see GET / or the README for the API"));
    } else {
      status = absl::UnknownError(absl::StrCat("HTTP status ", response.status));
    }
    const int http_status = response.status;
    response.set_content(ErrorBody(status), kJson);
    response.status = http_status;
    other->Record(status.code(), absl::ZeroDuration());
  });

  int bound = port;
  if (port == 0) {
    bound = server.bind_to_any_port(host);
  } else if (!server.bind_to_port(host, port)) {
    bound = -1;
  }
  if (bound <= 0) {
    return absl::UnavailableError(
        absl::StrCat("cannot listen for HTTP on ", address, " (address in use, or not valid)"));
  }
  gateway->address_ = absl::StrCat(host, ":", bound);
  gateway->listener_ = std::thread([&server] { server.listen_after_bind(); });
  return gateway;
}

}  // namespace server
