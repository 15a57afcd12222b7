""":class:`BotAgent`: a program in any language, playing through the bot protocol.

The program is started on its first decision (so an agent pickles, and each of
``simulate``'s workers starts its own), reads the protocol's messages
(:mod:`~crabrules.agents.bot_protocol`) on its standard input and answers on its standard
output, one JSON object per line. Its standard error is kept, the last
:data:`STDERR_TAIL` bytes, for the error that names a fault.

Every fault is a :class:`~crabrules.agents.bot_protocol.BotError` (an
:class:`~crabrules.agents.AgentError`) that names the bot and what it did: it exited,
it did not answer within the deadline, it wrote something that is not a message, a line
over :data:`~crabrules.agents.bot_protocol.MAX_LINE`, or an illegal answer. A faulty
program is killed. The program runs in a process group of its own, killed whole when the
agent is closed, collected, or when Python exits; on Linux the program is also killed if
the Python process dies (when that process runs one thread: a fork beside other threads
runs no code before the program starts). POSIX only (Linux, macOS).

>>> import crabrules, sys
>>> from crabrules.agents import RandomAgent, play_match
>>> game = crabrules.get_game("crab-stack")
>>> bot = BotAgent([sys.executable, "examples/bots/random_bot.py"])
>>> play_match(game, [bot, RandomAgent()], seed=3, max_actions=4).length
4
>>> bot.close()
"""

from __future__ import annotations

import contextlib
import copy
import ctypes
import os
import select
import shlex
import shutil
import signal
import subprocess
import sys
import threading
import time
import weakref
from collections.abc import Sequence
from typing import Any

from crabrules.agents.base import Decision, Turn
from crabrules.agents.bot_protocol import (
    MAX_LINE,
    SEED_LIMIT,
    BotError,
    bye_message,
    game_message,
    hello_message,
    read_answer,
    read_hello,
    turn_message,
)
from crabrules.core import InvalidConfigError, Rng

__all__ = ["DEFAULT_SECONDS", "STARTUP_SECONDS", "STDERR_TAIL", "BotAgent", "parse_bot_spec"]

#: The default deadline of one decision, in wall-clock seconds.
DEFAULT_SECONDS = 10.0
#: The deadline of the program's start and its answer to ``hello``, in seconds.
STARTUP_SECONDS = 20.0
#: How many of the last bytes of the program's standard error an error shows.
STDERR_TAIL = 2000
#: How long a closed program may take to exit on its own before it is killed, in seconds.
EXIT_GRACE = 0.2

_CHUNK = 1 << 16


def parse_bot_spec(text: str) -> BotAgent:
    """The agent of a ``bot:`` spec's tail: ``[seconds=S:]COMMAND ARGS``.

    The command is split as a POSIX shell splits words (quotes kept together); no shell
    runs it. ``seconds=S:`` before it sets the per-decision deadline.

    >>> agent = parse_bot_spec("seconds=2:python3 bot.py --depth 3")
    >>> agent.command, agent.seconds
    (('python3', 'bot.py', '--depth', '3'), 2.0)
    """
    seconds = DEFAULT_SECONDS
    key, equals, rest = text.partition("=")
    if equals and key == "seconds":
        value, colon, command = rest.partition(":")
        try:
            seconds = float(value)
        except ValueError:
            raise InvalidConfigError(f"bot spec: seconds is a number, not {value!r:.30}") from None
        text = command if colon else ""
    return BotAgent(text, seconds=seconds)


