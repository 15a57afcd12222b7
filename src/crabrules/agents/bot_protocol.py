"""The bot protocol's messages: what crabrules writes to a bot program and reads back.

One JSON object per line, each with a ``"type"``. crabrules writes ``hello`` (once),
``game`` (when a game starts for the bot's seat), ``turn`` (each time the seat may act) and
``bye`` (at the end); the bot answers ``hello`` with ``hello`` and each ``turn`` with
``act`` or, in real-time play only, ``wait``. The JSON Schema of every message is
:data:`SCHEMA_FILE` (:func:`message_schemas`); ``docs/bots.md`` specifies the protocol.

>>> hello_message()[:40]
b'{"type":"hello","protocol":1,"crabrules"'
>>> read_hello(b'{"type":"hello","protocol":1,"name":"mine"}')
'mine'
"""

from __future__ import annotations

import json
import math
import pathlib
from collections.abc import Sequence
from typing import Any

from crabrules._version import __version__
from crabrules.agents.base import Decision, Turn, stamped
from crabrules.agents.match import AgentError
from crabrules.core import Dynamics, to_dict, to_json

__all__ = [
    "MAX_LINE",
    "PROTOCOL",
    "SCHEMA_FILE",
    "BotError",
    "bye_message",
    "game_message",
    "hello_message",
    "message_schemas",
    "read_answer",
    "read_hello",
    "turn_message",
]

#: The protocol's version: crabrules sends it in ``hello`` and the bot answers with it.
PROTOCOL = 1

#: The longest line a bot may write, in bytes (newline excluded): longer is flooding.
MAX_LINE = 1 << 20

#: The JSON Schema of every message, by name under ``$defs``.
SCHEMA_FILE = pathlib.Path(__file__).with_name("bot_protocol.schema.json")

#: Seeds given with each turn are below this: exact in every language's JSON numbers.
SEED_LIMIT = 1 << 53


class BotError(AgentError):
    """A bot program broke the protocol: the message names the bot and the fault.

    A crash, a timeout, output that is not one JSON object per line, a line over
    :data:`MAX_LINE`, a wrong protocol version, an answer that is not legal.
    """


def message_schemas() -> dict[str, Any]:
    """The JSON Schema document of the protocol's messages (:data:`SCHEMA_FILE`).

    >>> sorted(message_schemas()["$defs"])
    ['act', 'bot_hello', 'bye', 'game', 'hello', 'turn', 'wait']
    """
    schemas: dict[str, Any] = json.loads(SCHEMA_FILE.read_text(encoding="utf-8"))
    return schemas


def _line(document: dict[str, Any]) -> bytes:
    return json.dumps(document, separators=(",", ":"), allow_nan=False).encode() + b"\n"


def hello_message() -> bytes:
    """The first line crabrules writes: the protocol version and the library's."""
    return _line({"type": "hello", "protocol": PROTOCOL, "crabrules": __version__})


def game_message(turn: Turn) -> bytes:
    """The line that starts a game for ``turn.player``: the game and how it is played.

    >>> import crabrules
    >>> game = crabrules.get_game("crab-stack")
    >>> json.loads(game_message(Turn.of(game, game.initial_state(seed=1), 1)))["dynamics"]
    'sequential'
    """
    info = turn.game.info
    return _line(
        {
            "type": "game",
            "game": info.id,
            "name": info.name,
            "player": turn.player,
            "dynamics": info.dynamics.value,
            "information": info.information.value,
            "utility": info.utility.value,
            "teams": info.teams,
        }
    )


def turn_message(turn: Turn, seed: int) -> bytes:
    """The line that asks for a decision: the clock, a seed, the observation, the legal list.

    The observation is ``game.observe(state, player)`` and the actions are the library's
    JSON documents (:func:`crabrules.to_json`), so the bot sees only its own seat's view.
    """
    can_wait = "true" if turn.game.info.dynamics is Dynamics.REAL_TIME else "false"
    head = json.dumps(float(turn.now), allow_nan=False)
    return (
        f'{{"type":"turn","now":{head},"seed":{seed},"can_wait":{can_wait},'
        f'"observation":{to_json(turn.observation)},"legal":[{_actions_json(turn.legal)}]}}\n'
    ).encode()


#: Each action's JSON, as ``to_json`` writes it: the same actions come back turn after
#: turn, and writing them is most of a turn's cost. Emptied when it holds this many.
_ACTION_CACHE = 1 << 16
_action_texts: dict[tuple[Any, Any], str] = {}


def _actions_json(actions: Sequence[Any]) -> str:
    texts = []
    for action in actions:
        key = (action, getattr(action, "time", None))  # a time takes no part in equality
        text = _action_texts.get(key)
        if text is None:
            if len(_action_texts) >= _ACTION_CACHE:
                _action_texts.clear()
            text = _action_texts[key] = to_json(action)
        texts.append(text)
    return ",".join(texts)


def bye_message() -> bytes:
    """The last line crabrules writes: the bot should exit."""
    return b'{"type":"bye"}\n'


def parse(line: bytes, who: str) -> dict[str, Any]:
    """One line of the bot as a JSON object: strict JSON, UTF-8, no repeated keys.

    >>> parse(b'{"a":1,"a":2}', "bot")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    crabrules.agents.bot_protocol.BotError: bot wrote malformed JSON: key 'a' twice: ...
    """
    try:
        value = json.loads(
            line.decode("utf-8"), object_pairs_hook=_unique, parse_constant=_no_constant
        )
    except (ValueError, RecursionError) as error:
        raise BotError(f"{who} wrote malformed JSON: {_short(error)}: {_shown(line)}") from None
    if not isinstance(value, dict):
        raise BotError(f"{who} wrote {type(value).__name__}, not a JSON object: {_shown(line)}")
    return value


