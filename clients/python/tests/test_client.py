"""puzzle_oracle against the real server binary (started here on a free port).

Run by //clients/python:python_package_test after `pip install --no-build-isolation`; by hand:
    SERVER=bazel-bin/server/puzzle_oracle_server TABLES=bazel-bin/data python3 -m pytest clients/python/tests
"""
import os
import re
import signal
import subprocess

import grpc
import pytest

from puzzle_oracle import Answer, Client, OracleError, Progress, Query, Scramble

SERVER = os.environ.get("SERVER", "server/puzzle_oracle_server")
TABLES = os.environ.get("TABLES", "data")


@pytest.fixture(scope="module")
def server():
    """The server, with a short --max_search_time so that an optimal 3x3x3 search runs out."""
    process = subprocess.Popen(
        [SERVER, "--address=127.0.0.1:0", "--tables_dir=" + TABLES, "--max_search_time=1s"],
        stderr=subprocess.PIPE, text=True)
    address = None
    for line in process.stderr:
        m = re.search(r"SERVING on (\S+)", line)
        if m:
            address = m.group(1)
            break
    assert address, "the server did not start"
    yield address
    process.send_signal(signal.SIGTERM)
    assert process.wait(timeout=20) == 0


@pytest.fixture
def client(server):
    with Client(server, timeout=60) as c:
        yield c


def test_list_puzzles_describes_every_puzzle(client):
    puzzles = {p.name: p for p in client.list_puzzles()}
    assert {"eight", "fifteen", "cube2", "cube3"} <= set(puzzles)
    assert puzzles["cube3"].modes == ["near_optimal", "optimal"]
    assert puzzles["cube2"].metrics == ["htm", "qtm"]
    assert puzzles["eight"].moves == ["d", "l", "r", "u"]


def test_solve_gives_the_lex_min_optimal_answer(client):
    answer = client.solve("eight", "564178X23", "7568X4123")
    assert isinstance(answer, Answer)
    assert answer.distance == len(answer.moves)
    assert client.solve("cube3", "R U2 F' R2 D L'", mode="optimal").moves == "L D' R2 F U2 R'"
    assert client.solve("cube2", "R2", metric="qtm").moves == "R R"
    boards = client.solve("eight", "12345678X", "1234567X8", include_boards=True).boards
    assert boards == ["12345678X", "1234567X8"]


def test_errors_carry_the_servers_message(client):
    with pytest.raises(OracleError) as e:
        client.solve("eight", "1234567Y8")
    assert e.value.code == grpc.StatusCode.INVALID_ARGUMENT
    assert e.value.message.startswith("start: ")
    with pytest.raises(OracleError) as e:
        client.solve("cube3", "R U", mode="fast")
    assert e.value.message == "mode: 'fast'; expected one of near_optimal, optimal"


def test_solve_many_keeps_order_and_reports_each_error(client):
    queries = [Query("eight", client.scramble("eight", moves=20, seed=i).board)
               for i in range(300)]
    queries.insert(150, Query("eight", "not a board"))
    queries += [("cube2", "R U F"), Query("cube2", "R2", metric="qtm")]
    results = list(client.solve_many(queries, chunk_size=64))
    assert [r.query for r in results] == [q if isinstance(q, Query) else Query(*q)
                                          for q in queries]
    assert not results[150].ok and results[150].error.code == grpc.StatusCode.INVALID_ARGUMENT
    assert all(r.ok for i, r in enumerate(results) if i != 150)
    assert results[-2].answer.moves == "F' U' R'"
    assert results[-1].answer.distance == 2


def test_watch_streams_progress_then_a_deadline_with_the_bound(client):
    board = client.scramble("cube3", random_state=True, seed=3).board
    events = []
    with pytest.raises(OracleError) as e:
        for event in client.watch("cube3", board, mode="optimal"):
            events.append(event)
    assert e.value.code == grpc.StatusCode.DEADLINE_EXCEEDED
    assert "the optimal length is at least" in e.value.message
    assert events and all(isinstance(p, Progress) for p in events)
    answer = list(client.watch("eight", "1234567X8"))
    assert answer == [client.solve("eight", "1234567X8")]


def test_scramble_is_reproducible(client):
    a = client.scramble("cube2", random_state=True, seed=9)
    assert isinstance(a, Scramble) and a == client.scramble("cube2", random_state=True, seed=9)
    assert a.distance >= 4 and len(a.moves.split()) == a.distance