class BotAgent:
    """An agent that asks a program, through the bot protocol, for each decision.

    One agent plays one game, as every agent does (``simulate`` and ``play_match`` with
    a spec make a fresh one per game); after :meth:`close`, the next decision starts the
    program anew.

    Args:
        command: the program and its arguments (a string is split as a shell would).
        seconds: the deadline of one decision, in wall-clock seconds.
        label: how errors and results name the agent (default: ``bot:COMMAND``).

    Raises:
        InvalidConfigError: an empty command, a program that is not found (or not
            executable), or a deadline that is not above 0.
    """

    def __init__(
        self,
        command: str | Sequence[str],
        *,
        seconds: float = DEFAULT_SECONDS,
        label: str | None = None,
    ) -> None:
        try:
            words = shlex.split(command) if isinstance(command, str) else list(command)
        except ValueError as error:
            raise InvalidConfigError(f"bot command {command!r:.80}: {error}") from None
        if not words or not all(isinstance(word, str) and word for word in words):
            raise InvalidConfigError(f"bot command: a program and its arguments, not {command!r}")
        if shutil.which(words[0]) is None:
            raise InvalidConfigError(f"bot command: no program {words[0]!r:.80} to run")
        if type(seconds) not in (int, float) or not 0 < seconds <= 3600:
            raise InvalidConfigError(f"bot seconds: above 0 and at most 3600, not {seconds!r}")
        self.command: tuple[str, ...] = tuple(words)
        self.seconds = float(seconds)
        self.label = label or "bot:" + shlex.join(words)
        #: The name the program gave in its hello ("" until it started).
        self.name = ""
        #: How many decisions the program was asked for.
        self.decisions = 0
        self._process: _Process | None = None
        self._seat: tuple[str, int] | None = None
        self._failed: str | None = None

    def act(self, turn: Turn, rng: Rng) -> Decision | None:
        """The program's answer to ``turn``, checked and turned into a decision.

        Raises:
            BotError: the program broke the protocol (it is then killed).
        """
        if self._failed is not None:
            raise BotError(f"{self.label} failed earlier ({self._failed:.200})")
        try:
            return self._act(turn, rng)
        except BotError as error:
            self._failed = str(error)
            self.close()
            raise

    def _act(self, turn: Turn, rng: Rng) -> Decision | None:
        process = self._process or self._start()
        seat = (turn.game.info.id, turn.player)
        if seat != self._seat:
            process.send(game_message(turn), self.seconds)
            self._seat = seat
        seed, _ = rng.below(SEED_LIMIT)
        self.decisions += 1
        line = process.request(turn_message(turn, seed), self.seconds, "a turn")
        decision = read_answer(line, turn, process.who)
        process.one_line()
        return decision

    def _start(self) -> _Process:
        process = self._process = _Process(self.command, self.label)
        self.name = read_hello(
            process.request(hello_message(), STARTUP_SECONDS, "hello"), self.label
        )
        process.one_line()
        return process

    def close(self) -> None:
        """Say ``bye``, let the program exit for a moment, then kill its process group."""
        process, self._process, self._seat = self._process, None, None
        if process is not None:
            process.close()

    def __enter__(self) -> BotAgent:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __getstate__(self) -> dict[str, Any]:
        # A copy (a pickle for a worker, fresh_agent's deepcopy) starts its own program.
        state = self.__dict__.copy()
        state.update(_process=None, _seat=None, _failed=None, decisions=0, name="")
        return state

    def __deepcopy__(self, memo: dict[int, Any]) -> BotAgent:
        clone = object.__new__(BotAgent)
        clone.__dict__.update(copy.deepcopy(self.__getstate__(), memo))
        return clone


def _prctl() -> Any:
    # Linux's prctl, found before any fork (the child only calls it).
    with contextlib.suppress(OSError, AttributeError):
        return ctypes.CDLL(None, use_errno=True).prctl
    return None


_PRCTL: Any = _prctl() if sys.platform == "linux" else None


def _die_with_parent() -> None:  # pragma: no cover - runs in the child, before exec
    # Linux: the kernel kills the program when the process that started it dies.
    _PRCTL(1, signal.SIGKILL)  # PR_SET_PDEATHSIG


def _before_exec() -> Any:
    # Code between fork and exec is unsafe when other threads run (a Ray worker's): then
    # only the process group and the finalizer end the program.
    return _die_with_parent if _PRCTL is not None and threading.active_count() == 1 else None


