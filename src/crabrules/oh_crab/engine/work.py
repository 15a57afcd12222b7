"""Per-config tables and the mutable working copy of a state.

:func:`~crabrules.oh_crab.rules.apply` copies the state into a :class:`Work`, changes it
in place and freezes it again. The option generators read either a ``State`` or a
``Work`` (both satisfy :class:`~crabrules.oh_crab.engine.game_view.View`, re-exported
here), so the legal actions and the automatic skipping of steps without options use the
very same code. :class:`Rules` holds what one config's rules need, computed once.
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Callable, Iterable
from typing import Any, Final, TypeVar

import attrs

from crabrules.core.construct import constructor
from crabrules.core.errors import InvalidConfigError
from crabrules.core.game import PlayerId
from crabrules.core.memo import CONFIGS_KEPT, LastByIdentity
from crabrules.oh_crab.content.adventure import AdventureContent
from crabrules.oh_crab.content.board import Layout
from crabrules.oh_crab.content.components import (
    COLUMNS,
    ActionTileSide,
    Card,
    SpaceType,
    SpecialAction,
)
from crabrules.oh_crab.content.loading import get_content, get_layout
from crabrules.oh_crab.content.primitives import Primitive
from crabrules.oh_crab.engine.expansion import EXPANSION_STEPS, Expansion, expansion_for
from crabrules.oh_crab.engine.game_view import View
from crabrules.oh_crab.engine.moments import NO_MOMENTS, Moments
from crabrules.oh_crab.model.actions import Plan
from crabrules.oh_crab.model.adventure import NO_OVERLAY, Adventure, Frame, Overlay
from crabrules.oh_crab.model.config import Config
from crabrules.oh_crab.model.events import Event
from crabrules.oh_crab.model.names import BASIC_TITLES, card_names
from crabrules.oh_crab.model.progress import Source, Stage
from crabrules.oh_crab.model.state import NO_CRAB, CardId, Grant, State, Turn

__all__ = ["Decision", "Rules", "View", "Work", "overlaid", "rules_for", "rules_of", "shared"]

A = TypeVar("A")


# A dataclass, not attrs: the compiled build makes it a native class, whose fields the
# option generators read directly (an attrs class stays a Python class there).
@dataclasses.dataclass(frozen=True, eq=False)
class Rules:
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
        card_names: each card's name in words (:func:`~crabrules.oh_crab.model.names.card_names`).
        titles: the English name of each action a turn may give, by its grant name.
        tile_costs: ``None``: each tile costs what it shows; else, by side id, what each
            Additional Action tile costs now, a tile missing here cannot be used (the rules
            overlay's changes).
        cook_steps: ``None``: the cook's action is a Move diagonally; else the overlay's.
        adventure: Adventure Pack modules are in play (their hooks run).
        expansion: the hooks of the modules in play (``None`` without modules).
        moments: the handlers of the named moments of play, which the engine announces
            (:data:`~crabrules.oh_crab.engine.moments.NO_MOMENTS` without modules).
        tile_of: per cell, the index of its tile in the board (0: the Start tile).
        pack: the Adventure Pack's content, ``None`` without modules.
        plans: ``plans[player][card]`` is the :class:`~crabrules.oh_crab.Plan` of that card
            (actions are values: the planning options share them instead of building them
            anew each time).
        main_grants: per card, the :class:`~crabrules.oh_crab.model.state.Grant` of its main
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
    adventure: bool
    expansion: Expansion | None
    moments: Moments
    tile_of: tuple[int, ...]
    pack: AdventureContent | None
    plans: tuple[tuple[Plan, ...], ...]
    main_grants: tuple[Grant, ...]
    secondary_grants: dict[Primitive, Grant]
    special_grants: tuple[Grant | None, ...]
    tile_grants: tuple[Grant, ...]
    actions: dict[tuple[object, tuple[object, ...]], object]


def shared(rules: Rules, kind: Callable[..., A], *values: object) -> A:
    """Return ``kind(*values)``, built once per config.

    Actions are values, and the option generators offer the same ones again and again:
    looking one up costs less than building it.

    >>> from crabrules.oh_crab.model.actions import Move
    >>> rules = rules_for(Config())
    >>> shared(rules, Move, 0, 7, -1, ()) is shared(rules, Move, 0, 7, -1, ())
    True
    """
    key = (kind, values)
    value = rules.actions.get(key)
    if value is None:
        value = rules.actions[key] = kind(*values)
    return value  # type: ignore[return-value]  # the key's kind built it


def rules_of(state: State) -> Rules:
    """Return the rules that hold in ``state``: its config's, with the overlay's changes."""
    return overlaid(rules_for(state.config), state)


def overlaid(rules: Rules, state: State) -> Rules:
    """Return ``rules``, the rules of ``state``'s config, with its overlay's changes."""
    adventure = state.adventure
    # ``is`` first: the overlay of a game without changes is nearly always the constant.
    if adventure is None or adventure.overlay is NO_OVERLAY or adventure.overlay == NO_OVERLAY:
        return rules
    return _overlaid(state.config, adventure.overlay)


@functools.lru_cache(maxsize=256)
def _overlaid(config: Config, overlay: Overlay) -> Rules:
    rules = rules_for(config)
    assert rules.expansion is not None  # only modules change the rules
    return rules.expansion.changed_rules(rules, overlay.changes())


def rules_for(config: Config) -> Rules:
    """Return the cached :class:`Rules` of ``config``.

    >>> rules_for(Config(players=4)) is rules_for(Config(players=4))
    True
    """
    # A game's states share one Config object: the one asked for last time is answered by
    # identity before the cache, whose lookup hashes the Config (a Python call).
    return _last_rules(config)


@functools.lru_cache(maxsize=CONFIGS_KEPT)
def _cached_rules(config: Config) -> Rules:
    content = get_content(config.content)
    layout = get_layout(config.content, config.resolved_board())
    specials = tuple(
        None if c.special is None else (c.special, content.special(c.special).steps)
        for c in content.cards
    )
    spaces = layout.spaces
    teams = config.crab_colours()
    tiles = tuple(content.action_tile(t) for t in config.resolved_action_tiles())
    expansion = expansion_for(config)
    if expansion is None:
        _refuse_expansion_steps(config, content.specials, tiles)
    tile_of = [0] * layout.cells
    for index, first in enumerate(layout.tile_starts):
        tile_of[first * COLUMNS :] = [index] * (layout.cells - first * COLUMNS)
    crabs_of: list[tuple[int, ...]] = []
    owners: list[PlayerId] = []
    for player, colours in enumerate(teams):
        crabs_of.append(tuple(range(len(owners), len(owners) + len(colours))))
        owners.extend([player] * len(colours))
    return Rules(
        layout=layout,
        cards=content.cards,
        specials=specials,
        special_ids=tuple(c.special for c in content.cards),
        tiles=tiles,
        players=config.players,
        owners=tuple(owners),
        crabs_of=tuple(crabs_of),
        team=len(owners) > config.players,
        obstacle=tuple(s.type is SpaceType.OBSTACLE for s in spaces),
        knock_over=tuple(s.type is SpaceType.KNOCK_OVER for s in spaces),
        shell=tuple(s.shell for s in spaces),
        exchange=tuple(s.type is SpaceType.CARD_EXCHANGE for s in spaces),
        colours=tuple(c for team in teams for c in team),
        names=tuple("+".join(team) for team in teams),
        decks=tuple(content.starting_cards(content.colours.index(team[0])) for team in teams),
        card_names=card_names(content),
        titles={
            **{p.value: title for p, title in BASIC_TITLES.items()},
            **{s.id: s.name for s in content.specials},
            **{t.id: t.name for t in content.action_tiles},
        },
        tile_costs=None,
        cook_steps=None,
        adventure=bool(config.modules),
        expansion=expansion,
        moments=NO_MOMENTS if expansion is None else expansion.moments,
        tile_of=tuple(tile_of),
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


def _refuse_expansion_steps(
    config: Config, specials: Iterable[SpecialAction], tiles: Iterable[ActionTileSide]
) -> None:
    """Refuse content whose cards or tiles play a step only the modules' expansion plays."""
    for what, steps in [
        *((f"special {s.id!r}", s.steps) for s in specials),
        *((f"action tile {t.id!r}", t.steps) for t in tiles),
    ]:
        if needed := sorted(p.value for p in steps if p in EXPANSION_STEPS):
            raise InvalidConfigError(
                f"modules: none, but the {what} of content {config.content!r} plays "
                f"{', '.join(needed)}, which only the Adventure Pack's modules play"
            )


