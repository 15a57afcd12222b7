"""The options of a game of You've Got Crabs: teams, deck, first side, expansion, seating.

>>> Config().teams, len(Config().types), Config().copies
(2, 13, 6)
>>> Config(teams=6)
Traceback (most recent call last):
...
crabrules.core.errors.InvalidConfigError: teams: You've Got Crabs is for 2 to 5 teams, not 6
"""

from __future__ import annotations

import attrs

from crabrules.core import InvalidConfigError, PlayerId, int_hint

#: A team's id, ``0 .. teams-1``.
Team = int
#: One of the two sides of the table, ``0`` or ``1``; the Crabbing License points at one.
Side = int

MIN_TEAMS = 2
MAX_TEAMS = 5
#: Uniformly random play need not end (swaps, and wrong calls that refill the Pot, can go
#: on forever), so random play may stop after this many actions.
MAX_RANDOM_STEPS = 300
CARDS_PER_HAND = 4
OCEAN_SIZE = 4
#: The most cards of one type, and the most types, a deck may have: four times the retail
#: deck's 6 and 13, far more than any table holds, so a deck stays a deck (a few hundred
#: cards) and no config makes setup or determinize slow.
MAX_COPIES = 24
MAX_TYPES = 52

#: The thirteen crab types of the retail deck. The rulebook names only King Crab and
#: Crabuccino; the other names, and the 6 copies of each, come from public descriptions of
#: the game, which is why the deck is data (``Config.types`` and ``Config.copies``).
REFERENCE_TYPES: tuple[str, ...] = (
    "Crabrador Retriever",
    "Crabbi",
    "Jab Crab",
    "Taxi Crab",
    "Ab Crab",
    "Bunny Crabbit",
    "Shish Crabob",
    "Crabuccino",
    "King Crab",
    "Crabernet Sauvignon",
    "Low Crab Diet",
    "Crabaloupe",
    "Abracrabdabra",
)


@attrs.frozen(cache_hash=True)
class Config:
    """How a game of You've Got Crabs is set up. ``Config()`` is the two-team reference game.

    Attributes:
        teams: the number of teams of two, 2 to 5 (4 to 10 players).
        types: the names of the crab types; a card is the index of its type here.
        copies: how many cards of each type the deck holds, 4 (so that every type can make
            a scoring hand) to :data:`MAX_COPIES`.
        removed_types: the types taken out of the deck. ``None`` is the rulebook: the last
            two of ``types`` with 2 or 3 teams (Setup, step 3: "choose two crab types"),
            none with 4 or 5. A tuple is a variant with 2 or 3 teams: exactly those types
            (distinct names of ``types``, any number, ``()`` for none); with 4 or 5 teams
            only ``()``, since the rulebook removes nothing there.
        first_side: the side the Crabbing License points at first (0 or 1).
        imitation_crab: play with the Imitation Crab expansion (one wild card).
        seating: ``seating[p]`` is player ``p``'s team; player ``p`` always sits on side
            ``p % 2``, so each team needs one even and one odd player. ``None`` means
            player ``p`` is on team ``p // 2``.

    >>> Config(teams=3, imitation_crab=True).teams
    3
    >>> Config(seating=(0, 1, 1, 0)).seating
    (0, 1, 1, 0)
    """

    teams: int = 2
    types: tuple[str, ...] = REFERENCE_TYPES
    copies: int = 6
    removed_types: tuple[str, ...] | None = None
    first_side: Side = 0
    imitation_crab: bool = False
    seating: tuple[Team, ...] | None = None

    def __attrs_post_init__(self) -> None:
        _check_teams(self.teams)
        _check_types(self.types)
        if type(self.copies) is not int or not CARDS_PER_HAND <= self.copies <= MAX_COPIES:
            raise InvalidConfigError(
                f"copies: {CARDS_PER_HAND} to {MAX_COPIES} cards of each type, not {self.copies!r}"
            )
        _check_removed(self.removed_types, self.types, self.teams)
        if self.first_side not in (0, 1) or type(self.first_side) is not int:
            raise InvalidConfigError(f"first_side: 0 or 1, not {self.first_side!r}")
        if type(self.imitation_crab) is not bool:
            raise InvalidConfigError(f"imitation_crab: True or False, not {self.imitation_crab!r}")
        if self.seating is not None:
            _check_seating(self.seating, self.teams)
        needed = CARDS_PER_HAND * self.players + OCEAN_SIZE
        if self.deck_size < needed:
            raise InvalidConfigError(
                f"copies: the deck has {self.deck_size} cards, {self.players} hands and the "
                f"Ocean need {needed}"
            )

    @property
    def players(self) -> int:
        """The number of players, two per team.

        >>> Config(teams=5).players
        10
        """
        return 2 * self.teams

    @property
    def removed(self) -> tuple[str, ...]:
        """The types actually taken out of the deck: none with 4 or 5 teams.

        >>> Config().removed
        ('Crabaloupe', 'Abracrabdabra')
        >>> Config(teams=4).removed
        ()
        """
        if self.teams > 3:
            return ()
        return self.types[-2:] if self.removed_types is None else self.removed_types

    @property
    def deck_size(self) -> int:
        """The number of cards in play, the Imitation Crab included.

        >>> Config().deck_size, Config(teams=4, imitation_crab=True).deck_size
        (66, 79)
        """
        kept = len(self.types) - len(self.removed)
        return kept * self.copies + (1 if self.imitation_crab else 0)

    def team_of(self, player: PlayerId) -> Team:
        """Return the team of ``player``.

        >>> Config().team_of(3), Config(seating=(0, 1, 1, 0)).team_of(3)
        (1, 0)
        """
        return player // 2 if self.seating is None else self.seating[player]