class _Process:
    """A running program: its pipes, written and read within deadlines."""

    def __init__(self, command: tuple[str, ...], label: str) -> None:
        self.who = label
        try:
            self.popen = subprocess.Popen(
                command,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                start_new_session=True,  # a process group of its own, killed whole
                preexec_fn=_before_exec(),
            )
        except OSError as error:
            raise BotError(f"{label} did not start: {error}") from None
        assert self.popen.stdin is not None
        assert self.popen.stdout is not None
        assert self.popen.stderr is not None
        self.stdin = self.popen.stdin.fileno()
        self.stdout = self.popen.stdout.fileno()
        self.stderr: int | None = self.popen.stderr.fileno()
        for fd in (self.stdin, self.stdout, self.stderr):
            os.set_blocking(fd, False)
        self.buffer = bytearray()
        self.errors = bytearray()
        self._finalizer = weakref.finalize(self, _kill, self.popen)

    @property
    def pid(self) -> int:
        """The program's process id (its process group's too)."""
        return self.popen.pid

    def send(self, data: bytes, seconds: float) -> None:
        """Write ``data`` within ``seconds``, with nothing to read back."""
        self._exchange(memoryview(data), seconds, "", answer=False)

    def request(self, data: bytes, seconds: float, what: str) -> bytes:
        """Write ``data`` and return the one line the program answers within ``seconds``."""
        self._unasked()
        return self._exchange(memoryview(data), seconds, what, answer=True)

    def _unasked(self) -> None:
        # Output nobody asked for (a second line to the last turn) would answer this one.
        ready, _, _ = select.select([self.stdout], [], [], 0)
        if ready:
            self._read_stdout()
        if self.buffer:
            raise BotError(
                f"{self.who} wrote more than one line (one nobody asked for): "
                f"{bytes(self.buffer[:80])!r}{self._tail()}"
            )

    def _exchange(self, pending: memoryview, seconds: float, what: str, *, answer: bool) -> bytes:
        deadline = time.monotonic() + seconds
        while True:
            if pending:
                pending = self._write(pending)
            if not pending and not answer:
                return b""
            end = self.buffer.find(b"\n")
            if end >= 0 and not pending:
                return self._take(end)
            left = deadline - time.monotonic()
            if left <= 0:
                doing = f"answer {what}" if answer else "read its input"
                raise BotError(
                    f"{self.who} did not {doing} within {seconds:g} seconds{self._tail()}"
                )
            readers = [self.stdout] if self.stderr is None else [self.stdout, self.stderr]
            ready, _, _ = select.select(readers, [self.stdin] if pending else [], [], left)
            if self.stderr in ready:
                self._read_stderr()
            if self.stdout in ready:
                self._read_stdout()

    def _write(self, pending: memoryview) -> memoryview:
        try:
            written = os.write(self.stdin, pending)
        except BlockingIOError:
            return pending
        except (BrokenPipeError, ConnectionResetError):
            raise BotError(f"{self.who} {self._exited()}{self._tail()}") from None
        return pending[written:]

    def _read_stdout(self) -> None:
        chunk = os.read(self.stdout, _CHUNK)
        if not chunk:
            raise BotError(f"{self.who} {self._exited()}{self._tail()}")
        self.buffer += chunk
        if len(self.buffer) > MAX_LINE and self.buffer.find(b"\n", 0, MAX_LINE + 1) < 0:
            raise BotError(f"{self.who} flooded its output: a line over {MAX_LINE} bytes")

    def _read_stderr(self) -> None:
        assert self.stderr is not None
        chunk = os.read(self.stderr, _CHUNK)
        if not chunk:
            self.stderr = None
            return
        self.errors += chunk
        del self.errors[:-STDERR_TAIL]

    def _take(self, end: int) -> bytes:
        line = bytes(self.buffer[:end])
        del self.buffer[: end + 1]
        return line.removesuffix(b"\r")

    def one_line(self) -> None:
        """Refuse more output after the answer just read (once that answer was read)."""
        if self.buffer:
            raise BotError(f"{self.who} wrote more than one line: {bytes(self.buffer[:80])!r}")

    def _exited(self) -> str:
        ended = _ended(self.popen.pid, 1.0)
        if ended is None:
            return "closed its output"
        killed, status = ended
        return f"was killed by signal {status}" if killed else f"exited with status {status}"

    def _tail(self) -> str:
        if not self.errors:
            return ""
        text = self.errors.decode("utf-8", "replace").strip()
        return f"; its standard error ended with: {text[-500:]}"

    def close(self) -> None:
        """Say bye, close its input, and kill its process group (see :func:`_kill`)."""
        with contextlib.suppress(OSError, ValueError):
            os.write(self.stdin, bye_message())
        self._finalizer()


def _ended(pid: int, seconds: float) -> tuple[bool, int] | None:
    """Whether the program ended within ``seconds``: (killed, signal or status), or ``None``.

    It is not reaped (``WNOWAIT``), so its process group id stays its own until
    :func:`_kill` has killed the group.
    """
    deadline, pause = time.monotonic() + seconds, 0.0005
    while True:
        try:
            ended = os.waitid(os.P_PID, pid, os.WEXITED | os.WNOHANG | os.WNOWAIT)
        except ChildProcessError:  # already reaped
            return (False, -1)
        if ended is not None:
            return (ended.si_code != os.CLD_EXITED, ended.si_status)
        if time.monotonic() >= deadline:
            return None
        time.sleep(pause)
        pause = min(pause * 2, 0.02)


def _kill(popen: subprocess.Popen[bytes]) -> None:
    # End of input asks the program to exit; after a moment its whole group is killed (a
    # shell's children too), before the leader is reaped so that its group id is not reused.
    for pipe in (popen.stdin, popen.stdout, popen.stderr):
        with contextlib.suppress(OSError, ValueError):
            if pipe is not None:
                pipe.close()
    _ended(popen.pid, EXIT_GRACE)
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(popen.pid, signal.SIGKILL)
    popen.wait()
