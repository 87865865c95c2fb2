#include "client/batch_job.h"

#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <condition_variable>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <fstream>
#include <map>
#include <memory>
#include <mutex>
#include <thread>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_split.h"
#include "absl/strings/string_view.h"
#include "absl/time/clock.h"
#include "client/batch_lines.h"

namespace client {
namespace {

absl::Status FileError(const std::string& path, const char* what) {
  return absl::UnavailableError(absl::StrCat(path, ": ", what, ": ", std::strerror(errno)));
}

bool Retryable(const absl::Status& status) {
  return absl::IsUnavailable(status) || absl::IsResourceExhausted(status);
}

// The output's complete lines, checked to be the answers to the shard's first input lines; the
// byte length they cover (a partial line after them is dropped).
absl::StatusOr<std::pair<uint64_t, uint64_t>> CheckExisting(const std::string& path,
                                                            const BatchOptions& options) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return std::pair<uint64_t, uint64_t>{0, 0};  // nothing to resume
  uint64_t lines = 0, bytes = 0;
  std::string line;
  while (std::getline(in, line)) {
    if (in.eof()) break;  // no newline: a partial line, dropped
    const uint64_t expected = static_cast<uint64_t>(options.shard_index) + 1 +
                              lines * static_cast<uint64_t>(options.shard_count);
    const absl::StatusOr<uint64_t> answered = BatchAnswerLine(line);
    if (!answered.ok() || *answered != expected) {
      return absl::FailedPreconditionError(
          absl::StrCat(path, " line ", lines + 1, ": ",
                       answered.ok() ? absl::StrCat("the answer to input line ", *answered)
                                     : std::string(answered.status().message()),
                       "; expected the answer to input line ", expected,
                       ": this output is not this input's (or this shard's); nothing was changed"));
    }
    ++lines;
    bytes += line.size() + 1;
  }
  return std::pair<uint64_t, uint64_t>{lines, bytes};
}

// What a chunk's answers come to: its output lines and their counts.
struct ChunkResult {
  std::string text;
  uint64_t lines = 0, errors = 0, retries = 0;
  std::vector<std::pair<uint64_t, absl::Duration>> times;  // (line, search time) of answers
  absl::Status failure;  // the job must stop (an Oracle broke its contract)
};

// One worker's oracles, one per puzzle, made on first use.
class WorkerOracles {
 public:
  explicit WorkerOracles(const OracleForPuzzle& make) : make_(make) {}
  absl::StatusOr<puzzle::Oracle*> Get(const std::string& name) {
    auto it = oracles_.find(name);
    if (it == oracles_.end()) {
      absl::StatusOr<std::unique_ptr<puzzle::Oracle>> made = make_(name);
      if (!made.ok()) return made.status();
      it = oracles_.emplace(name, *std::move(made)).first;
    }
    return it->second.get();
  }

 private:
  const OracleForPuzzle& make_;
  std::map<std::string, std::unique_ptr<puzzle::Oracle>> oracles_;
};

// A chunk of input lines to answer: their texts back to back in one buffer (one allocation a
// chunk, not one a line), each line's input line number, and where each line ends in `text`.
struct InputChunk {
  std::string text;
  std::vector<uint64_t> numbers;
  std::vector<size_t> ends;

  size_t size() const { return numbers.size(); }
  absl::string_view line(size_t i) const {
    const size_t begin = i == 0 ? 0 : ends[i - 1];
    return absl::string_view(text).substr(begin, ends[i] - begin);
  }
};

// The pipeline: the calling thread reads chunks of lines; `workers` threads each read a chunk's
// lines, answer them through their own oracles and format the answers; a worker that finishes the
// next chunk in input order writes it (and every finished one after it), outside the lock, while
// the others go on answering; so the output is in input order however the chunks finish. At most
// 3 * workers chunks are in flight (queued, being answered, answered and not yet written): memory
// stays bounded when one chunk is slow (a hard search) and the others finish behind it.
class Job {
 public:
  // `resumed`: the answers already in the output (for the ETA).
  Job(const BatchOptions& options, const OracleForPuzzle& oracles,
      SpaceSeparatedMoves space_separated_moves, std::FILE* out, uint64_t resumed)
      : options_(options),
        oracles_(oracles),
        space_separated_moves_(space_separated_moves),
        out_(out),
        resumed_(resumed),
        start_(absl::Now()) {
    next_log_ = start_ + options.log_every;
    const int workers = std::max(1, options.workers);
    for (int i = 0; i < workers; ++i) threads_.emplace_back([this] { Work(); });
  }
  ~Job() { Stop(); }