#: The Config ``rules_for`` was asked for last, and its rules.
_last_rules: Final = LastByIdentity(_cached_rules)


#: What a Work starts from outside a turn (built once: this is the hot path).
_NO_TURN = Turn(Stage.START, NO_CRAB)

# Built field by field (crabrules.core.construct): in the compiled wheel, a fraction of
# the cost of the classes' own __init__ (the classes themselves in the pure build).
_new_state: Final = constructor(State)
_new_turn: Final = constructor(Turn)
_new_adventure: Final = constructor(Adventure)
#: Adventure's fields, in order (what ``_new_adventure`` takes).
_ADVENTURE_FIELDS: Final = tuple(f.name for f in attrs.fields(Adventure))


def _evolved(adventure: Adventure, changes: dict[str, Any]) -> Adventure:
    """``attrs.evolve(adventure, **changes)``, built field by field (see ``_new_state``)."""
    assert all(name in _ADVENTURE_FIELDS for name in changes), changes
    return _new_adventure(
        *[
            changes[name] if name in changes else getattr(adventure, name)
            for name in _ADVENTURE_FIELDS
        ]
    )


class Decision:
    """Steps being resolved for one crab: the turn's own action, or a frame above it.

    The working copy keeps its decisions on one stack (:attr:`Work.decisions`): the turn's
    own at the bottom, and above it the Adventure Pack's frames, the decisions that come
    first, maybe out of turn (:class:`~crabrules.oh_crab.model.adventure.Frame`). The
    engine always resolves the top one; a decision pushed while another resolves stops
    it, and the one beneath goes on once the top one has no step left.

    Attributes:
        frame: the frame this decision was loaded from or pushed as (its kind, item and
            player); ``None`` for the turn's own.
        crab: the crab the steps move (the turn's: the active crab).
        queue: the steps left, first one next.
        crabs_left: for a step that moves several crabs, those that may still move.
        head_down: Head Down! holds: spaces' negative effects are ignored.
    """

    __slots__ = ("crab", "crabs_left", "frame", "head_down", "queue")

    def __init__(
        self,
        frame: Frame | None,
        crab: int,
        queue: list[Primitive],
        crabs_left: list[int] | None,
        head_down: bool,
    ) -> None:
        self.frame = frame
        self.crab = crab
        self.queue = queue
        self.crabs_left = crabs_left
        self.head_down = head_down

    def frozen_frame(self) -> Frame:
        """The frame as it stands now (only for a decision above the turn's)."""
        frame = self.frame
        assert frame is not None
        queue = tuple(self.queue)
        left = None if self.crabs_left is None else tuple(self.crabs_left)
        if queue == frame.queue and left == frame.crabs_left and self.crab == frame.crab:
            return frame  # untouched by this action: the state keeps the same frame
        return Frame(frame.kind, frame.item, frame.player, self.crab, queue, left)


