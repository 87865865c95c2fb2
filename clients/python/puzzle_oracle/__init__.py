"""A typed client for the puzzle oracle service (gRPC, ``puzzleoracle.v2.PuzzleOracle``).

Example::

    from puzzle_oracle import Client, Query

    with Client("127.0.0.1:50051") as oracle:
        print(oracle.solve("eight", "564178X23", "7568X4123").moves)
        for result in oracle.solve_many(Query("cube2", s) for s in scrambles):
            print(result.query.start, result.answer.distance if result.ok else result.error)
        for event in oracle.watch("cube3", "R U2 F' R2 D L'", mode="optimal"):
            print(event)   # Progress(...) while it searches, then the Answer

Errors from the server raise :class:`OracleError`, which carries the gRPC status code and the
server's own message (for example ``start: symbol 'Y' at position 4; expected 1-8 or X``).
"""

from __future__ import annotations

import collections
import dataclasses
import threading
from typing import Dict, Iterable, Iterator, List, Optional, Tuple, Union

import grpc

from puzzleoracle.v2 import oracle_pb2 as _pb
from puzzleoracle.v2 import oracle_pb2_grpc as _grpc

__all__ = [
    "Answer",
    "Client",
    "OracleError",
    "Progress",
    "PuzzleInfo",
    "Query",
    "Result",
    "Scramble",
]


class OracleError(Exception):
    """An error the server (or the channel) returned: ``code`` and the server's ``message``."""

    def __init__(self, code: grpc.StatusCode, message: str) -> None:
        super().__init__("%s: %s" % (code.name, message))
        self.code = code
        self.message = message


@dataclasses.dataclass(frozen=True)
class PuzzleInfo:
    """One puzzle the server answers (``ListPuzzles``)."""

    name: str
    title: str
    notation: str
    has_goal: bool
    default_goal: str
    moves: List[str]
    searches: bool
    metrics: List[str]
    modes: List[str]
    near_optimal: bool


@dataclasses.dataclass(frozen=True)
class Answer:
    """An answer: the minimum (or, near-optimal, the answer's) number of moves and the moves."""

    solvable: bool
    distance: int
    moves: str
    extras: Dict[str, int]
    nodes: int = 0
    milliseconds: float = 0.0
    boards: List[str] = dataclasses.field(default_factory=list)


@dataclasses.dataclass(frozen=True)
class Progress:
    """A running search's progress (``watch``): the proven bound, nodes and time so far."""

    bound: int
    nodes: int
    milliseconds: float


@dataclasses.dataclass(frozen=True)
class Query:
    """One query for :meth:`Client.solve_many`; empty fields mean the puzzle's defaults."""

    puzzle: str
    start: str
    goal: str = ""
    metric: str = ""
    mode: str = ""


@dataclasses.dataclass(frozen=True)
class Result:
    """One result of :meth:`Client.solve_many`: its query, and its answer or its error."""

    query: Query
    answer: Optional[Answer] = None
    error: Optional[OracleError] = None

    @property
    def ok(self) -> bool:
        return self.error is None


@dataclasses.dataclass(frozen=True)
class Scramble:
    """A scrambled board, and for random states of table puzzles the moves that make it."""

    board: str
    distance: Optional[int] = None
    moves: Optional[str] = None


# google.rpc.Code numbers (SolveItemResult.code) as gRPC status codes.
_CODES = {c.value[0]: c for c in grpc.StatusCode}


def _answer(response: _pb.SolveResponse) -> Answer:
    return Answer(
        solvable=response.solvable,
        distance=response.distance,
        moves=response.moves,
        extras={e.name: e.value for e in response.extras},
        nodes=response.search.nodes,
        milliseconds=response.search.milliseconds,
        boards=list(response.boards),
    )


def _error(error: grpc.RpcError) -> OracleError:
    return OracleError(error.code(), error.details() or "")


def _request(puzzle: str, start: str, goal: Optional[str], metric: Optional[str],
             mode: Optional[str], include_boards: bool) -> _pb.SolveRequest:
    return _pb.SolveRequest(puzzle=puzzle, start=start, goal=goal or "", metric=metric or "",
                            mode=mode or "", include_boards=include_boards)