  // Queues input line `number` (its text is copied); false once the job has failed (Finish says
  // why).
  bool Add(uint64_t number, absl::string_view text) {
    chunk_.text.append(text.data(), text.size());
    chunk_.numbers.push_back(number);
    chunk_.ends.push_back(chunk_.text.size());
    if (chunk_.size() >= options_.chunk_size) return Submit();
    return true;
  }

  // Answers what is left, waits for every chunk, and sums up.
  absl::StatusOr<BatchSummary> Finish() {
    Submit();
    Stop();
    if (!failure_.ok()) return failure_;
    MaybeLog(true);
    summary_.resumed = resumed_;
    summary_.wall = absl::Now() - start_;
    return summary_;
  }

 private:
  bool Submit() {
    std::unique_lock<std::mutex> lock(mu_);
    if (chunk_.size() > 0) {
      room_.wait(lock, [this] { return in_flight_ < 3 * threads_.size() || !failure_.ok(); });
      ++in_flight_;
      queue_.emplace_back(next_read_++, std::move(chunk_));
      chunk_ = InputChunk();
      chunk_.text.reserve(queue_.back().second.text.size());
      chunk_.numbers.reserve(options_.chunk_size);
      chunk_.ends.reserve(options_.chunk_size);
      work_.notify_one();
    }
    return failure_.ok();
  }

  void Stop() {
    {
      std::lock_guard<std::mutex> lock(mu_);
      closing_ = true;
      work_.notify_all();
    }
    for (std::thread& t : threads_) t.join();
    threads_.clear();
  }

  void Work() {
    WorkerOracles oracles(oracles_);
    for (;;) {
      std::pair<uint64_t, InputChunk> chunk;
      {
        std::unique_lock<std::mutex> lock(mu_);
        work_.wait(lock, [this] { return !queue_.empty() || closing_; });
        if (queue_.empty()) return;
        chunk = std::move(queue_.front());
        queue_.pop_front();
      }
      ChunkResult result = Answer(oracles, chunk.second);
      std::unique_lock<std::mutex> lock(mu_);
      done_.emplace(chunk.first, std::move(result));
      if (!writing_) WriteReady(lock);
    }
  }

  // Called with `lock` (on mu_) held and no other writer: writes every finished chunk that comes
  // next in input order, the file writes outside the lock, so that the other workers go on.
  void WriteReady(std::unique_lock<std::mutex>& lock) {
    writing_ = true;
    for (auto it = done_.find(next_write_); it != done_.end(); it = done_.find(next_write_)) {
      ChunkResult r = std::move(it->second);
      done_.erase(it);
      if (failure_.ok() && !r.failure.ok()) failure_ = r.failure;
      if (failure_.ok()) {
        lock.unlock();
        const bool written = std::fwrite(r.text.data(), 1, r.text.size(), out_) == r.text.size() &&
                             std::fflush(out_) == 0;
        const int write_errno = errno;
        lock.lock();
        if (!written && failure_.ok()) {
          failure_ = absl::UnavailableError(
              absl::StrCat("writing the output: ", std::strerror(write_errno)));
        }
      }
      if (failure_.ok()) {
        summary_.answered += r.lines;
        summary_.errors += r.errors;
        summary_.retries += r.retries;
        for (const auto& [line, time] : r.times) Slow(line, time);
      }
      ++next_write_;
      --in_flight_;
      room_.notify_all();
    }
    writing_ = false;
    MaybeLog(false);
  }