class Work:
    """A mutable copy of a :class:`State`, changed in place by one ``apply``.

    Its attributes are the state's fields (the turn's too, one attribute each), with the
    rules in play (``rules``) and the event log (``events``). The turn's steps and the
    Adventure Pack's frames are one stack of :class:`Decision` (``decisions``): the
    engine resolves the top one (``decision``).
    It holds no rule: the functions that change it live with the rule they play
    (:mod:`~crabrules.oh_crab.engine.cards`, :mod:`~crabrules.oh_crab.engine.shells`,
    :mod:`~crabrules.oh_crab.engine.market`, ...).
    """

    __slots__ = (
        "adventure",
        "config",
        "cook",
        "cook_used",
        "crabs",
        "current",
        "decisions",
        "discards",
        "draw",
        "draw_seen",
        "events",
        "grants",
        "hands",
        "in_turn",
        "knocked",
        "known",
        "market",
        "owners",
        "phase",
        "planned",
        "removed",
        "rng",
        "round",
        "rules",
        "seed",
        "shells",
        "stage",
        "supply",
        "tile_used",
        "tokens",
        "traces",
        "turn_decision",
    )

    def __init__(self, state: State, events: list[Event] | None = None) -> None:
        #: The log of what happens, when the caller asked for one (``apply_with_events``).
        self.events = events
        self.config = state.config
        adventure = state.adventure
        #: The Adventure Pack's part (``None`` without modules); its frames are decisions.
        self.adventure = adventure
        rules = rules_for(state.config)
        self.rules = rules if adventure is None else overlaid(rules, state)
        self.seed = state.seed
        self.rng = state.rng
        self.round = state.round
        self.phase = state.phase
        self.cook = state.cook
        self.current = state.current
        self.owners = state.owners
        self.crabs = list(state.crabs)
        self.knocked = list(state.knocked)
        # Activation tokens change twice a round: the state's tuple until then.
        self.tokens: tuple[int, ...] | list[int] = state.tokens
        self.cook_used = state.cook_used
        # A player's cards stay the state's tuple until they change (hand(), trace(),
        # discard_pile() give a list to change): most actions touch one player's at most.
        self.hands: list[tuple[CardId, ...] | list[CardId]] = list(state.hands)
        self.planned = list(state.planned)
        self.traces: list[tuple[CardId, ...] | list[CardId]] = list(state.traces)
        self.discards: list[tuple[CardId, ...] | list[CardId]] = list(state.discards)
        self.shells = list(state.shells)
        self.supply = state.supply
        # The Market, the box and what the table saw change in few actions: they stay the
        # state's tuples until then (see open_market), so most actions copy none of them.
        self.market: tuple[tuple[CardId, ...], ...] | list[list[CardId]] = state.market
        self.draw: tuple[CardId, ...] | list[CardId] = state.draw
        self.removed = state.removed
        self.known = state.known
        self.draw_seen = state.draw_seen
        turn = state.turn
        self.in_turn = turn is not None
        if turn is None:
            turn = _NO_TURN
        self.stage = turn.stage
        self.grants = list(turn.grants)
        self.tile_used = turn.tile_used
        left = None if turn.crabs_left is None else list(turn.crabs_left)
        #: The decisions being resolved, the top one first: the turn's own (its active
        #: crab's) at the bottom, the Adventure Pack's frames above.
        own = Decision(None, turn.crab, list(turn.queue), left, turn.head_down)
        #: The turn's own decision, at the bottom of the stack: the active crab's steps.
        self.turn_decision = own
        self.decisions = [own]
        if adventure is not None:
            for frame in adventure.frames:
                self.push_frame(frame)

    @property
    def decision(self) -> Decision:
        """The decision on top: the one whose steps resolve now."""
        return self.decisions[-1]

    def frames_wait(self) -> bool:
        """Frames of the Adventure Pack wait above the turn's own decision."""
        return len(self.decisions) > 1

    def push_frame(self, frame: Frame) -> None:
        """Push a decision that comes first (only with the Adventure Pack in play).

        Head Down! holds in a frame only for the turn's own active crab.
        """
        turn = self.turn_decision
        left = None if frame.crabs_left is None else list(frame.crabs_left)
        head_down = turn.head_down and frame.crab == turn.crab
        self.decisions.append(Decision(frame, frame.crab, list(frame.queue), left, head_down))

    def freeze(self) -> State:
        """Return the frozen state (hands and removed cards sorted)."""
        turn = None
        if self.in_turn:
            own = self.turn_decision
            turn = _new_turn(
                self.stage,
                own.crab,
                tuple(self.grants),
                tuple(own.queue),
                None if own.crabs_left is None else tuple(own.crabs_left),
                own.head_down,
                self.tile_used,
            )
        return _new_state(
            self.config,
            self.seed,
            self.rng,
            self.round,
            self.phase,
            self.cook,
            self.current,
            self.owners,
            tuple(self.crabs),
            tuple(self.knocked),
            tuple(self.tokens),
            self.cook_used,
            # map and list comprehensions: cheaper than generators on this hot path
            # (``tuple`` of a tuple is that tuple: unchanged piles are not copied).
            tuple([tuple(sorted(h)) if isinstance(h, list) else h for h in self.hands]),
            tuple(self.planned),
            tuple(map(tuple, self.traces)),
            tuple(map(tuple, self.discards)),
            tuple(self.shells),
            self.supply,
            tuple(map(tuple, self.market)) if isinstance(self.market, list) else self.market,
            tuple(self.draw),
            self.removed,
            self.known,
            # Seen cards sit at the bottom and cards leave from the top: of the counted
            # cards, those still in the pile are its last ones.
            min(self.draw_seen, len(self.draw)),
            turn,
            None if self.adventure is None else self.frozen_adventure(),
        )

    def frozen_adventure(self) -> Adventure:
        """The Adventure Pack's part, with the frames as they are now."""
        assert self.adventure is not None
        old = self.adventure
        if not old.frames and not self.frames_wait():
            return old  # no frame before the action or after it (most actions)
        frames = tuple([d.frozen_frame() for d in self.decisions[1:]])
        if frames == old.frames:
            return old
        return _evolved(old, {"frames": frames})

    def change_adventure(self, **changes: Any) -> Adventure:
        """Replace parts of the Adventure Pack's state; a new overlay changes the rules."""
        adventure = self.adventure
        assert adventure is not None
        old = adventure.overlay
        self.adventure = _evolved(adventure, changes)
        if self.adventure.overlay != old:
            self.rules = (
                rules_for(self.config)
                if self.adventure.overlay == NO_OVERLAY
                else _overlaid(self.config, self.adventure.overlay)
            )
        return self.adventure

    # --- fields to change in place -----------------------------------------------------
    # A field stays the state's tuple until something changes it (most actions touch few):
    # these give it as a list, copied on the first change. No rule here: the rules that
    # change the cards, shells and Market are in engine/cards.py, shells.py and market.py.

    def hand(self, player: PlayerId) -> list[CardId]:
        """The player's Hand, as a list to change."""
        hand = self.hands[player]
        if not isinstance(hand, list):
            hand = self.hands[player] = list(hand)
        return hand

    def trace(self, player: PlayerId) -> list[CardId]:
        """The player's Trace, as a list to change."""
        trace = self.traces[player]
        if not isinstance(trace, list):
            trace = self.traces[player] = list(trace)
        return trace

    def discard_pile(self, player: PlayerId) -> list[CardId]:
        """The player's Discard pile, as a list to change."""
        pile = self.discards[player]
        if not isinstance(pile, list):
            pile = self.discards[player] = list(pile)
        return pile

    def set_token(self, crab: int, token: int) -> None:
        """Put activation token ``token`` on ``crab`` (0: take it off)."""
        if isinstance(self.tokens, tuple):
            self.tokens = list(self.tokens)
        self.tokens[crab] = token

    def open_market(self) -> tuple[list[list[CardId]], list[CardId]]:
        """The Market's piles and draw pile as lists, to change in place."""
        if isinstance(self.market, tuple):
            self.market = [list(p) for p in self.market]
            self.draw = list(self.draw)
        assert isinstance(self.market, list)
        assert isinstance(self.draw, list)
        return self.market, self.draw
