"""The Adventure Pack as the engine's ``Expansion``: hooks, setup, moments and overlay.

Its handlers of the named moments of play and the rules overlay its Events and Obstacles
keep are here; each hook hands the moment to the module that knows its rules:
``_pack_actions`` (its action kinds), ``_triggers`` (arrivals, frames, due cards),
``_asymmetry`` (Module 4). It gives the state check the pack's invariants (``_pack_check``)
and deals again what a player does not see (:func:`deal`, for ``determinize``).

>>> from crabrules.oh_crab.engine._expansion import registered
>>> registered() is ADVENTURE_PACK
True

>>> from crabrules.oh_crab.model._state import Config
>>> from crabrules.oh_crab.engine._work import rules_for
>>> from crabrules.oh_crab.adventure._content import Rule, RuleChange
>>> rules = rules_for(Config())
>>> closed = overlaid(rules, (RuleChange(Rule.TILES_CLOSED),))
>>> rules.tile_costs, closed.tile_costs, overlaid(rules, ()).tile_costs
(None, {}, {'Aa': 1, 'Ba': 2, 'Ca': 3})
>>> cell = next(c for c, s in enumerate(rules.layout.spaces) if s.type.value == "standard")
>>> overlaid(rules, (RuleChange(Rule.OBSTACLE_AT, cell=cell),)).obstacle[cell]
True

>>> from crabrules.oh_crab import Config, initial_state
>>> state = initial_state(Config(modules={"surprises", "events", "challenges"}), seed=3)
>>> pack = state.adventure
>>> sum(t >= 0 for t in pack.surprises.board), len(pack.events.tiles), pack.challenges.open
(9, 3, 0)
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Mapping, Sequence
from typing import Any, Final, cast

import attrs

from crabrules.core.errors import InvalidStateError
from crabrules.core.game import PlayerId
from crabrules.core.invariants import Invariant
from crabrules.core.rng import Rng
from crabrules.oh_crab.adventure import _asymmetry as module4
from crabrules.oh_crab.adventure._content import AdventureContent, Rule, RuleChange
from crabrules.oh_crab.adventure._model import (
    NO_OVERLAY,
    NONE,
    Adventure,
    Challenges,
    Events,
    Overlay,
    Surprises,
)
from crabrules.oh_crab.adventure._pack_actions import (
    ACTION_RULES,
    open_windows,
    reward_options,
    skill_options,
    treasure_options,
)
from crabrules.oh_crab.adventure._triggers import (
    adventure_of,
    border_crossed,
    crab_entered,
    frame_options,
    frame_player,
    in_order,
    pack_of,
    reveal_due,
    run_in_frame,
    settle,
)
from crabrules.oh_crab.content._loading import get_content
from crabrules.oh_crab.content._primitives import Module, Phase, Primitive, Stage, Variant
from crabrules.oh_crab.engine._expansion import EXPANSION_STEPS, ActionRule, Moments
from crabrules.oh_crab.engine._tables import Tables, rules_for
from crabrules.oh_crab.engine._turns import pass_turn
from crabrules.oh_crab.engine._work import View, Work
from crabrules.oh_crab.model._actions import (
    Action,
    Reveal,
)
from crabrules.oh_crab.model._state import Config, ExpansionPart, State
from crabrules.oh_crab.view._observe import HIDDEN


def overlaid(rules: Tables, changes: tuple[RuleChange, ...]) -> Tables:
    """Return ``rules`` with ``changes`` made, in order (a new value; ``rules`` is untouched)."""
    obstacle = list(rules.obstacle)
    knock_over = list(rules.knock_over)
    costs = {t.id: t.cost for t in rules.tiles} if rules.tile_costs is None else rules.tile_costs
    cook_steps = rules.cook_steps
    # An Obstacle made during play is part of the board from then on: an Event that
    # changes Obstacles (Slippery Rocks) reaches it as it reaches the printed ones, in
    # whichever order the two came.
    for change in changes:
        if change.rule is Rule.OBSTACLE_AT:
            obstacle[change.cell] = True
    for change in changes:
        rule = change.rule
        if rule is Rule.OBSTACLE_AT:
            continue
        if rule is Rule.TILES_CLOSED:
            costs = {}
        elif rule is Rule.TILE_DISCOUNT:
            costs = {tile: max(0, cost - change.amount) for tile, cost in costs.items()}
        elif rule is Rule.OBSTACLES_KNOCK_OVER:
            for cell, is_obstacle in enumerate(obstacle):
                if is_obstacle:
                    obstacle[cell], knock_over[cell] = False, True
        elif rule is Rule.KNOCK_OVERS_HARMLESS:
            knock_over = [False] * len(knock_over)
        else:
            assert rule is Rule.COOK_ACTION
            assert change.step is not None
            cook_steps = (change.step,)
    return dataclasses.replace(
        rules,
        obstacle=tuple(obstacle),
        knock_over=tuple(knock_over),
        tile_costs=costs,
        cook_steps=cook_steps,
    )


def rules_in_play(rules: Tables, adventure: ExpansionPart | None) -> Tables:
    """``rules``, a config's, with the changes of ``adventure``'s overlay made.

    The pack's handler of the rules in play
    (:attr:`~crabrules.oh_crab.engine._expansion.Moments.rule_changes`); the answers are
    cached per config and overlay.
    """
    assert adventure is not None  # a config with modules
    overlay = adventure.overlay
    # ``is`` first: the overlay of a game without changes is nearly always the constant.
    if overlay is NO_OVERLAY or overlay == NO_OVERLAY:
        return rules
    return _overlaid(rules, cast("Overlay", overlay))


@functools.lru_cache(maxsize=256)
def _overlaid(rules: Tables, overlay: Overlay) -> Tables:
    # ``rules`` are a config's, cached for it: their identity stands for the config.
    return overlaid(rules, overlay.changes())


def surprise_cells(rules: Tables) -> tuple[tuple[int, ...], ...]:
    """Per Beach tile (the board's tiles between Start and Finish), its Surprise cells."""
    spaces, tile_of = rules.layout.spaces, rules.tile_of
    beaches = range(1, len(rules.layout.board) - 1)
    return tuple(
        tuple(c for c, s in enumerate(spaces) if tile_of[c] == tile and s.surprise)
        for tile in beaches
    )


def playable_challenges(config: Config, pack: AdventureContent) -> tuple[int, ...]:
    """The Challenges that may be drawn: those whose modules are all in play.

    The others leave before the draw (the Introduction's note allows removing them or
    replacing them; the library removes them).
    """
    return tuple(i for i, c in enumerate(pack.challenges) if set(c.requires) <= config.modules)


def setup_adventure(config: Config, rules: Tables, rng: Rng) -> tuple[Adventure, Rng]:
    """Set up the modules of ``config``, in module order, drawing from ``rng``."""
    pack = cast("AdventureContent | None", get_content(config.content).adventure)
    assert pack is not None  # Config refuses modules with content that has none
    beaches = config.beaches()
    surprises = events = challenges = None
    if Module.SURPRISES in config.modules:
        surprises, rng = _setup_surprises(config, rules, pack, rng)
    if Module.EVENTS in config.modules:
        removed: tuple[int, ...] = ()
        pile = list(range(len(pack.events)))
        if Variant.LUCKY_ONES in config.variants:
            removed = tuple(i for i in pile if pack.events[i].negative)
            pile = [i for i in pile if i not in removed]
        shuffled, rng = rng.shuffle(pile)
        tiles = tuple(shuffled[:beaches])
        foreseen = tuple(sorted(tiles)) if Variant.CRYSTAL_BALL in config.variants else ()
        events = Events(tiles, tuple(shuffled[beaches:]), NONE, (), foreseen, removed)
    if Module.CHALLENGES in config.modules:
        shuffled, rng = rng.shuffle(playable_challenges(config, pack))
        tiles = tuple(shuffled[:beaches])
        box = tuple(sorted(set(range(len(pack.challenges))) - set(tiles)))
        rewards, rng = rng.shuffle(range(len(pack.rewards)))
        challenges = Challenges(
            tiles=tiles,
            box=box,
            reward=rewards[0],
            reward_box=tuple(sorted(rewards[1:])),
            # The Reward card lies by the first Challenge, which is revealed at once.
            open=0,
            trophies=(0,) * config.players,
            resolved=(),
        )
    asymmetry = None
    if Module.ASYMMETRY in config.modules:
        from crabrules.oh_crab.adventure._asymmetry import setup_asymmetry  # it needs the rules

        asymmetry, rng = setup_asymmetry(config, pack, rng)
    return Adventure(surprises, events, challenges, asymmetry=asymmetry), rng


def _setup_surprises(
    config: Config, rules: Tables, pack: AdventureContent, rng: Rng
) -> tuple[Surprises, Rng]:
    """Per Beach tile, 2 Treasures and 1 Waste ("Only the good": 3 Treasures), face down."""
    cells = surprise_cells(rules)
    wastes, rng = rng.shuffle(pack.wastes())
    treasures, rng = rng.shuffle(pack.treasures())
    board = [NONE] * rules.layout.cells
    placed: list[int] = []
    per_waste = wastes_per_tile(config)
    for k, spaces in enumerate(cells):
        tile_wastes = list(wastes[k * per_waste : (k + 1) * per_waste])
        per_treasure = len(spaces) - per_waste
        tile_treasures = list(treasures[k * per_treasure : (k + 1) * per_treasure])
        tokens, rng = rng.shuffle(tile_wastes + tile_treasures)
        for cell, token in zip(spaces, tokens, strict=True):
            board[cell] = token
        placed.extend(tokens)
    box = tuple(sorted(set(range(len(pack.surprises))) - set(placed)))
    kept = ((),) * config.players
    return Surprises(tuple(board), box, kept, (), (0,) * len(cells)), rng


class AdventurePack:
    """The Adventure Pack's hooks (see :class:`~crabrules.oh_crab.engine._expansion.Expansion`).

    Attributes:
        steps: every step only an expansion plays.
        actions: the pack's own action kinds and their rules
            (:mod:`~crabrules.oh_crab.adventure._pack_actions`).
        moments: its handlers of the named moments of play: a Surprise flipped where a
            crab enters, the cards due at a crossed border, the turn held while what it
            triggered is resolved, the frames settled when an action ends, a step's
            answer played in the frame that waits for it.
    """

    def __init__(self) -> None:
        self.steps = EXPANSION_STEPS
        self.actions: Mapping[type, ActionRule[Any]] = ACTION_RULES
        self.moments = _moments()

    def setup(self, config: Config, rules: Tables, rng: Rng) -> tuple[Adventure, Rng]:
        """The modules of ``config``, set up in module order."""
        return setup_adventure(config, rules, rng)

    def invariants(self) -> Sequence[Invariant[State]]:
        """The rules the pack's part keeps (``_pack_check.STATE_INVARIANTS``)."""
        # Here, not at the top: the checks read this module's setup tables.
        from crabrules.oh_crab.adventure._pack_check import STATE_INVARIANTS

        return STATE_INVARIANTS

    def turn_queues(self, config: Config) -> frozenset[tuple[Primitive, ...]]:
        """Kept Treasures' steps, the reveals, Module 4's skills (``_pack_check.turn_queues``)."""
        from crabrules.oh_crab.adventure._pack_check import turn_queues

        return turn_queues(config)

    def first_players(self, state: State) -> frozenset[PlayerId] | None:
        """Module 4's hidden choice: every player still to choose; a frame: its player."""
        adventure = adventure_of(state)
        assert adventure is not None
        if module4.is_choosing(state):
            assert adventure.asymmetry is not None
            return module4.active_players(adventure.asymmetry)
        if adventure.frames and state.phase is not Phase.PLANNING:
            return frozenset({adventure.frames[-1].player})
        return None

    def step_options(self, rules: Tables, view: View, crab: int, step: Primitive) -> list[Action]:
        """Sandcastle's spaces, a skill's window, the Reward card's rewards."""
        player = rules.owners[crab]
        if step is Primitive.TURN_INTO_OBSTACLE:
            return list(module4.obstacle_options(rules, view, player))
        if step is Primitive.SKILL_WINDOW:
            return list(module4.window_options(rules, view, crab))
        return list(reward_options(rules, view, player))

    def automatic_usable(self, rules: Tables, view: View, crab: int, step: Primitive) -> bool:
        """A regeneration needs a spent Pincer, a Spy a face-down card; a Reveal is due."""
        player = rules.owners[crab]
        if step is Primitive.REGENERATE_PINCERS:
            return module4.can_regenerate(rules, view, player)
        if step is Primitive.SPY_EVENTS or step is Primitive.SPY_CHALLENGES:
            return module4.can_spy(view, player, step)
        return True

    def run_automatic(self, work: Work, player: PlayerId, step: Primitive) -> None:
        """Regenerate the Pincers, Spy, or reveal the first card due."""
        if step is Primitive.REGENERATE_PINCERS:
            module4.regenerate(work, player)
        elif step is Primitive.SPY_EVENTS or step is Primitive.SPY_CHALLENGES:
            module4.spy(work, player, step)
        else:
            reveal_due(work)


# Dealing again what a player does not see (determinize), as the setup deals it.


def wastes_per_tile(config: Config) -> int:
    """The Wastes placed on each Beach tile: 1, none with "Only the good"."""
    return 0 if Variant.ONLY_THE_GOOD in config.variants else 1


def deal(
    view: Adventure, config: Config, rules: Tables, player: PlayerId | None, rng: Rng
) -> tuple[Adventure, Rng]:
    """Re-deal what ``view`` hides, from ``rng``.

    Raises:
        InvalidStateError: the view cannot come from a game (the hidden parts do not fit).
    """
    pack = pack_of(rules)
    assert pack is not None
    surprises, events, challenges = view.surprises, view.events, view.challenges
    if surprises is not None:
        surprises, rng = _deal_surprises(view, config, rules, pack, player, rng)
    if events is not None:
        events, rng = _deal_events(events, pack, rng)
    if challenges is not None:
        challenges, rng = _deal_challenges(challenges, config, pack, rng)
    dealt = attrs.evolve(view, surprises=surprises, events=events, challenges=challenges)
    if view.asymmetry is not None:  # Module 4
        from crabrules.oh_crab.adventure._asymmetry import deal_asymmetry, keep_spied

        asymmetry, rng = deal_asymmetry(view, config, rules, player, rng)
        dealt = keep_spied(attrs.evolve(dealt, asymmetry=asymmetry), player)
    return dealt, rng


def _deal_events(events: Events, pack: AdventureContent, rng: Rng) -> tuple[Events, Rng]:
    """The face-down Events dealt again (with "Crystal Ball", from those foreseen)."""
    seen = {*events.revealed, *events.removed}
    unknown = [c for c in range(len(pack.events)) if c not in seen]
    face_down = [t for t, c in enumerate(events.tiles) if c != NONE]
    if events.foreseen:
        below = [c for c in events.foreseen if c not in seen]
        rest = [c for c in unknown if c not in below]
    else:
        below, rest = unknown, []
    shuffled, rng = rng.shuffle(below)
    below = list(shuffled)
    if len(below) < len(face_down):
        raise InvalidStateError("adventure: the face-down Events cannot be dealt")
    tiles = list(events.tiles)
    for t, card in zip(face_down, below, strict=False):
        tiles[t] = card
    box, rng = rng.shuffle([*below[len(face_down) :], *rest])
    return attrs.evolve(events, tiles=tuple(tiles), box=tuple(box)), rng


def _deal_challenges(
    challenges: Challenges, config: Config, pack: AdventureContent, rng: Rng
) -> tuple[Challenges, Rng]:
    """The face-down Challenges dealt again from the playable ones not shown."""
    shown = {*challenges.resolved, *(c for c in challenges.tiles if c >= 0)}
    playable = [c for c in playable_challenges(config, pack) if c not in shown]
    face_down = [t for t, c in enumerate(challenges.tiles) if c == HIDDEN]
    drawn, rng = rng.shuffle(playable)
    if len(drawn) < len(face_down):
        raise InvalidStateError("adventure: the face-down Challenges cannot be dealt")
    tiles = list(challenges.tiles)
    for t, card in zip(face_down, drawn, strict=False):
        tiles[t] = card
    placed = set(tiles) | set(challenges.resolved)
    box = tuple(c for c in range(len(pack.challenges)) if c not in placed)
    return attrs.evolve(challenges, tiles=tuple(tiles), box=box), rng


def _deal_surprises(
    view: Adventure,
    config: Config,
    rules: Tables,
    pack: AdventureContent,
    player: PlayerId | None,
    rng: Rng,
) -> tuple[Surprises, Rng]:
    surprises = view.surprises
    assert surprises is not None
    mine = set(surprises.kept[player]) if player is not None else set()
    known = {*surprises.gone, *mine}
    wastes, rng = rng.shuffle([t for t in pack.wastes() if t not in known])
    treasures, rng = rng.shuffle([t for t in pack.treasures() if t not in known])
    pool_w = list(wastes)
    # The others' kept tokens first: only Treasures without "!!/" are ever kept.
    kept, pool_t = _deal_kept(surprises, pack, player, list(treasures))
    board, rng = _deal_board(surprises, config, rules, pool_w, pool_t, rng)
    box = tuple(sorted(pool_w + pool_t))
    return attrs.evolve(surprises, board=board, kept=kept, box=box), rng


def _deal_kept(
    surprises: Surprises, pack: AdventureContent, player: PlayerId | None, pool_t: list[int]
) -> tuple[tuple[tuple[int, ...], ...], list[int]]:
    """The others' kept Treasures dealt from ``pool_t``, and the Treasures left."""
    kept = []
    for p, theirs in enumerate(surprises.kept):
        if p == player:
            kept.append(theirs)
            continue
        keepable = [t for t in pool_t if not pack.surprises[t].immediate][: len(theirs)]
        if len(keepable) < len(theirs):
            raise InvalidStateError("adventure: the kept Treasures cannot be dealt")
        pool_t = [t for t in pool_t if t not in keepable]
        kept.append(tuple(sorted(keepable)))
    return tuple(kept), pool_t


def _deal_board(
    surprises: Surprises,
    config: Config,
    rules: Tables,
    pool_w: list[int],
    pool_t: list[int],
    rng: Rng,
) -> tuple[tuple[int, ...], Rng]:
    """The face-down tokens dealt tile by tile (the pools lose what is drawn)."""
    board = list(surprises.board)
    per_tile = wastes_per_tile(config)
    for tile, cells in enumerate(surprise_cells(rules)):
        down = [c for c in cells if board[c] == HIDDEN]
        left = per_tile - surprises.wastes_found[tile]
        if not 0 <= left <= len(down) or left > len(pool_w) or len(down) - left > len(pool_t):
            raise InvalidStateError(
                f"adventure: Beach tile {tile + 1}'s Surprises cannot be dealt"
            )
        drawn = [pool_w.pop() for _ in range(left)] + [pool_t.pop() for _ in down[left:]]
        tokens, rng = rng.shuffle(drawn)
        for cell, token in zip(down, tokens, strict=True):
            board[cell] = token
    if any(t == HIDDEN for t in board):
        raise InvalidStateError("adventure: a face-down Surprise lies off the Surprise spaces")
    return tuple(board), rng


def _first_options(state: State, player: PlayerId | None) -> tuple[Action, ...] | None:
    """Module 4's hidden choice, or the options of the frame on top."""
    adventure = adventure_of(state)
    assert adventure is not None
    # The hidden choice comes before the first Planning or placing, never in the action
    # phase: most positions skip the test.
    if state.phase is not Phase.ACTION and module4.is_choosing(state):
        assert adventure.asymmetry is not None
        rules = rules_for(state.config)
        return tuple(module4.choice_options(rules, adventure.asymmetry, player))
    if adventure.frames and state.phase is not Phase.PLANNING:
        if player not in (None, adventure.frames[-1].player):
            return ()
        return tuple(frame_options(state))
    return None


def _turn_options(
    rules: Tables, state: State, crab: int, head_down: bool
) -> tuple[list[Action], bool]:
    """Kept Treasures and the own-turn skill; a due card's Reveal holds the turn."""
    adventure, turn = adventure_of(state), state.turn
    assert adventure is not None
    assert turn is not None
    p = state.current
    if turn.stage is Stage.ENDING:
        return [Reveal(p)], True
    out: list[Action] = []
    out.extend(treasure_options(rules, state, crab, head_down))
    out.extend(skill_options(rules, state, crab, head_down))
    if adventure.due:
        # "At any moment of their turn ... but no later": the turn cannot end before.
        out.append(Reveal(p))
        return out, True
    return out, False


def _waits_for(state: State) -> str | None:
    """Module 4's hidden choice, while it is under way."""
    if module4.is_choosing(state):
        return "every player first chooses their Asymmetry card"
    return None


def _hold_turn(work: Work) -> bool:
    """The turn would end: what it triggered belongs to it and is resolved before it passes."""
    work.stage = Stage.ENDING
    return True


def _action_ended(work: Work, before: State) -> None:
    """Resolve the frames the action pushed; Module 4's windows; forget what is face up.

    An ended turn passes once nothing holds it any longer (a decision, a card due).
    """
    if frame_player(before) is None:
        # The turn's action: the frames its steps pushed resolve first come, first
        # served. (A frame's choice ordered what it pushed as it went, and the frames
        # still waiting beneath keep their order.)
        in_order(work, 1)
    settle(work)
    adventure = adventure_of(work)
    assert adventure is not None
    if adventure.asymmetry is not None:
        # Module 4: the windows the action opened come first; what is face up is no secret.
        open_windows(work, before)
        module4.forget_revealed(work, before)
    adventure = adventure_of(work)
    assert adventure is not None
    held = work.frames_wait() or bool(adventure.due)
    if work.stage is Stage.ENDING and not (held or work.turn_decision.queue):
        pass_turn(work)


def _answer_in_frame(work: Work, rule: ActionRule[Any], action: Action) -> bool:
    """A step's answer, while a frame waits: the frame's (its decision comes first)."""
    if not work.frames_wait():
        return False
    run_in_frame(work, rule, action)
    return True


def _moments() -> Moments:
    """The pack's handlers of the engine's named moments."""
    moments = Moments()
    moments.rule_changes.append(rules_in_play)  # the Events in effect, the Obstacles made
    moments.first_options.append(_first_options)
    moments.turn_options.append(_turn_options)
    moments.waits_for.append(_waits_for)  # Module 4's hidden choice
    moments.crab_entered.append(crab_entered)  # a Surprise on the space is flipped
    moments.border_crossed.append(border_crossed)  # the borders' cards become due
    moments.turn_ending.append(_hold_turn)
    moments.action_ended.append(_action_ended)
    moments.step_answered.append(_answer_in_frame)
    return moments


#: The one instance, registered by :mod:`crabrules.oh_crab.adventure`.
ADVENTURE_PACK: Final = AdventurePack()
