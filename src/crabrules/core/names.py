"""How a game names its players and the ways it ends, for people to read.

Every game's ``GAME`` carries a :class:`Names` (``GAME.names``):
front ends and the command line say "red" where the board shows red, and "every other
player is out" where the outcome's reason code is ``last_player``.

>>> import crabrules
>>> game = crabrules.get_game("crab-stack")
>>> config = game.config_for_players(3)
>>> game.names.players(config)
('red', 'blue', 'green')
>>> game.names.ending("last_player")
'every other player is out'
>>> state = game.initial_state(config, seed=1)
>>> while not game.is_terminal(state):
...     state = game.apply(state, game.legal_actions(state)[0])
>>> game.names.outcome(config, game.outcome(state))
'green wins: every other player is out'
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping
from typing import Any, Protocol

import attrs

__all__ = ["Ended", "Names", "no_names"]


class Ended(Protocol):
    """What :meth:`Names.outcome` reads of a game's end: a :class:`~crabrules.core.game.Outcome`.

    (A protocol, as :mod:`crabrules.core.game` imports this module.)
    """

    @property
    def winners(self) -> Collection[int]:
        """The players who won."""

    @property
    def draw(self) -> bool:
        """Whether the game ended in a draw."""

    @property
    def reason(self) -> str:
        """The game's reason code."""


def no_names(config: Any) -> tuple[str, ...]:
    """No names: the default of a game that gives its players none (``player 0``...).

    >>> Names().player(None, 1)
    'player 1'
    """
    return ()


@attrs.frozen
class Names:
    """A game's names for its players and its endings.

    Attributes:
        players: each player's name in seat order, from the game's config: the colour or
            the name the game's pictures and sentences use (``('red', 'blue')``); by
            default none, and :meth:`player` numbers them.
        endings: the plain words of each reason code an
            :class:`~crabrules.core.game.Outcome` may give (the values of the game's
            ``Termination``), said as a clause: ``"the Pot is empty"``.
    """

    players: Callable[[Any], tuple[str, ...]] = no_names
    endings: Mapping[str, str] = attrs.field(factory=dict)

    def player(self, config: Any, player: int) -> str:
        """``player``'s name in a game of ``config`` (``player 3`` when it has none).

        >>> Names(lambda config: ("Boater", "Sunny")).player(None, 1)
        'Sunny'
        """
        names = self.players(config)
        return names[player] if 0 <= player < len(names) else f"player {player}"

    def ending(self, reason: str) -> str:
        """The plain words of the reason code ``reason`` (an unknown code: itself, spaced).

        >>> Names(endings={"pot_empty": "the Pot is empty"}).ending("pot_empty")
        'the Pot is empty'
        >>> Names().ending("turn_limit")
        'turn limit'
        """
        found = self.endings.get(reason)
        return found if found is not None else reason.replace("_", " ")

    def outcome(self, config: Any, outcome: Ended) -> str:
        """How the game ended, in words: who won (by name), and why.

        >>> from crabrules.core.game import Outcome
        >>> names = Names(lambda config: ("Boater", "Sunny"), {"crabs_freed": "8 crabs are free"})
        >>> both = Outcome(frozenset({0, 1}), False, (3, 3), "crabs_freed")
        >>> names.outcome(None, both)
        'Boater and Sunny win: 8 crabs are free'
        >>> names.outcome(None, Outcome(frozenset(), True, (0, 0), "repetition"))
        'a draw: repetition'
        """
        why = self.ending(outcome.reason)
        if not outcome.winners:
            return f"{'a draw' if outcome.draw else 'nobody wins'}: {why}"
        won = [self.player(config, p) for p in sorted(outcome.winners)]
        verb = "wins" if len(won) == 1 else "win"
        listed = won[0] if len(won) == 1 else f"{', '.join(won[:-1])} and {won[-1]}"
        return f"{listed} {verb}: {why}"