  // A chunk's answers through `oracles`, by puzzle; its lines in input order.
  ChunkResult Answer(WorkerOracles& oracles, const InputChunk& lines) {
    ChunkResult result;
    std::vector<BatchItem> chunk;
    chunk.reserve(lines.size());
    for (size_t i = 0; i < lines.size(); ++i) {
      chunk.push_back(ReadBatchLine(lines.line(i), lines.numbers[i], options_.default_puzzle,
                                    space_separated_moves_));
    }
    std::vector<absl::Status> statuses(chunk.size());
    std::vector<puzzle::Answer> answers(chunk.size());
    std::map<std::string, std::vector<size_t>> by_puzzle;
    for (size_t i = 0; i < chunk.size(); ++i) {
      if (chunk[i].error.ok()) by_puzzle[chunk[i].puzzle].push_back(i);
    }
    for (const auto& [name, indexes] : by_puzzle) {
      const absl::StatusOr<puzzle::Oracle*> oracle = oracles.Get(name);
      if (!oracle.ok()) {
        for (size_t i : indexes) statuses[i] = oracle.status();
        continue;
      }
      result.failure = Solve(**oracle, chunk, indexes, &statuses, &answers, &result.retries);
      if (!result.failure.ok()) return result;
    }
    result.text.reserve(chunk.size() * 96);
    result.times.reserve(chunk.size());
    for (size_t i = 0; i < chunk.size(); ++i) {
      AppendBatchAnswer(chunk[i], statuses[i], answers[i], options_.timing, &result.text);
      const bool failed = !chunk[i].error.ok() || !statuses[i].ok();
      result.errors += failed;
      if (!failed) result.times.emplace_back(chunk[i].line, answers[i].search_time);
    }
    result.lines = chunk.size();
    return result;
  }

  // The items `indexes` of the chunk through `oracle`, retrying what is retryable. Their queries
  // are moved out of the chunk (the answer lines do not need them).
  absl::Status Solve(puzzle::Oracle& oracle, std::vector<BatchItem>& chunk,
                     std::vector<size_t> indexes, std::vector<absl::Status>* statuses,
                     std::vector<puzzle::Answer>* answers, uint64_t* retries) {
    absl::Duration backoff = options_.first_backoff;
    std::vector<puzzle::QueryText> queries;  // queries[k] is item indexes[k]'s
    queries.reserve(indexes.size());
    for (size_t i : indexes) queries.push_back(std::move(chunk[i].query));
    for (int attempt = 1; !indexes.empty(); ++attempt) {
      absl::StatusOr<std::vector<puzzle::OracleResult>> results = oracle.SolveMany(queries);
      std::vector<size_t> again;  // positions in indexes and queries, to send again
      if (!results.ok()) {
        if (!Retryable(results.status()) || attempt >= options_.max_attempts) {
          for (size_t i : indexes) (*statuses)[i] = results.status();
          return absl::OkStatus();
        }
        again.resize(indexes.size());
        for (size_t k = 0; k < again.size(); ++k) again[k] = k;
      } else {
        if (results->size() != indexes.size()) {
          return absl::InternalError(absl::StrCat("the oracle answered ", results->size(),
                                                  " results for ", indexes.size(), " queries"));
        }
        for (size_t k = 0; k < indexes.size(); ++k) {
          puzzle::OracleResult& r = (*results)[k];
          if (absl::IsResourceExhausted(r.status) && attempt < options_.max_attempts) {
            again.push_back(k);
            continue;
          }
          (*statuses)[indexes[k]] = r.status;
          (*answers)[indexes[k]] = std::move(r.answer);
        }
      }
      if (!again.empty()) {
        *retries += again.size();
        absl::SleepFor(backoff);
        backoff = std::min(backoff * 2, absl::Seconds(10));
      }
      std::vector<size_t> next_indexes;
      std::vector<puzzle::QueryText> next_queries;
      next_indexes.reserve(again.size());
      next_queries.reserve(again.size());
      for (size_t k : again) {
        next_indexes.push_back(indexes[k]);
        next_queries.push_back(std::move(queries[k]));
      }
      indexes = std::move(next_indexes);
      queries = std::move(next_queries);
    }
    return absl::OkStatus();
  }

