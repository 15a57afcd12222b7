"""A bot for every crabrules game, in plain Python: a uniformly random legal action.

It speaks the bot protocol (docs/bots.md): one JSON object per line on standard input,
one answer per turn on standard output. Play it with any command that takes an agent::

    crabrules simulate crab-stack --agents "bot:python3 examples/bots/random_bot.py,random"
    crabrules bot-check -- python3 examples/bots/random_bot.py

Standard library only, so that it runs wherever Python 3 does.
"""

from __future__ import annotations

import json
import random
import sys
from typing import Any

#: The longest it waits before acting in real-time play, in seconds.
REACTION = 1.0


def answer(message: dict[str, Any]) -> dict[str, Any] | None:
    """The answer to one message from crabrules; ``None`` for messages that take none."""
    kind = message["type"]
    if kind == "hello":
        return {"type": "hello", "protocol": 1, "name": "random_bot.py"}
    if kind != "turn":
        return None  # game and bye take no answer
    rng = random.Random(message["seed"])  # the same turn gives the same answer
    choice = {"type": "act", "index": rng.randrange(len(message["legal"]))}
    if message["can_wait"]:  # real time: act after a random reaction time
        choice["at"] = message["now"] + rng.random() * REACTION
    return choice


def main() -> None:
    """Answer every message until ``bye`` or the end of input."""
    for line in sys.stdin:
        message = json.loads(line)
        if message["type"] == "bye":
            return
        reply = answer(message)
        if reply is not None:
            sys.stdout.write(json.dumps(reply) + "\n")
            sys.stdout.flush()


if __name__ == "__main__":
    main()
