"""The tables one config's rules need, computed once: geometry, the cards and grants in play.

:func:`rules_for` answers the :class:`Tables` of a config (cached: a game's states share
one config); :func:`rules_of` the tables that hold in a state, with the changes the
modules in play made (:meth:`~crabrules.oh_crab.engine._expansion.Moments.in_play`). The
option generators and the working copy (:mod:`~crabrules.oh_crab.engine._work`) read them.
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Callable, Iterable, Sequence
from typing import Final, TypeVar

from crabrules.core.errors import InvalidConfigError
from crabrules.core.game import PlayerId
from crabrules.core.memo import CONFIGS_KEPT, LastByIdentity
from crabrules.oh_crab.content._components import (
    COLUMNS,
    ActionTileSide,
    Card,
    Content,
    ExpansionContent,
    Layout,
    Space,
    SpaceType,
    SpecialAction,
)
from crabrules.oh_crab.content._loading import get_content, get_layout
from crabrules.oh_crab.content._primitives import Primitive, Source
from crabrules.oh_crab.engine._expansion import EXPANSION_STEPS, Expansion, Moments, expansion_for
from crabrules.oh_crab.model._actions import BASIC_TITLES, Plan, card_names
from crabrules.oh_crab.model._state import CardId, Config, Grant, State

A = TypeVar("A")


# A dataclass, not attrs: the compiled build makes it a native class, whose fields the
# option generators read directly (an attrs class stays a Python class there).
@dataclasses.dataclass(frozen=True, eq=False)
class Tables:
    """What one config's rules need, computed once: geometry and the content in play.

    Attributes:
        layout: the board.
        cards: every card of the content.
        specials: per card, its special action's id and steps (``None`` on starting cards).
        special_ids: per card, its special action's id (for stacking the Market).
        tiles: the three Additional Action tile sides in play.
        players: the number of players.
        owners: each crab's player.
        crabs_of: each player's crabs (two each in the 2-player mode).
        team: the players have two crabs each (the 2-player mode).
        obstacle: per cell, a standard Obstacle.
        knock_over: per cell, a knocking-over Obstacle.
        shell: per cell, a Shell space.
        exchange: per cell, a Card Exchange space.
        colours: each crab's colour.
        names: each player's name: their crab's colour, or their two crabs' colours
            joined by ``+`` (``"red+orange"``) in the 2-player mode.
        decks: each player's starting cards (their first crab's set).
        card_names: each card's name in words
            (:func:`~crabrules.oh_crab.model._actions.card_names`).
        titles: the English name of each action a turn may give, by its grant name.
        tile_costs: ``None``: each tile costs what it shows; else, by side id, what each
            Additional Action tile costs now, a tile missing here cannot be used (the rules
            overlay's changes).
        cook_steps: ``None``: the cook's action is a Move diagonally; else the overlay's.
        expansion: the hooks of the modules in play
            (:data:`~crabrules.oh_crab.engine._expansion.NO_EXPANSION` without modules).
        moments: the handlers of the named moments of play, which the engine announces
            (:data:`~crabrules.oh_crab.engine._expansion.NO_MOMENTS` without modules).
        tile_of: per cell, the index of its tile in the board (0: the Start tile).
        pack: the Adventure Pack's content, ``None`` without modules.
        plans: ``plans[player][card]`` is the :class:`~crabrules.oh_crab.Plan` of that card
            (actions are values: the planning options share them instead of building them
            anew each time).
        main_grants: per card, the :class:`~crabrules.oh_crab.model._state.Grant` of its main
            action (grants are values too: a card added to the Trace shares them).
        secondary_grants: by basic action, the grant of a completed icon.
        special_grants: per card, the grant of its special action (``None``: none).
        tile_grants: the grants of the Additional Action tiles in play.
        actions: the actions the option generators built, by class and values (see
            :func:`shared`).
    """

    layout: Layout
    cards: tuple[Card, ...]
    specials: tuple[tuple[str, tuple[Primitive, ...]] | None, ...]
    special_ids: tuple[str | None, ...]
    tiles: tuple[ActionTileSide, ...]
    players: int
    owners: tuple[PlayerId, ...]
    crabs_of: tuple[tuple[int, ...], ...]
    team: bool
    obstacle: tuple[bool, ...]
    knock_over: tuple[bool, ...]
    shell: tuple[bool, ...]
    exchange: tuple[bool, ...]
    colours: tuple[str, ...]
    names: tuple[str, ...]
    decks: tuple[tuple[CardId, ...], ...]
    card_names: tuple[str, ...]
    titles: dict[str, str]
    tile_costs: dict[str, int] | None
    cook_steps: tuple[Primitive, ...] | None
    expansion: Expansion
    moments: Moments
    tile_of: tuple[int, ...]
    pack: ExpansionContent | None
    plans: tuple[tuple[Plan, ...], ...]
    main_grants: tuple[Grant, ...]
    secondary_grants: dict[Primitive, Grant]
    special_grants: tuple[Grant | None, ...]
    tile_grants: tuple[Grant, ...]
    actions: dict[tuple[object, tuple[object, ...]], object]


def shared(rules: Tables, kind: Callable[..., A], *values: object) -> A:
    """Return ``kind(*values)``, built once per config.

    Actions are values, and the option generators offer the same ones again and again:
    looking one up costs less than building it.

    >>> from crabrules.oh_crab.model._actions import Move
    >>> rules = rules_for(Config())
    >>> shared(rules, Move, 0, 7, -1, ()) is shared(rules, Move, 0, 7, -1, ())
    True
    """
    key = (kind, values)
    value = rules.actions.get(key)
    if value is None:
        value = rules.actions[key] = kind(*values)
    return value  # type: ignore[return-value]  # the key's kind built it


def rules_of(state: State) -> Tables:
    """Return the rules that hold in ``state``: its config's, with the modules' changes.

    The changes are the modules' to make (``Tables.moments.rule_changes``): a game without
    modules reads its config's rules.
    """
    rules = rules_for(state.config)
    return rules.moments.in_play(rules, state.adventure)


def rules_for(config: Config) -> Tables:
    """Return the cached :class:`Tables` of ``config``.

    >>> rules_for(Config(players=4)) is rules_for(Config(players=4))
    True
    """
    # A game's states share one Config object: the one asked for last time is answered by
    # identity before the cache, whose lookup hashes the Config (a Python call).
    return _last_rules(config)


@functools.lru_cache(maxsize=CONFIGS_KEPT)
def _cached_rules(config: Config) -> Tables:
    content = get_content(config.content)
    layout = get_layout(config.content, config.resolved_board())
    spaces = layout.spaces
    teams = config.crab_colours()
    tiles = tuple(content.action_tile(t) for t in config.resolved_action_tiles())
    expansion = expansion_for(config)
    _refuse_expansion_steps(config, content.specials, tiles, EXPANSION_STEPS - expansion.steps)
    specials = _specials(content)
    owners, crabs_of = _crabs(teams)
    return Tables(
        layout=layout,
        cards=content.cards,
        specials=specials,
        special_ids=tuple(c.special for c in content.cards),
        tiles=tiles,
        players=config.players,
        owners=owners,
        crabs_of=crabs_of,
        team=len(owners) > config.players,
        obstacle=_of_type(spaces, SpaceType.OBSTACLE),
        knock_over=_of_type(spaces, SpaceType.KNOCK_OVER),
        shell=tuple(s.shell for s in spaces),
        exchange=_of_type(spaces, SpaceType.CARD_EXCHANGE),
        colours=tuple(c for team in teams for c in team),
        names=tuple("+".join(team) for team in teams),
        decks=tuple(content.starting_cards(content.colours.index(team[0])) for team in teams),
        card_names=card_names(content),
        titles=_titles(content),
        tile_costs=None,
        cook_steps=None,
        expansion=expansion,
        moments=expansion.moments,
        tile_of=_tile_of(layout),
        pack=content.adventure if config.modules else None,
        plans=tuple(
            tuple(Plan(p, c) for c in range(len(content.cards))) for p in range(config.players)
        ),
        main_grants=tuple(Grant(Source.MAIN, c.main.value, (c.main,)) for c in content.cards),
        secondary_grants={p: Grant(Source.SECONDARY, p.value, (p,)) for p in Primitive},
        special_grants=tuple(
            None if special is None else Grant(Source.SPECIAL, *special) for special in specials
        ),
        tile_grants=tuple(Grant(Source.TILE, t.id, t.steps, t.cost) for t in tiles),
        actions={},
    )


def _specials(content: Content) -> tuple[tuple[str, tuple[Primitive, ...]] | None, ...]:
    """Per card, its special action's id and steps (``None`` on starting cards)."""
    return tuple(
        None if c.special is None else (c.special, content.special(c.special).steps)
        for c in content.cards
    )


def _crabs(
    teams: tuple[tuple[str, ...], ...],
) -> tuple[tuple[PlayerId, ...], tuple[tuple[int, ...], ...]]:
    """Each crab's player, and each player's crabs, numbered in the order of ``teams``."""
    crabs_of: list[tuple[int, ...]] = []
    owners: list[PlayerId] = []
    for player, colours in enumerate(teams):
        crabs_of.append(tuple(range(len(owners), len(owners) + len(colours))))
        owners.extend([player] * len(colours))
    return tuple(owners), tuple(crabs_of)


def _of_type(spaces: Sequence[Space], kind: SpaceType) -> tuple[bool, ...]:
    """Per cell, whether its space is of type ``kind``."""
    return tuple(s.type is kind for s in spaces)


def _titles(content: Content) -> dict[str, str]:
    """The English name of each action a turn may give, by its grant name."""
    return {
        **{p.value: title for p, title in BASIC_TITLES.items()},
        **{s.id: s.name for s in content.specials},
        **{t.id: t.name for t in content.action_tiles},
    }


def _tile_of(layout: Layout) -> tuple[int, ...]:
    """Per cell, the index of its board tile (0: the Start tile)."""
    tile_of = [0] * layout.cells
    for index, first in enumerate(layout.tile_starts):
        tile_of[first * COLUMNS :] = [index] * (layout.cells - first * COLUMNS)
    return tuple(tile_of)


def _refuse_expansion_steps(
    config: Config,
    specials: Iterable[SpecialAction],
    tiles: Iterable[ActionTileSide],
    unplayed: frozenset[Primitive],
) -> None:
    """Refuse content whose cards or tiles play an expansion's step ``config`` does not play.

    Only a config without modules leaves steps ``unplayed``.
    """
    for what, steps in [
        *((f"special {s.id!r}", s.steps) for s in specials),
        *((f"action tile {t.id!r}", t.steps) for t in tiles),
    ]:
        if needed := sorted(p.value for p in steps if p in unplayed):
            raise InvalidConfigError(
                f"modules: none, but the {what} of content {config.content!r} plays "
                f"{', '.join(needed)}, which only the Adventure Pack's modules play"
            )


#: The Config ``rules_for`` was asked for last, and its rules.
_last_rules: Final = LastByIdentity(_cached_rules)
