"""However a worker process dies, its game is recorded as failed with the reason, the
other games are played, and ``simulate`` never hangs (on one worker or two).

Each run happens in a child Python with a deadline: a regression that hangs fails here
instead of hanging the suite.
"""

from __future__ import annotations

import pytest

from tests.simulate.dying import WAYS, run_with_deadline

#: More than enough for 6 short games per way, even on a busy machine.
DEADLINE = 120

# Seats: (Dies, random) in even games, (random, random) in odd ones (the seats turn by
# one per game over three agents), so half the games kill their worker.
# Then one game of 200, played in a chunk of several, kills its worker (the workers are
# forked from the script, the patched run_task included).
SCRIPT = """
import json, os, sys
from crabrules.simulate import processes, simulate
from tests.simulate.dying import WAYS, Dies

workers = int(sys.argv[1])
found = {}
for way in WAYS:
    run = simulate(
        "crab-stack", games=6, agents=[Dies(way), "random", "random"], seed=1, workers=workers
    )
    found[way] = [[r.index, r.finished, r.error] for r in run.results]

play = processes.run_task
processes.run_task = lambda task: os._exit(5) if task.index == 37 else play(task)
run = simulate("crab-stack", games=200, agents=["random"], seed=1, workers=workers)
found["one-in-200"] = [[r.index, r.finished, r.error] for r in run.results]
print("RESULT " + json.dumps(found))
"""


@pytest.fixture(scope="module", params=[1, 2], ids=lambda n: f"workers={n}")
def deaths(request: pytest.FixtureRequest) -> dict[str, list[list[object]]]:
    workers: int = request.param
    found: dict[str, list[list[object]]] = run_with_deadline(
        SCRIPT, str(workers), deadline=DEADLINE
    )
    return found


#: What each way of dying is recorded as.
REASONS = {
    "os-exit": "WorkerDied: the process playing this game exited with status 3",
    "sigkill": "WorkerDied: the process playing this game was killed by signal SIGKILL",
    "segfault": "WorkerDied: the process playing this game was killed by signal SIGSEGV",
    "system-exit": "SystemExit: 4",
    "keyboard-interrupt": "KeyboardInterrupt",
}


@pytest.mark.parametrize("way", WAYS)
def test_a_dying_worker_fails_its_game_with_the_reason_and_the_others_are_played(
    deaths: dict[str, list[list[object]]], way: str
) -> None:
    games = deaths[way]
    assert [game[0] for game in games] == list(range(6))  # no game lost
    for index, finished, error in games:
        if index in (1, 3, 5):  # random against random: played to the end
            assert (finished, error) == (True, None)
        else:
            assert not finished
            assert str(error).startswith(REASONS[way]), error


def test_a_game_that_kills_its_worker_in_a_chunk_is_found_and_no_other_is_lost(
    deaths: dict[str, list[list[object]]],
) -> None:
    games = deaths["one-in-200"]
    assert [game[0] for game in games] == list(range(200))
    failed = {index: error for index, _, error in games if error is not None}
    assert failed == {37: "WorkerDied: the process playing this game exited with status 5"}
    assert all(finished for index, finished, _ in games if index != 37)


# Every worker dies half-way through sending a message: the parent is left with half of
# it in the pipe. Every game must come back, failed with how its process died.
HALF_SENT = """
import json, os, struct, sys
import multiprocessing.connection as connection
from crabrules.simulate import simulate

parent = os.getpid()
send_bytes = connection.Connection._send_bytes

def half_sent(self, buf):
    if os.getpid() != parent:  # a worker sending its results
        self._send(struct.pack("!i", len(buf)) + bytes(buf[: len(buf) // 2]))
        os._exit(7)
    send_bytes(self, buf)

connection.Connection._send_bytes = half_sent
run = simulate("crab-stack", games=4, agents=["random"], seed=1, workers=int(sys.argv[1]))
print("RESULT " + json.dumps([[r.index, r.error] for r in run.results]))
"""


@pytest.mark.parametrize("workers", [1, 2])
def test_a_worker_dying_half_way_through_sending_its_results_does_not_hang_the_run(
    workers: int,
) -> None:
    games = run_with_deadline(HALF_SENT, str(workers), deadline=DEADLINE)
    died = "WorkerDied: the process playing this game exited with status 7"
    assert games == [[index, died] for index in range(4)]