def _check_teams(teams: object) -> None:
    if type(teams) is not int or not MIN_TEAMS <= teams <= MAX_TEAMS:
        raise InvalidConfigError(
            f"teams: You've Got Crabs is for {MIN_TEAMS} to {MAX_TEAMS} teams, not {teams!r}"
            f"{int_hint(teams)}"
        )


def _check_types(types: tuple[str, ...]) -> None:
    if not isinstance(types, tuple) or not 1 <= len(types) <= MAX_TYPES:
        raise InvalidConfigError(
            f"types: a tuple of 1 to {MAX_TYPES} crab type names, not {types!r:.80}"
        )
    if any(type(name) is not str or not name.strip() for name in types):
        raise InvalidConfigError("types: every crab type needs a non-empty name")
    if len(set(types)) != len(types):
        raise InvalidConfigError("types: two crab types have the same name")


def _check_removed(removed: tuple[str, ...] | None, types: tuple[str, ...], teams: int) -> None:
    if removed is None:
        if teams <= 3 and len(types) < 3:
            raise InvalidConfigError(
                "removed_types: removing the last two types would leave none; name the types "
                "to remove, or ()"
            )
        return
    if not isinstance(removed, tuple) or any(
        type(name) is not str or name not in types for name in removed
    ):
        raise InvalidConfigError(f"removed_types: every name must be one of types, {removed!r}")
    if len(set(removed)) != len(removed) or len(removed) >= len(types):
        raise InvalidConfigError("removed_types: distinct names, and at least one type kept")
    if teams > 3 and removed:
        raise InvalidConfigError(
            f"removed_types: with {teams} teams no type leaves the deck (Setup, step 3), "
            f"so () or None, not {removed!r}"
        )


def _check_seating(seating: tuple[Team, ...], teams: int) -> None:
    if not isinstance(seating, tuple) or len(seating) != 2 * teams:
        raise InvalidConfigError(f"seating: one team per player, {2 * teams} entries")
    if any(type(t) is not int or not 0 <= t < teams for t in seating):
        raise InvalidConfigError(f"seating: teams are 0..{teams - 1}, got {seating!r}")
    for team in range(teams):
        seats = [p for p, t in enumerate(seating) if t == team]
        if len(seats) != 2 or seats[0] % 2 == seats[1] % 2:
            raise InvalidConfigError(
                f"seating: team {team} needs two players, one on each side (an even and an "
                f"odd player id), got {seats}"
            )


def config_for_players(players: int) -> Config:
    """Return the reference config for ``players`` players (two per team).

    Raises:
        InvalidConfigError: ``players`` is not an even number from 4 to 10.

    >>> config_for_players(6).teams
    3
    >>> config_for_players(5)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    crabrules.core.errors.InvalidConfigError: players: ... 4 to 10 players in teams of two, not 5
    """
    if type(players) is not int or players % 2 or not MIN_TEAMS <= players // 2 <= MAX_TEAMS:
        raise InvalidConfigError(
            f"players: You've Got Crabs is for {2 * MIN_TEAMS} to {2 * MAX_TEAMS} players in "
            f"teams of two, not {players!r}"
        )
    return Config(teams=players // 2)
