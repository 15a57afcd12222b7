"""Oh Crab! as integers and tensors, its composite actions enumerated per config.

With ``P`` players, ``K`` crabs (``P``, or 4 in the 2-player mode), ``N`` cards in the
content (56 in the reference content), ``C`` cells on the board (``5 * rows``), ``G``
grants a turn can hold, ``M`` grant names, ``Q`` steps in the longest action and ``S``
effect primitives (:class:`~crabrules.oh_crab.Primitive`):

**Actions.** A :class:`~crabrules.oh_crab.Move` names its destination, the card it
discards and the cell of every crab it pushes; a :class:`~crabrules.oh_crab.Shortcut`
the set of cards it discards. Such actions have no small product numbering, so each
config gets a table: every action the config's board and content make possible, each
with its number, listed once in this fixed order (the acting player is not part of the
number):

=================================== =====================================================
kind                                enumerated
=================================== =====================================================
``Plan(card)``                      card ``0 .. N-1``
``AddCard(side)``                   left, right
``Rest(keep, take)``                keep ``NO_CARD``, then each card; take 0, 1, 2,
                                    ``DRAW_PILE``, ``NO_PILE``
``Use(grant)``                      grant index ``0 .. G-1`` in ``state.turn.grants``
``StandUp``, ``Finish``             one each
``Discard(card)``                   each card
``PickTrace(card)``                 each card
``Dope(card, side)``                each card; left, right
``Exchange(card, take)``            each card; take 0, 1, 2, ``DRAW_PILE``
``ExchangeAndEnd(card, take)``      each card; take 0, 1, 2, ``DRAW_PILE``
``EndTurn(discard, ignore)``        discard ``NO_CARD``, then each card; ignoring the
                                    current no, yes
``Place(crab, space)``              2-player mode only: each crab; Start space 1 to 4
``Activate(crab)``                  2-player mode only: each crab
``Shift(crab, dest, discard)``      each crab; dest ``SEA``, then each accessible cell;
                                    discard ``NO_CARD``, then each card if ``dest`` is a
                                    standard Obstacle
``Move(dest, discard, pushes)``     dest ``SEA`` (no discard, no push), then each
                                    accessible cell; discard as for ``Shift``; pushes
                                    ``()``, then every chain of at most ``K - 1`` pushed
                                    crabs the board allows from ``dest``, each pushed
                                    crab one step toward the sea (depth first, in the
                                    board's ``toward_sea`` order)
``Shortcut(cards, pushes)``         each Shortcut arrow, by cell; each ascending set of
                                    the arrow's number of cards whose main action is its
                                    icon; pushes as for ``Move``, from its target
=================================== =====================================================

``G`` is ``5 + T + 4 * D``: a card gives at most four grants (its main action, two
completed icons, its special action), the cook one, the ``T`` Additional Action tiles
one each, and each Doping that can happen in a turn (a tile or a card special that adds
a card to the Trace) one more card's four. The table holds 3,163 to 22,273 numbers on
the rulebook's scenarios (``num_distinct_actions``), most of them Moves that push and
discard at once; a config's legal actions are always in it, so a mask is exactly
``legal_actions``. ``enc.kinds`` gives the first number and the count of each kind.

**Observation tensor** (one flat ``float32`` vector), in this order:

============ ================== ========================================================
section      shape              meaning
============ ================== ========================================================
observer     ``P + 1``          whose view; the last entry a spectator
round        ``1``              the round number
phase        ``4``              placing, planning, action or over
cook         ``P``              who holds the cook pawn
current      ``P``              whose turn it is (or who places a crab)
crabs        ``K, C + 2``       each crab's cell, one-hot; ``C`` the sea, ``C + 1`` not
                                placed yet
knocked      ``K``              1 for each knocked-over crab
tokens       ``K, 3``           each crab's activation token (2-player mode): 0, 1 or 2
cook_used    ``1``              the cook's diagonal was used this round
hand         ``N``              the observer's Hand
hand_sizes   ``P``              the number of cards in each Hand
planned      ``P, 3``           each player's face-down card: none, one, a declared Rest
my_planned   ``N``              the observer's own face-down card
traces       ``P, N``           the cards of each Trace
trace_ends   ``P, 2, N``        each Trace's left and right end card (the ones a new
                                card touches; no rule reads the inner order)
discards     ``P, N``           the cards of each Discard pile
shells       ``P``              each player's shells
supply       ``1``              shells in the supply
market       ``3, N``           the cards of each face-up Market pile
market_top   ``3, N``           each pile's top card
draw_size    ``1``              cards in the draw pile
removed      ``N``              starting cards put back in the box
known        ``P, N``           the cards every player saw each player take
draw_bottom  ``N``              the cards everyone saw put under the draw pile
stage        ``4``              the turn's stage: activate, start, act, ending (no turn: all 0)
active_crab  ``K``              the turn's active crab (none yet: all 0)
grants       ``G, 5 + M``       each grant still to use: its source, then its name
queue        ``Q, S``           the steps of the action being resolved, first one next,
                                one-hot over the ``S`` primitives (30)
crabs_left   ``K + 1``          the crabs a multi-crab step may still move; the last
                                entry 1 before that step begins
head_down    ``1``              Head Down! is in effect
tile_used    ``1``              an Additional Action tile was used this turn
============ ================== ========================================================

The inner order of Discard piles, Market piles and the draw pile's seen bottom is left
out; so is ``owners``, fixed by the config.

**Returns**: general-sum; each winner (one, or joint winners) ``+1``, everyone else
``-1``.

**Adventure Pack actions.** A config with modules (any mix of Modules 1-4, their
variants, 2 to 5 players) numbers the base game's kinds as above, then, after
``Shortcut``, the kinds its modules can play, in this order (``T`` Surprise tokens, ``A``
Asymmetry cards in the content; a kind whose module or step is not in play is absent):

=================================== =====================================================
kind                                enumerated
=================================== =====================================================
``TakeMarket(take)``                take 0, 1, 2, ``DRAW_PILE``; if a step of the modules
                                    in play takes a Market card (``take_market_card``)
``UseTreasure(token)``              Module 1: each Treasure without "!!/" (the ones kept),
                                    by token index
``Reveal``                          Module 2 or 3: one
``Choose(option)``                  Module 3: reward ``0 ..`` the longest Reward card's
                                    rewards ``- 1``
``ChooseSkills(cards)``             Module 4: each card the modules in play allow; with
                                    2 players each ordered pair of two distinct such
                                    cards (first crab's card first), in
                                    ``itertools.permutations`` order
``Skill(crab)``, ``Decline``        Module 4: each crab; one
``MakeObstacle(cell)``              if a step turns a space into an Obstacle
                                    (``turn_into_obstacle``, Module 4's Sandcastle
                                    Builder): each standard space that is not a Start
                                    space, by cell
=================================== =====================================================

A space made an Obstacle asks for a discard like a printed one, so where
``MakeObstacle`` is numbered, ``Move`` and ``Shift`` list a discard on every standard
space: that multiplies their destinations by the ``N + 1`` discards and the push chains,
and the table grows to about 60,000 numbers with 2 players, 41,400 with 3, 84,800 with 4
and 173,100 with 5 (Module 4 in the default scenarios; 5,494 to 19,268 without it). No
discretisation is applied: ``action_to_int`` takes no state, so a smaller numbering
would have to merge distinct actions, and masks would no longer be ``legal_actions``.

**Adventure Pack sections** follow the base game's sections, for a config with modules:
first the framework's (any module), then each module's in module order. ``B`` is the
number of Beach tiles (``Config.beaches()``), ``T``, ``E``, ``H``, ``R`` and ``A`` the
content's Surprise tokens, Event, Challenge, Reward and Asymmetry cards, ``F = P + 4``
the frames shown, ``I`` the largest of ``T``, ``E``, ``R`` and ``A`` (a frame's item),
and ``Q`` here also covers the longest step list of the modules' content:

==================== ================== ========== ===========================================
section              shape              module     meaning
==================== ================== ========== ===========================================
due                  ``2B, 2 + B``      any        each card due, in order: challenge or event,
                                                   then its Beach tile
frames               ``1``              any        the number of frames waiting
frame_kind           ``F, 4``           any        each frame's kind (surprise, event, reward,
                                                   skill), the top frame (the one deciding now)
                                                   first; frames below the ``F``-th are left out
frame_item           ``F, I``           any        each frame's token or card
frame_player         ``F, P``           any        who decides it
frame_crab           ``F, K``           any        the crab its steps move
frame_queue          ``F, Q, S``        any        its steps left, one-hot over the primitives
frame_crabs_left     ``F, K + 1``       any        as ``crabs_left``, for the frame's step
obstacles_made       ``C``              any        standard spaces made Obstacles (lasting)
surprise_board       ``C``              surprises  a face-down token lies on the cell
kept_counts          ``P``              surprises  the Treasures each player keeps
my_kept              ``T``              surprises  the observer's kept Treasures
surprises_gone       ``T``              surprises  the tokens out of the game
wastes_found         ``B``              surprises  the Wastes flipped on each Beach tile
event_tiles          ``B``              events     a face-down Event lies at the tile
event_active         ``E``              events     the temporary Event in effect
event_at             ``B``              events     the tile it was revealed at
events_revealed      ``E``              events     the Events revealed so far
events_foreseen      ``E``              events     "Crystal Ball": the Events drawn
events_removed       ``E``              events     "The Lucky Ones": the Events removed
challenge_tiles      ``B``              challenges a face-down Challenge lies at the tile
challenge_open       ``B``              challenges the tile of the face-up Challenge
open_challenge       ``H``              challenges the face-up Challenge
reward_card          ``R``              challenges the Reward card drawn
trophies             ``P``              challenges the trophies each player won
challenges_resolved  ``H``              challenges the Challenges resolved so far
skills_dealt         ``A``              asymmetry  the observer's cards still to choose from
skills_to_choose     ``P``              asymmetry  how many cards each player chooses from
skills               ``K, A + 1``       asymmetry  each crab's card; the last entry: chosen,
                                                   not shown yet
pincers              ``K``              asymmetry  each crab's Pincers (0 while hidden)
spies                ``P, 2, B``        asymmetry  what each player spied: Event or Challenge,
                                                   and its tile
spied_events         ``B, E``           asymmetry  the Event the observer spied at each tile
spied_challenges     ``B, H``           asymmetry  the Challenge the observer spied at each tile
==================== ================== ========== ===========================================

Left out: the order of the Events revealed and of the Challenges resolved (no rule reads
it), the temporary Event's rule changes (those of ``event_active``'s card), the Reward
cards set aside (every card but ``reward_card``) and the variants (fixed by the config).
The hidden parts (the piles set aside, face-down tokens and cards, the others' kept
Treasures, dealt cards, choices while hidden and spied cards) are not in the
``Observation``, so not in the tensor.

>>> from crabrules import oh_crab
>>> from crabrules.encoding import encoding
>>> enc = encoding("oh-crab", oh_crab.Config(players=3))
>>> enc.num_distinct_actions, enc.kinds["Plan"], enc.kinds["AddCard"]
(5489, (0, 56), (56, 2))
>>> state = oh_crab.initial_state(enc.config, seed=4)
>>> plan = oh_crab.legal_actions(state, 0)[0]
>>> enc.action_to_int(plan), enc.int_to_action(state, 0, enc.action_to_int(plan)) == plan
(0, True)
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from itertools import combinations
from operator import attrgetter
from typing import Any

import numpy as np
import numpy.typing as npt

from crabrules import oh_crab
from crabrules.core import PlayerId
from crabrules.encoding.base import UNBOUNDED, Encoding, Section
from crabrules.encoding.oh_crab_adventure import (
    ADVENTURE_FIELDS,
    AdventurePart,
    makeable_obstacles,
)
from crabrules.oh_crab import (
    DRAW_PILE,
    NO_CARD,
    NO_PILE,
    RESTING,
    SEA,
    Action,
    Config,
    Layout,
    Observation,
    Phase,
    Primitive,
    Side,
    Source,
    Stage,
    State,
)
from crabrules.oh_crab.engine._movement import every_push_chain

__all__ = ["FIELDS", "OhCrabEncoding"]

#: Each action class's fields besides ``player``: what its number stands for.
FIELDS: dict[type, tuple[str, ...]] = {
    oh_crab.Plan: ("card",),
    oh_crab.AddCard: ("side",),
    oh_crab.Rest: ("keep", "take"),
    oh_crab.Use: ("grant",),
    oh_crab.StandUp: (),
    oh_crab.Finish: (),
    oh_crab.Discard: ("card",),
    oh_crab.PickTrace: ("card",),
    oh_crab.Dope: ("card", "side"),
    oh_crab.Exchange: ("card", "take"),
    oh_crab.ExchangeAndEnd: ("card", "take"),
    oh_crab.EndTurn: ("discard", "ignore_current"),
    oh_crab.Place: ("crab", "space"),
    oh_crab.Activate: ("crab",),
    oh_crab.Shift: ("crab", "dest", "discard"),
    oh_crab.Move: ("dest", "discard", "pushes"),
    oh_crab.Shortcut: ("cards", "pushes"),
}

_Key = tuple[Any, ...]


def _key_function(cls: type, fields: tuple[str, ...]) -> Callable[[Any], _Key]:
    """The function giving an action of ``cls`` its table key: its fields, player left out."""
    if not fields:
        return lambda action: (cls,)
    get = attrgetter(*fields)
    if len(fields) == 1:
        return lambda action: (cls, get(action))
    return lambda action: (cls, *get(action))


_KEYS: dict[type, Callable[[Any], _Key]] = {
    cls: _key_function(cls, f) for cls, f in {**FIELDS, **ADVENTURE_FIELDS}.items()
}
_SIDES = (Side.LEFT, Side.RIGHT)
_PHASES = tuple(Phase)
_STAGES = tuple(Stage)
_SOURCES = tuple(Source)
_PRIMITIVES = tuple(Primitive)
_PLANNED = {oh_crab.HIDDEN: 1, RESTING: 2}


def _key(action: Action) -> _Key:
    return _KEYS[type(action)](action)


class OhCrabEncoding(Encoding[State, Action, Observation]):
    """The encoding of Oh Crab! for one config (see the module's docs)."""

    def __init__(self, config: Config) -> None:
        self.game = oh_crab.GAME
        self.config = config
        content = oh_crab.get_content(config.content)
        layout = oh_crab.get_layout(config.content, config.resolved_board())
        tiles = [content.action_tile(t) for t in config.resolved_action_tiles()]
        players = self.players = config.players
        crabs = self.crabs = sum(len(c) for c in config.crab_colours())
        cards = self.cards = len(content.cards)
        cells = self.cells = layout.cells
        specials = {s.id: s.steps for s in content.specials}
        dopes = Primitive.ADD_CARD_TO_TRACE
        dopings = any(dopes in t.steps for t in tiles) + sum(
            c.special is not None and dopes in specials[c.special] for c in content.cards
        )
        self.grants = 5 + len(tiles) + 4 * dopings
        self.queue = max(len(steps) for steps in [*specials.values(), *(t.steps for t in tiles)])
        #: The Adventure Pack's part, ``None`` without modules.
        self.adventure: AdventurePart | None = None
        if config.modules:
            assert content.adventure is not None  # the config checked it
            self.adventure = AdventurePart(config, content.adventure, layout, crabs, self.queue)
            self.queue = self.adventure.queue
        names = (
            [p.value for p in _PRIMITIVES] + list(specials) + [t.id for t in content.action_tiles]
        )
        #: The names a grant may have (basic actions, special actions, tiles), in tensor order.
        self.grant_names = tuple(dict.fromkeys(names))
        self._names = {name: i for i, name in enumerate(self.grant_names)}
        self._table = _Table(self, layout, content)
        self.kinds = self._table.kinds
        self.num_distinct_actions = len(self._table.actions)
        self.sections = (
            Section("observer", (players + 1,), "whose view; the last entry a spectator"),
            Section("round", (1,), "the round number", UNBOUNDED),
            Section("phase", (len(_PHASES),), "placing, planning, action or over"),
            Section("cook", (players,), "who holds the cook pawn"),
            Section("current", (players,), "whose turn it is"),
            Section("crabs", (crabs, cells + 2), "each crab's cell; then sea, not placed"),
            Section("knocked", (crabs,), "knocked-over crabs"),
            Section("tokens", (crabs, 3), "each crab's activation token"),
            Section("cook_used", (1,), "the cook's diagonal was used this round"),
            Section("hand", (cards,), "the observer's Hand"),
            Section("hand_sizes", (players,), "cards in each Hand", UNBOUNDED),
            Section("planned", (players, 3), "face-down card: none, one, a Rest"),
            Section("my_planned", (cards,), "the observer's face-down card"),
            Section("traces", (players, cards), "the cards of each Trace"),
            Section("trace_ends", (players, 2, cards), "each Trace's end cards"),
            Section("discards", (players, cards), "the cards of each Discard pile"),
            Section("shells", (players,), "each player's shells", UNBOUNDED),
            Section("supply", (1,), "shells in the supply", UNBOUNDED),
            Section("market", (3, cards), "the cards of each face-up pile"),
            Section("market_top", (3, cards), "each pile's top card"),
            Section("draw_size", (1,), "cards in the draw pile", UNBOUNDED),
            Section("removed", (cards,), "starting cards in the box"),
            Section("known", (players, cards), "cards seen taken, per player"),
            Section("draw_bottom", (cards,), "cards seen put under the draw pile"),
            Section("stage", (len(_STAGES),), "the turn's stage"),
            Section("active_crab", (crabs,), "the turn's active crab"),
            Section("grants", (self.grants, len(_SOURCES) + len(self._names)), "grants"),
            Section("queue", (self.queue, len(_PRIMITIVES)), "the steps being resolved"),
            Section("crabs_left", (crabs + 1,), "crabs a step may still move; not begun"),
            Section("head_down", (1,), "Head Down! is in effect"),
            Section("tile_used", (1,), "a tile was used this turn"),
        )
        if self.adventure is not None:
            self.sections += tuple(self.adventure.sections(players, cells))

    def _number(self, action: Action) -> int:
        """The action's number in the config's table (a ``KeyError`` if it has none)."""
        return self._table.numbers[_key(action)]

    def numbered_legal_actions(self, state: State, player: PlayerId) -> dict[int, Action]:
        """``player``'s legal actions by number (the lookup inlined: an env's hot path)."""
        legal = oh_crab.legal_actions(state, player)
        if state.config is not self.config:
            self._check_config(state.config, "state")
        numbers, keys = self._table.numbers, _KEYS
        return {numbers[keys[type(a)](a)]: a for a in legal}

    def _decode(self, state: State | None, player: PlayerId, number: int) -> Action:
        """The action numbered ``number``, taken by ``player``."""
        cls, *fields = self._table.actions[number]
        return cls(player, *fields)  # type: ignore[no-any-return]

    def observation_tensor(self, observation: Observation) -> npt.NDArray[np.float32]:
        """The observation as the vector the module's table lays out."""
        # The hot path of an environment step: every 1 is listed first, then written at
        # once, and the few counts one by one (a numpy write per section would cost more
        # than the rest of the step).
        o = observation
        self._check_observation(o)
        at = self.layout.offsets
        players, cells = self.players, self.cells
        ones = [
            at["observer"] + (players if o.player is None else o.player),
            at["phase"] + _PHASES.index(o.phase),
            at["cook"] + o.cook,
            at["current"] + o.current,
        ]
        crabs, width = at["crabs"], cells + 2
        ones += [
            crabs + k * width + (c if c >= 0 else cells if c == SEA else cells + 1)
            for k, c in enumerate(o.crabs)
        ]
        knocked, tokens = at["knocked"], at["tokens"]
        ones += [knocked + k for k, down in enumerate(o.knocked) if down]
        ones += [tokens + 3 * k + t for k, t in enumerate(o.tokens)]
        if o.cook_used:
            ones.append(at["cook_used"])
        self._cards(ones, at, o)
        self._piles(ones, at, o)
        if o.turn is not None:
            self._turn(ones, at, o.turn)
        values = np.zeros(self.layout.size, dtype=np.float32)
        if self.adventure is not None and o.adventure is not None:
            self.adventure.write(values, at, ones, o.adventure)
        values[np.fromiter(ones, np.intp, len(ones))] = 1.0
        values[at["round"]] = o.round
        start = at["hand_sizes"]
        values[start : start + players] = o.hand_sizes
        start = at["shells"]
        values[start : start + players] = o.shells
        values[at["supply"]] = o.supply
        values[at["draw_size"]] = o.draw_size
        return values

    def _cards(self, ones: list[int], at: dict[str, int], o: Observation) -> None:
        """List the 1s of the cards in hands, plans, traces and discard piles."""
        cards = self.cards
        hand, planned = at["hand"], at["planned"]
        ones += [hand + c for c in o.hand]
        ones += [
            planned + 3 * p + _PLANNED.get(c, 1) for p, c in enumerate(o.planned) if c != NO_CARD
        ]
        if o.player is not None and o.planned[o.player] >= 0:
            ones.append(at["my_planned"] + o.planned[o.player])
        traces, ends, discards = at["traces"], at["trace_ends"], at["discards"]
        ones += [traces + p * cards + c for p, trace in enumerate(o.traces) for c in trace]
        ones += [
            ends + (2 * p + end) * cards + trace[-end]
            for p, trace in enumerate(o.traces)
            if trace
            for end in (0, 1)
        ]
        ones += [discards + p * cards + c for p, pile in enumerate(o.discards) for c in pile]

    def _piles(self, ones: list[int], at: dict[str, int], o: Observation) -> None:
        """List the 1s of the market, the cards removed, those known and the draw's bottom."""
        cards = self.cards
        market, tops = at["market"], at["market_top"]
        ones += [market + i * cards + c for i, pile in enumerate(o.market) for c in pile]
        ones += [tops + i * cards + pile[-1] for i, pile in enumerate(o.market) if pile]
        removed, known, bottom = at["removed"], at["known"], at["draw_bottom"]
        ones += [removed + c for c in o.removed]
        ones += [known + p * cards + c for p, seen in enumerate(o.known) for c in seen]
        ones += [bottom + c for c in o.draw_bottom]

    def _turn(self, ones: list[int], at: dict[str, int], turn: oh_crab.Turn) -> None:
        """List the 1s of the turn in progress."""
        ones.append(at["stage"] + _STAGES.index(turn.stage))
        if turn.crab >= 0:
            ones.append(at["active_crab"] + turn.crab)
        grants, names = at["grants"], self._names
        width, named = len(_SOURCES) + len(names), at["grants"] + len(_SOURCES)
        for i, grant in enumerate(turn.grants):
            ones += (
                grants + i * width + _SOURCES.index(grant.source),
                named + i * width + names[grant.name],
            )
        queue, steps = at["queue"], len(_PRIMITIVES)
        ones += [queue + i * steps + _PRIMITIVES.index(p) for i, p in enumerate(turn.queue)]
        left = turn.crabs_left
        crabs_left = at["crabs_left"]
        ones += [crabs_left + k for k in ([self.crabs] if left is None else left)]
        if turn.head_down:
            ones.append(at["head_down"])
        if turn.tile_used:
            ones.append(at["tile_used"])


class _Table:
    """Every action a config makes possible, numbered in the module's order."""

    def __init__(self, enc: OhCrabEncoding, layout: Layout, content: oh_crab.Content) -> None:
        self.actions: list[_Key] = []
        self.numbers: dict[_Key, int] = {}
        self.kinds: dict[str, tuple[int, int]] = {}
        self._layout = layout
        self._pushed = enc.crabs - 1
        discards = [NO_CARD, *range(enc.cards)]
        accessible = [c for c in range(layout.cells) if layout.spaces[c].accessible]
        # A standard Obstacle asks for a discard (unless Head Down! is in effect).
        obstacle = {c for c in accessible if layout.spaces[c].type.value == "obstacle"}
        if enc.adventure is not None and enc.adventure.obstacles:
            # A standard space made an Obstacle (Module 4's Sandcastle Builder) asks for one too.
            obstacle |= set(makeable_obstacles(layout))

        def paid(dest: int) -> list[int]:
            return discards if dest in obstacle else [NO_CARD]

        self._card_kinds(enc)
        if enc.crabs > enc.players:
            self._kind(oh_crab.Place, ((k, s) for k in range(enc.crabs) for s in (1, 2, 3, 4)))
            self._kind(oh_crab.Activate, ((k,) for k in range(enc.crabs)))
        self._kind(
            oh_crab.Shift,
            (
                (k, d, c)
                for k in range(enc.crabs)
                for d in [SEA, *accessible]
                for c in ([NO_CARD] if d == SEA else paid(d))
            ),
        )
        self._kind(
            oh_crab.Move,
            [(SEA, NO_CARD, ())]
            + [(d, c, p) for d in accessible for c in paid(d) for p in self._chains(d)],
        )
        self._kind(oh_crab.Shortcut, self._shortcuts(content))
        if enc.adventure is not None:
            for cls, fields in enc.adventure.kinds():
                self._kind(cls, fields)

    def _card_kinds(self, enc: OhCrabEncoding) -> None:
        """Number the actions that name cards, piles or grants (no space of the board)."""
        cards = range(enc.cards)
        discards = [NO_CARD, *cards]
        takes = [0, 1, 2, DRAW_PILE]
        self._kind(oh_crab.Plan, ((c,) for c in cards))
        self._kind(oh_crab.AddCard, ((s,) for s in _SIDES))
        self._kind(oh_crab.Rest, ((k, t) for k in discards for t in [*takes, NO_PILE]))
        self._kind(oh_crab.Use, ((i,) for i in range(enc.grants)))
        self._kind(oh_crab.StandUp, [()])
        self._kind(oh_crab.Finish, [()])
        self._kind(oh_crab.Discard, ((c,) for c in cards))
        self._kind(oh_crab.PickTrace, ((c,) for c in cards))
        self._kind(oh_crab.Dope, ((c, s) for c in cards for s in _SIDES))
        self._kind(oh_crab.Exchange, ((c, t) for c in cards for t in takes))
        self._kind(oh_crab.ExchangeAndEnd, ((c, t) for c in cards for t in takes))
        self._kind(oh_crab.EndTurn, ((d, i) for d in discards for i in (False, True)))

    def _kind(self, cls: type, fields: Any) -> None:
        """Number the actions of ``cls`` with these fields, after those numbered so far."""
        first = len(self.actions)
        key = _KEYS[cls]
        for values in fields:
            entry = key(cls(0, *values))
            if entry not in self.numbers:
                self.numbers[entry] = len(self.actions)
                self.actions.append((cls, *values))
        self.kinds[cls.__name__] = (first, len(self.actions) - first)

    def _chains(self, cell: int) -> list[tuple[int, ...]]:
        """No push, then every chain of pushes the board allows from a crab on ``cell``."""
        # The engine's own enumeration: a chain pushes each other crab at most once.
        return [(), *every_push_chain(self._layout, cell, self._pushed)]

    def _shortcuts(self, content: oh_crab.Content) -> Iterator[tuple[Any, ...]]:
        for arrow in self._layout.shortcut:
            if arrow is None:
                continue
            target, icon, count = arrow
            matching = [c for c, card in enumerate(content.cards) if card.main is icon]
            for chosen in combinations(matching, count):
                for chain in self._chains(target):
                    yield (chosen, chain)
