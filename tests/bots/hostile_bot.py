"""A bot that breaks the protocol on purpose, one way per mode (its first argument).

Modes that break nothing until the first turn answer ``hello`` properly; every other turn
answer is the random bot's, unless the mode says otherwise. ``log=FILE`` as a second
argument appends every line read and written to FILE (for the schema test).
"""

from __future__ import annotations

import importlib.util
import json
import pathlib
import subprocess
import sys
import time
from collections.abc import Callable
from typing import Any

# The reference bot's answers, beside which this one misbehaves.
_REFERENCE = pathlib.Path(__file__).parents[2] / "examples" / "bots" / "random_bot.py"
_SPEC = importlib.util.spec_from_file_location("random_bot", _REFERENCE)
assert _SPEC is not None
assert _SPEC.loader is not None
random_bot = importlib.util.module_from_spec(_SPEC)
_SPEC.loader.exec_module(random_bot)


def write(text: str | bytes) -> None:
    data = text.encode() if isinstance(text, str) else text
    sys.stdout.buffer.write(data)
    sys.stdout.buffer.flush()


def hello(mode: str) -> str:
    if mode == "garbage-before-hello":
        write("Loading my neural network...\n")
    if mode == "wrong-protocol":
        return json.dumps({"type": "hello", "protocol": 2})
    if mode == "non-ascii":
        return json.dumps(
            {"type": "hello", "protocol": 1, "name": "crabe \u00e9 \U0001f980"}, ensure_ascii=False
        )
    if mode == "grandchild":
        child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
        return json.dumps({"type": "hello", "protocol": 1, "name": str(child.pid)})
    return json.dumps({"type": "hello", "protocol": 1, "name": f"hostile {mode}"})


#: The answers that break the protocol, by mode: what is written, from the turn message.
FAULTY: dict[str, Callable[[dict[str, Any]], str]] = {
    "duplicate-keys": lambda message: '{"type":"act","index":0,"index":0}',
    "illegal-index": lambda message: json.dumps({"type": "act", "index": len(message["legal"])}),
    "illegal-action": lambda message: '{"type":"act","action":{"type":"no-such-action"}}',
    "wait": lambda message: '{"type":"wait"}',
}


def misbehave(mode: str) -> None:
    """What a mode does before it answers (or instead of answering)."""
    if mode == "crash":
        sys.exit(3)
    if mode == "silent":
        time.sleep(60)
    if mode == "flood":
        write(b"x" * (3 << 20))
    if mode == "invalid-utf8":
        write(b'{"type":"act","index":0,"name":"\xff"}\n')
    if mode == "stderr":
        sys.stderr.write("thinking hard " * 50_000 + "\n")
        sys.stderr.flush()
    if mode == "stderr-then-crash":
        sys.stderr.write("Traceback: my bug on line 42\n")
        sys.exit(1)


def turn(mode: str, message: dict[str, Any]) -> str | None:
    misbehave(mode)
    if mode == "invalid-utf8":
        return None
    if mode in FAULTY:
        return FAULTY[mode](message)
    reply = random_bot.answer(message)
    assert reply is not None
    if mode == "two-lines":  # in one write, so that they arrive together
        return json.dumps(reply) + "\n" + json.dumps(reply)
    if mode == "before-now" and message["can_wait"]:
        return json.dumps({"type": "act", "index": 0, "at": message["now"] - 1})
    if mode == "huge-line":  # valid, 200 KB of spaces: under the line limit
        return json.dumps(reply) + " " * 200_000
    if mode == "by-action":
        chosen = message["legal"][reply["index"]]
        action = {k: v for k, v in chosen.items() if k != "format_version"}
        return json.dumps({"type": "act", "action": action, "at": reply.get("at", message["now"])})
    if mode == "sometimes-wait" and message["can_wait"] and message["seed"] % 3 == 0:
        return json.dumps({"type": "wait"})
    return json.dumps(reply, ensure_ascii=False)


def main() -> None:
    mode = sys.argv[1]
    log = open(sys.argv[2], "a", encoding="utf-8") if len(sys.argv) > 2 else None  # noqa: SIM115
    for line in sys.stdin:
        message = json.loads(line)
        if log is not None:
            log.write("in " + line)
        if message["type"] == "bye":
            return
        if message["type"] == "hello":
            reply: str | None = hello(mode)
        elif message["type"] == "turn":
            reply = turn(mode, message)
        else:
            continue
        if reply is not None:
            if log is not None:
                log.write("out " + reply + "\n")
                log.flush()
            write(reply + "\n")


if __name__ == "__main__":
    main()
