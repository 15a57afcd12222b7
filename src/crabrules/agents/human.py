""":class:`HumanAgent`: a person at a terminal, and the words the terminal shows them.

Each of the person's turns shows only their view (the render of their observation when
the game has ``render_observation``, the board for a perfect-information game), their
legal actions numbered and described, and a prompt that takes a number or the game's
notation. A bad answer re-prompts with the reason. With several people at one terminal
(hot seat) the screen is cleared and the next person called before their view is shown.

The words come from the game (``action_to_str``, ``describe``, ``parse_action``); for a
game that does not offer them yet, the actions are shown as their ``repr`` and chosen by
number.

>>> import io, crabrules
>>> from crabrules.agents import Turn
>>> game = crabrules.get_game("crab-stack")
>>> turn = Turn.of(game, game.initial_state(seed=1), 1)
>>> out = io.StringIO()
>>> human = HumanAgent(io.StringIO("99" + chr(10) + "2" + chr(10)), out)
>>> human.act(turn, crabrules.Rng.from_seed(1)).action == turn.legal[1]
True
>>> "type a number from 1 to" in out.getvalue()
True
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any, TextIO

import attrs

from crabrules.agents.base import AnyGame, Decision, Turn
from crabrules.core import CrabRulesError, Dynamics, Information, PlayerId, Rng

__all__ = [
    "CLEAR_SCREEN",
    "HumanAgent",
    "Quit",
    "describe",
    "notation",
    "player_name",
    "view_of",
]

#: The ANSI sequence that clears a terminal and homes the cursor.
CLEAR_SCREEN = "\033[2J\033[H"


class Quit(BaseException):
    """The person left: end of input or Ctrl-C at the prompt.

    A request to stop, as ``KeyboardInterrupt`` is, not an agent's fault: ``play_match``
    lets it through rather than report it as an :class:`~crabrules.agents.AgentError`.
    """


def notation(game: AnyGame, state: Any, action: Any) -> str:
    """``action`` in the game's notation (``GAME.action_to_str``), as the prompt lists it.

    >>> import crabrules
    >>> game = crabrules.get_game("crab-stack")
    >>> state = game.initial_state(seed=1)
    >>> notation(game, state, game.legal_actions(state)[0])
    'A1-B1'
    """
    return game.action_to_str(state, action)


def describe(game: AnyGame, state: Any, action: Any) -> str:
    """A sentence saying what ``action`` does (``GAME.describe``)."""
    return game.describe(state, action)


def player_name(game: AnyGame, state: Any, player: PlayerId) -> str:
    """``player``'s name in ``state``'s game, as its board shows it (``GAME.names``).

    The name comes from the state's config; a game whose states keep none names its
    players the same in every config of that player count.

    >>> import crabrules
    >>> game = crabrules.get_game("crab-stack")
    >>> player_name(game, game.initial_state(game.config_for_players(3), seed=1), 2)
    'green'
    """
    config = getattr(state, "config", None)
    if not isinstance(config, game.config_type):
        config = game.config_for_players(game.num_players(state))
    return game.names.player(config, player)


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def view_of(game: AnyGame, state: Any, player: PlayerId) -> str:
    """What ``player`` may see of ``state``, as text.

    That is the render of their observation where the game has one, the board if nothing
    is hidden, else the observation's fields one per line.

    >>> import crabrules
    >>> game = crabrules.get_game("la-marche-du-crabe")
    >>> "Your Forbidden Items" in view_of(game, game.initial_state(seed=40), 0)
    True
    """
    observation = game.observe(state, player)
    render = _render_observation(game, state)
    if render is not None:
        return str(render(observation))
    if game.info.information is Information.PERFECT:
        return game.render(state)
    if attrs.has(type(observation)):
        fields = attrs.fields(type(observation))
        return "\n".join(f"{f.name}: {getattr(observation, f.name)!r}" for f in fields)
    return repr(observation)


def _render_observation(game: AnyGame, state: Any) -> Callable[[Any], str] | None:
    found = getattr(game, "render_observation", None)
    if found is None:
        # The game package beside the state's module (crabrules.marche_du_crabe).
        package = importlib.import_module(type(state).__module__.rsplit(".", 1)[0])
        found = getattr(package, "render_observation", None)
    return found if callable(found) else None


class HumanAgent:
    """A person answering on ``stdin``, reading on ``stdout``.

    Args:
        stdin: where the answers come from.
        stdout: where views, actions and prompts go.
        hot_seat: several people share the terminal: clear the screen between them.
    """

    def __init__(self, stdin: TextIO, stdout: TextIO, *, hot_seat: bool = False) -> None:
        self.stdin = stdin
        self.stdout = stdout
        self.hot_seat = hot_seat
        self._last: list[PlayerId | None] = [None]

    def share_screen(self, other: HumanAgent) -> None:
        """Remember, with ``other``, who last looked at the shared screen."""
        other._last = self._last

    def act(self, turn: Turn, rng: Rng) -> Decision | None:
        """Show the view and the actions, and read the person's choice.

        Raises:
            Quit: the input ended, or the person pressed Ctrl-C.
        """
        state = turn._state  # shown only through view_of, which shows the player's view
        game = turn.game
        # The name the board shows (red, Boater, P2), and the seat number --seat takes.
        who = f"{player_name(game, state, turn.player)} (seat {turn.player})"
        if self.hot_seat and self._last[0] != turn.player:
            self._write(f"{CLEAR_SCREEN}{_capital(who)}'s turn: pass them the keyboard.")
            self._read(f"Press Enter when only {who} can see the screen. ")
        self._last[0] = turn.player
        self._write(f"\n{view_of(game, state, turn.player)}\n")
        self._write(f"{_capital(who)}, your legal actions:")
        for number, action in enumerate(turn.legal, 1):
            words = describe(game, state, action)
            line = f"  {number:>3}. {notation(game, state, action)}"
            self._write(f"{line}  ({words})")
        real_time = game.info.dynamics is Dynamics.REAL_TIME
        hint = ", Enter to wait" if real_time else ""
        while True:
            text = self._read(f"Your action (a number or the notation{hint}): ").strip()
            if not text and real_time:
                return None
            try:
                action = self._choose(game, state, turn.legal, text)
            except CrabRulesError as error:
                self._write(f"  {error}")
                continue
            return Decision(action, turn.now)

    def _choose(self, game: AnyGame, state: Any, legal: tuple[Any, ...], text: str) -> Any:
        if text.isascii() and text.isdigit():  # '²'.isdigit(), yet int('²') fails
            number = int(text) if len(text) <= 9 else 0
            if not 1 <= number <= len(legal):
                raise CrabRulesError(f"type a number from 1 to {len(legal)}")
            return legal[number - 1]
        parsed = game.parse_action(state, text)  # raises IllegalActionError with the reason
        if parsed not in legal:
            raise CrabRulesError(f"{text!r} is not one of your actions now")
        return parsed

    def _read(self, prompt: str) -> str:
        try:  # Ctrl-C at once after the prompt is shown still quits
            self.stdout.write(prompt)
            self.stdout.flush()
            line = self.stdin.readline()
        except KeyboardInterrupt:
            raise Quit from None
        if not line:
            raise Quit
        return line

    def _write(self, text: str) -> None:
        self.stdout.write(text + "\n")
        self.stdout.flush()
