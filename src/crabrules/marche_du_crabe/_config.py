"""The options of a game of La Marche du Crabe.

``Config()`` is the base game: two players, the base beach, 5 Shrimps, a random layout.
Adventure mode plays each beach through the same API with a config that names the beach,
the Shrimps carried over and the layout kept from the first beach (see
:mod:`~crabrules.marche_du_crabe.adventure`).

>>> Config().shrimps
5
>>> Config(players=3)  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
crabrules.core.errors.InvalidConfigError: players: ... exactly 2 players, not 3
"""

from __future__ import annotations

import attrs

from crabrules.core import InvalidConfigError, int_hint
from crabrules.marche_du_crabe._board import Layout
from crabrules.marche_du_crabe.beaches import BASE_BEACH, REFERENCE_BEACHES, Beach

#: The Shrimp cards: the pair never has more than 5 Shrimps.
MAX_SHRIMPS = 5


@attrs.frozen
class Config:
    """A game's options, validated when built.

    Attributes:
        players: always 2 (Boater and Sunny); kept so a wrong count is refused clearly.
        beach: the beach to play: :data:`~crabrules.marche_du_crabe.beaches.BASE_BEACH`
            for the base game, or a beach of Adventure mode.
        shrimps: the live Shrimps at the start, 0 to 5 (Adventure mode carries them from
            beach to beach).
        layout: the Beach cards as laid out, or ``None`` to lay a random beach from the
            seed (Adventure mode keeps the first beach's layout).

    Raises:
        InvalidConfigError: a field is invalid; the message starts with its name.
    """

    players: int = 2
    # The library's beaches are the usual values: a form offers them as a choice.
    beach: Beach = attrs.field(default=BASE_BEACH, metadata={"examples": REFERENCE_BEACHES})
    shrimps: int = MAX_SHRIMPS
    layout: Layout | None = None

    def __attrs_post_init__(self) -> None:
        if type(self.players) is not int or self.players != 2:
            raise InvalidConfigError(
                f"players: La Marche du Crabe is for exactly 2 players, not {self.players!r}"
                f"{int_hint(self.players)}"
            )
        if type(self.beach) is not Beach:
            raise InvalidConfigError(f"beach: a Beach, not {self.beach!r}")
        if type(self.shrimps) is not int or not 0 <= self.shrimps <= MAX_SHRIMPS:
            raise InvalidConfigError(f"shrimps: 0 to {MAX_SHRIMPS}, not {self.shrimps!r}")
        # A Layout checks its cards when it is built.
        if self.layout is not None and type(self.layout) is not Layout:
            raise InvalidConfigError(f"layout: a Layout or None, not {self.layout!r}"[:120])


def config_for_players(players: int) -> Config:
    """Return the default config for ``players`` players: the base game, for 2 only.

    Raises:
        InvalidConfigError: ``players`` is not 2.

    >>> config_for_players(2) == Config()
    True
    """
    return Config(players=players)