class Client:
    """A connection to the service. ``target`` is a gRPC target: ``host:port``, or
    ``dns:///name:port`` for every replica behind a name (calls go round-robin over them).
    ``timeout`` (seconds) is the default deadline of each call; None means none.

    Thread-safe: calls may come from several threads. Use as a context manager, or call
    :meth:`close`.
    """

    def __init__(self, target: str, *, timeout: Optional[float] = None) -> None:
        self._channel = grpc.insecure_channel(target, options=[
            ("grpc.lb_policy_name", "round_robin"),
            ("grpc.max_receive_message_length", 64 << 20),
        ])
        self._stub = _grpc.PuzzleOracleStub(self._channel)
        self._timeout = timeout

    def close(self) -> None:
        self._channel.close()

    def __enter__(self) -> "Client":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _deadline(self, timeout: Optional[float]) -> Optional[float]:
        return self._timeout if timeout is None else timeout

    def list_puzzles(self, *, timeout: Optional[float] = None) -> List[PuzzleInfo]:
        """Every puzzle the server answers, in the registry's order."""
        try:
            response = self._stub.ListPuzzles(_pb.ListPuzzlesRequest(),
                                              timeout=self._deadline(timeout))
        except grpc.RpcError as e:
            raise _error(e) from None
        return [PuzzleInfo(
            name=p.name, title=p.title, notation=p.notation, has_goal=p.has_goal,
            default_goal=p.default_goal, moves=[m.symbol for m in p.moves], searches=p.searches,
            metrics=list(p.metrics), modes=list(p.modes), near_optimal=p.near_optimal,
        ) for p in response.puzzles]

    def solve(self, puzzle: str, start: str, goal: Optional[str] = None, *,
              metric: Optional[str] = None, mode: Optional[str] = None,
              include_boards: bool = False, timeout: Optional[float] = None) -> Answer:
        """One answer. Raises :class:`OracleError` (INVALID_ARGUMENT naming the field for a bad
        board, DEADLINE_EXCEEDED with the proven bound for a search that ran out of time, ...)."""
        try:
            response = self._stub.Solve(
                _request(puzzle, start, goal, metric, mode, include_boards),
                timeout=self._deadline(timeout))
        except grpc.RpcError as e:
            raise _error(e) from None
        return _answer(response)

    def solve_many(self, queries: Iterable[Union[Query, Tuple[str, str]]], *,
                   chunk_size: int = 256, timeout: Optional[float] = None) -> Iterator[Result]:
        """Answers `queries` (Query objects, or (puzzle, start) pairs) over one SolveStream,
        sending them in chunks of consecutive queries of one puzzle as the iterable yields them,
        and yields a Result per query, in order, as answers arrive. A query's own error is its
        Result's ``error``; a failure of the stream itself raises :class:`OracleError`."""
        sent: collections.deque = collections.deque()  # chunks sent, not yet answered
        lock = threading.Lock()

        def requests() -> Iterator[_pb.SolveStreamRequest]:
            chunk: List[Query] = []
            for q in queries:
                if not isinstance(q, Query):
                    q = Query(*q)
                if chunk and (q.puzzle != chunk[0].puzzle or len(chunk) >= chunk_size):
                    yield self._stream_request(chunk, sent, lock)
                    chunk = []
                chunk.append(q)
            if chunk:
                yield self._stream_request(chunk, sent, lock)

        try:
            for response in self._stub.SolveStream(requests(), timeout=self._deadline(timeout)):
                with lock:
                    chunk = sent.popleft()
                for q, r in zip(chunk, response.results):
                    if r.code == 0:
                        yield Result(q, answer=_answer(r.answer))
                    else:
                        code = _CODES.get(r.code, grpc.StatusCode.UNKNOWN)
                        yield Result(q, error=OracleError(code, r.error))
        except grpc.RpcError as e:
            raise _error(e) from None

    @staticmethod
    def _stream_request(chunk: List[Query], sent: collections.deque,
                        lock: threading.Lock) -> _pb.SolveStreamRequest:
        with lock:
            sent.append(list(chunk))
        return _pb.SolveStreamRequest(puzzle=chunk[0].puzzle, items=[
            _pb.SolveItem(id=i, start=q.start, goal=q.goal, metric=q.metric, mode=q.mode)
            for i, q in enumerate(chunk)])

    def watch(self, puzzle: str, start: str, goal: Optional[str] = None, *,
              metric: Optional[str] = None, mode: Optional[str] = None,
              include_boards: bool = False,
              timeout: Optional[float] = None) -> Iterator[Union[Progress, Answer]]:
        """A solve that streams its search's progress: yields a Progress about every 100 ms
        while the server searches, then the Answer last. Raises :class:`OracleError` as
        :meth:`solve` does (DEADLINE_EXCEEDED: the message holds the bound proven so far)."""
        try:
            for event in self._stub.SolveWatch(
                    _request(puzzle, start, goal, metric, mode, include_boards),
                    timeout=self._deadline(timeout)):
                if event.HasField("progress"):
                    p = event.progress
                    yield Progress(bound=p.bound, nodes=p.nodes, milliseconds=p.milliseconds)
                else:
                    yield _answer(event.answer)
        except grpc.RpcError as e:
            raise _error(e) from None

    def scramble(self, puzzle: str, *, goal: Optional[str] = None, moves: int = 0,
                 random_state: bool = False, seed: int = 1,
                 timeout: Optional[float] = None) -> Scramble:
        """A board `moves` random moves from the goal, or with ``random_state`` a uniformly
        random board of the goal's class (and, for table puzzles, the moves that make it)."""
        try:
            response = self._stub.Scramble(_pb.ScrambleRequest(
                puzzle=puzzle, goal=goal or "", moves=moves, seed=seed,
                random_state=random_state), timeout=self._deadline(timeout))
        except grpc.RpcError as e:
            raise _error(e) from None
        if response.HasField("solution"):
            return Scramble(response.board, response.solution.distance, response.solution.moves)
        return Scramble(response.board)