  void Slow(uint64_t line, absl::Duration time) {
    auto& slowest = summary_.slowest;
    if (slowest.size() == 5 && time <= slowest.back().second) return;
    slowest.emplace_back(line, time);
    std::sort(slowest.begin(), slowest.end(),
              [](const auto& a, const auto& b) { return a.second > b.second; });
    if (slowest.size() > 5) slowest.pop_back();
  }

  void MaybeLog(bool last) {
    if (options_.log == nullptr) return;
    const absl::Time now = absl::Now();
    if (!last && now < next_log_) return;
    next_log_ = now + options_.log_every;
    const double seconds = std::max(1e-9, absl::ToDoubleSeconds(now - start_));
    const double rate = summary_.answered / seconds;
    std::string line = absl::StrFormat("batch: %d answered (%d errors, %d retries), %.0f/s",
                                       summary_.answered, summary_.errors, summary_.retries, rate);
    if (options_.total_lines > 0 && rate > 0) {
      const double shard_total = static_cast<double>(options_.total_lines) / options_.shard_count;
      const double left = std::max(0.0, shard_total - summary_.answered - resumed_);
      absl::StrAppendFormat(&line, ", ETA %s",
                            absl::FormatDuration(absl::Seconds(static_cast<int64_t>(left / rate))));
    }
    if (options_.terminal) {
      std::fprintf(options_.log, "\r%s\033[K%s", line.c_str(), last ? "\n" : "");
    } else {
      std::fprintf(options_.log, "%s\n", line.c_str());
    }
    std::fflush(options_.log);
  }

  const BatchOptions& options_;
  const OracleForPuzzle& oracles_;
  const SpaceSeparatedMoves space_separated_moves_;
  std::FILE* const out_;
  const uint64_t resumed_;
  const absl::Time start_;
  InputChunk chunk_;  // being filled by the reader
  std::vector<std::thread> threads_;

  std::mutex mu_;
  std::condition_variable work_;  // a chunk queued, or closing
  std::condition_variable room_;  // a chunk written: the reader may queue another
  std::deque<std::pair<uint64_t, InputChunk>> queue_;
  size_t in_flight_ = 0;  // chunks queued and not yet written (or dropped after a failure)
  bool writing_ = false;  // a worker is in WriteReady
  bool closing_ = false;
  uint64_t next_read_ = 0, next_write_ = 0;
  std::map<uint64_t, ChunkResult> done_;  // finished, not yet written
  absl::Status failure_;
  absl::Time next_log_;
  BatchSummary summary_;
};

}  // namespace