def _unique(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise ValueError(f"key {key!r:.40} twice")
        out[key] = value
    return out


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")


def _short(error: BaseException) -> str:
    return f"{error}"[:120] if not isinstance(error, RecursionError) else "nested too deep"


def _shown(line: bytes) -> str:
    return repr(line[:80].decode("utf-8", "replace"))


def _check_keys(message: dict[str, Any], allowed: Sequence[str], who: str) -> None:
    extra = sorted(set(message) - set(allowed))
    if extra:
        raise BotError(
            f"{who}: unknown key {extra[0]!r:.40} in a {message.get('type')!r:.20} message "
            f"(allowed: {', '.join(allowed)})"
        )


def read_hello(line: bytes, who: str = "bot") -> str:
    """The bot's name from its ``hello`` answer; refuses another protocol version.

    >>> read_hello(b'{"type":"hello","protocol":2}')
    Traceback (most recent call last):
    ...
    crabrules.agents.bot_protocol.BotError: bot speaks protocol 2; this crabrules speaks 1
    """
    message = parse(line, who)
    if message.get("type") != "hello":
        raise BotError(f"{who} answered hello with {_shown(line)}, not a hello message")
    _check_keys(message, ("type", "protocol", "name"), who)
    version = message.get("protocol")
    if version != PROTOCOL or type(version) is not int:
        raise BotError(f"{who} speaks protocol {version!r:.20}; this crabrules speaks {PROTOCOL}")
    name = message.get("name", "")
    if not isinstance(name, str):
        raise BotError(f"{who}: hello's name is a string, not {name!r:.40}")
    return name[:200]


def read_answer(line: bytes, turn: Turn, who: str = "bot") -> Decision | None:
    """The decision a bot's answer to ``turn`` means: ``act`` (by index or action) or ``wait``.

    >>> import crabrules
    >>> game = crabrules.get_game("crab-stack")
    >>> turn = Turn.of(game, game.initial_state(seed=1), 1)
    >>> read_answer(b'{"type":"act","index":0}', turn).action == turn.legal[0]
    True
    >>> read_answer(b'{"type":"act","index":999}', turn)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    crabrules.agents.bot_protocol.BotError: bot chose index 999: the turn has ... legal actions
    """
    message = parse(line, who)
    kind = message.get("type")
    real_time = turn.game.info.dynamics is Dynamics.REAL_TIME
    if kind == "wait":
        _check_keys(message, ("type",), who)
        if not real_time:
            raise BotError(
                f"{who} waited in {turn.game.info.name}, which is not played in real time"
            )
        return None
    if kind != "act":
        raise BotError(f"{who} answered a turn with {_shown(line)}: an act or wait message")
    _check_keys(message, ("type", "index", "action", "at"), who)
    action = _chosen(message, turn, who)
    at = message.get("at", turn.now)
    if type(at) not in (int, float) or not math.isfinite(at):
        raise BotError(f"{who} acts at {at!r:.40}: a time is a finite number of seconds")
    if real_time and at < turn.now:
        raise BotError(f"{who} acts at {at}, before now ({turn.now})")
    at = float(at)
    return Decision(stamped(action, at) if real_time else action, at)


def _chosen(message: dict[str, Any], turn: Turn, who: str) -> Any:
    # One of the legal actions, by its index or by its JSON document.
    if ("index" in message) == ("action" in message):
        raise BotError(f"{who}: an act message has an index or an action, exactly one")
    if "index" in message:
        index = message["index"]
        if type(index) is not int:
            raise BotError(f"{who} chose index {index!r:.40}: an index is an integer")
        if not 0 <= index < len(turn.legal):
            raise BotError(
                f"{who} chose index {index}: the turn has {len(turn.legal)} legal actions"
            )
        return turn.legal[index]
    document = message["action"]
    for action, legal in zip(turn.legal, to_dict(turn.legal), strict=True):
        if _same_action(document, legal):
            return action
    raise BotError(f"{who} chose an illegal action: {json.dumps(document)[:160]}")


#: Keys an action's document may leave out or set otherwise: the version, and the time
#: of a real-time action, which the ``act`` message's ``at`` sets.
_FREE_KEYS = ("format_version", "time")


def _same_action(document: object, legal: dict[str, Any]) -> bool:
    if not isinstance(document, dict) or document.get("format_version", 1) != 1:
        return False
    mine = {k: v for k, v in document.items() if k not in _FREE_KEYS}
    theirs = {k: v for k, v in legal.items() if k not in _FREE_KEYS}
    return _same_json(mine, theirs)


def _same_json(a: object, b: object) -> bool:
    """JSON equality: ``true`` is not ``1``; ``1`` and ``1.0`` are one number."""
    if isinstance(a, bool) or isinstance(b, bool):
        return type(a) is type(b) and a == b
    if isinstance(a, (int, float)) and isinstance(b, (int, float)):
        return a == b
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(_same_json(a[k], b[k]) for k in a)
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(_same_json(x, y) for x, y in zip(a, b, strict=True))
    return type(a) is type(b) and a == b