absl::StatusOr<BatchSummary> RunBatch(std::istream& input, const std::string& output_path,
                                      const BatchOptions& options, const OracleForPuzzle& oracles,
                                      SpaceSeparatedMoves space_separated_moves) {
  uint64_t done = 0;
  struct stat st;
  const bool exists = ::stat(output_path.c_str(), &st) == 0;
  if (exists && st.st_size > 0 && !options.resume) {
    return absl::FailedPreconditionError(absl::StrCat(
        output_path, " exists and is not empty: pass --resume to continue it, or remove it"));
  }
  if (options.resume && exists) {
    absl::StatusOr<std::pair<uint64_t, uint64_t>> existing = CheckExisting(output_path, options);
    if (!existing.ok()) return existing.status();
    done = existing->first;
    if (::truncate(output_path.c_str(), static_cast<off_t>(existing->second)) != 0) {
      return FileError(output_path, "cannot cut its partial last line");
    }
  }
  std::unique_ptr<std::FILE, int (*)(std::FILE*)> out(std::fopen(output_path.c_str(), "ab"),
                                                      &std::fclose);
  if (out == nullptr) return FileError(output_path, "cannot be opened for writing");
  Job job(options, oracles, space_separated_moves, out.get(), done);
  uint64_t line_number = 0, in_shard = 0;
  for (std::string text; std::getline(input, text);) {
    ++line_number;
    if ((line_number - 1) % options.shard_count != static_cast<uint64_t>(options.shard_index)) {
      continue;
    }
    if (in_shard++ < done) continue;  // answered before
    if (!job.Add(line_number, text)) {
      break;  // Finish says why
    }
  }
  absl::StatusOr<BatchSummary> summary = job.Finish();
  if (!summary.ok()) return summary.status();
  if (in_shard < done) {
    return absl::FailedPreconditionError(
        absl::StrCat(output_path, " holds ", done, " answers but this shard of the input has only ",
                     in_shard, " lines: it is not this input's output"));
  }
  return summary;
}

absl::Status MergeBatchParts(const std::vector<std::string>& part_paths, std::ostream& out) {
  struct Part {
    std::unique_ptr<std::ifstream> in;
    std::string path, line;
    uint64_t number = 0;  // the current line's input line; 0 at the end
    uint64_t count = 0;
  };
  std::vector<Part> parts;
  auto advance = [](Part& p) -> absl::Status {
    const uint64_t previous = p.number;
    if (!std::getline(*p.in, p.line)) {
      p.number = 0;
      return absl::OkStatus();
    }
    ++p.count;
    const absl::StatusOr<uint64_t> number = BatchAnswerLine(p.line);
    if (!number.ok() || *number <= previous) {
      return absl::InvalidArgumentError(
          absl::StrCat(p.path, " line ", p.count, ": ",
                       number.ok() ? "out of input order" : number.status().message()));
    }
    p.number = *number;
    return absl::OkStatus();
  };
  for (const std::string& path : part_paths) {
    Part p;
    p.path = path;
    p.in = std::make_unique<std::ifstream>(path, std::ios::binary);
    if (!*p.in) return absl::NotFoundError(absl::StrCat(path, ": cannot be read"));
    const absl::Status first = advance(p);
    if (!first.ok()) return first;
    parts.push_back(std::move(p));
  }
  uint64_t last = 0;
  for (;;) {
    Part* next = nullptr;
    for (Part& p : parts) {
      if (p.number != 0 && (next == nullptr || p.number < next->number)) next = &p;
    }
    if (next == nullptr) return absl::OkStatus();
    if (next->number == last) {
      return absl::InvalidArgumentError(absl::StrCat(next->path, " line ", next->count,
                                                     ": input line ", last, " answered twice"));
    }
    last = next->number;
    out << next->line << '\n';
    const absl::Status moved = advance(*next);
    if (!moved.ok()) return moved;
  }
}

absl::StatusOr<std::pair<int, int>> ParseShard(const std::string& text) {
  std::vector<std::string> parts = absl::StrSplit(text, '/');
  int index = 0, count = 0;
  if (parts.size() == 1) {
    const char* env = std::getenv("JOB_COMPLETION_INDEX");
    if (env == nullptr) {
      return absl::InvalidArgumentError(
          absl::StrCat("--shard: '", text,
                       "' gives no index and JOB_COMPLETION_INDEX is not set; expected I/N"));
    }
    parts.insert(parts.begin(), env);
  }
  if (parts.size() != 2 || !absl::SimpleAtoi(parts[0], &index) ||
      !absl::SimpleAtoi(parts[1], &count) || count < 1 || index < 0 || index >= count) {
    return absl::InvalidArgumentError(
        absl::StrCat("--shard: '", text,
                     "'; expected I/N with 0 <= I < N (or N, with I from "
                     "JOB_COMPLETION_INDEX)"));
  }
  return std::pair<int, int>{index, count};
}

}  // namespace client
