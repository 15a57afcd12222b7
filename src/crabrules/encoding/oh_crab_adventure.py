"""The Adventure Pack's part of Oh Crab!'s encoding: its actions' numbers and tensor sections.

:class:`~crabrules.encoding.oh_crab.OhCrabEncoding` calls this module for a config with
modules; a config without modules never reaches it, so the base game's numbers and tensors
do not change. The numbering and the sections are documented in
:mod:`crabrules.encoding.oh_crab` (the tables "Adventure Pack actions" and "Adventure Pack
sections").

>>> from crabrules import oh_crab
>>> from crabrules.encoding import encoding
>>> enc = encoding("oh-crab", oh_crab.Config(players=3, modules={"events", "challenges"}))
>>> enc.kinds["TakeMarket"], enc.kinds["Reveal"], enc.kinds["Choose"]
((5489, 4), (5493, 1), (5494, 3))
>>> [s.name for s in enc.sections][31:35]
['due', 'frames', 'frame_kind', 'frame_item']
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import permutations
from typing import Any, cast

import numpy as np
import numpy.typing as npt

from crabrules.encoding.base import UNBOUNDED, Section
from crabrules.oh_crab import (
    DRAW_PILE,
    AdventureContent,
    ChooseSkills,
    Config,
    Decline,
    Layout,
    MakeObstacle,
    Primitive,
    Reveal,
    Skill,
    TakeMarket,
    UseTreasure,
)
from crabrules.oh_crab import Choose as ChooseReward
from crabrules.oh_crab.adventure._asymmetry import playable_skills
from crabrules.oh_crab.adventure._content import Rule, TokenKind
from crabrules.oh_crab.adventure._model import (
    NONE,
    Adventure,
    Asymmetry,
    Challenges,
    DueKind,
    Events,
    FrameKind,
    Surprises,
)
from crabrules.oh_crab.content._components import SpaceType
from crabrules.oh_crab.content._primitives import Module

__all__ = [
    "ADVENTURE_FIELDS",
    "AdventurePart",
    "makeable_obstacles",
    "step_lists",
    "steps_in_play",
]

#: Each Adventure Pack action class's fields besides ``player``: what its number stands for.
ADVENTURE_FIELDS: dict[type, tuple[str, ...]] = {
    TakeMarket: ("take",),
    UseTreasure: ("token",),
    Reveal: (),
    ChooseReward: ("option",),
    ChooseSkills: ("cards",),
    Skill: ("crab",),
    Decline: (),
    MakeObstacle: ("cell",),
}

_DUE_KINDS = (DueKind.CHALLENGE, DueKind.EVENT)
_FRAME_KINDS = tuple(FrameKind)
_SPY_KINDS = ("event", "challenge")
_PRIMITIVES = tuple(Primitive)


def step_lists(config: Config, pack: AdventureContent) -> list[tuple[Primitive, ...]]:
    """Every list of steps the content of the modules in play can resolve."""
    modules = config.modules
    out: list[tuple[Primitive, ...]] = []
    if Module.SURPRISES in modules:
        out.extend(token.steps for token in pack.surprises)
    if Module.EVENTS in modules:
        out.extend(part.steps for event in pack.events for part in event.effect)
    if Module.CHALLENGES in modules:
        out.extend(reward.steps for card in pack.rewards for reward in card.options)
    if Module.ASYMMETRY in modules:
        for card in pack.asymmetry:
            out.extend((card.own, card.other, card.react, card.sunset))
    return out


def steps_in_play(config: Config, pack: AdventureContent) -> frozenset[Primitive]:
    """The steps the content of the modules in play can resolve.

    >>> from crabrules import oh_crab
    >>> pack = oh_crab.get_content("reference").adventure
    >>> config = oh_crab.Config(modules={"asymmetry"})
    >>> oh_crab.Primitive.TURN_INTO_OBSTACLE in steps_in_play(config, pack)
    True
    >>> oh_crab.Primitive.TURN_INTO_OBSTACLE in steps_in_play(
    ...     oh_crab.Config(modules={"surprises"}), pack)
    False
    """
    return frozenset(step for steps in step_lists(config, pack) for step in steps)


def makeable_obstacles(layout: Layout) -> list[int]:
    """The cells a ``turn_into_obstacle`` step may choose: standard spaces, not Start spaces."""
    return [
        cell
        for cell, space in enumerate(layout.spaces)
        if space.type is SpaceType.STANDARD and not space.start
    ]


class AdventurePart:
    """The Adventure Pack's actions and sections for one config with modules.

    Attributes:
        beaches: ``B``, the Beach tiles.
        frames_shown: ``F``, the frames the tensor shows (from the top).
        items: ``I``, the widest list a frame's item indexes (tokens, Events, Reward or
            Asymmetry cards).
        queue: ``Q``, the longest list of steps a turn or a frame can hold.
        obstacles: whether a step can turn a standard space into an Obstacle (then
            ``Move`` and ``Shift`` may discard on every standard space).
    """

    def __init__(
        self, config: Config, content: object, layout: Layout, crabs: int, queue: int
    ) -> None:
        pack = cast("AdventureContent", content)  # the content's part, the pack's set
        self._config = config
        self._pack = pack
        self._layout = layout
        self._crabs = crabs
        self.modules = config.modules
        self.beaches = config.beaches()
        self.frames_shown = config.players + 4
        self.items = max(
            len(pack.surprises), len(pack.events), len(pack.rewards), len(pack.asymmetry)
        )
        self.queue = max([queue, *(len(steps) for steps in step_lists(config, pack))])
        self._steps = steps_in_play(config, pack)
        self.obstacles = Primitive.TURN_INTO_OBSTACLE in self._steps

    # --- actions ------------------------------------------------------------------------

    def kinds(self) -> Iterator[tuple[type, list[tuple[Any, ...]]]]:
        """Each Adventure Pack action class the config can play, with its fields, in order."""
        modules, pack = self.modules, self._pack
        if Primitive.TAKE_MARKET_CARD in self._steps:
            yield TakeMarket, [(t,) for t in (0, 1, 2, DRAW_PILE)]
        if Module.SURPRISES in modules:
            yield (
                UseTreasure,
                [
                    (t,)
                    for t, token in enumerate(pack.surprises)
                    if token.kind is TokenKind.TREASURE and not token.immediate
                ],
            )
        if Module.EVENTS in modules or Module.CHALLENGES in modules:
            yield Reveal, [()]
        if Module.CHALLENGES in modules:
            options = max(len(card.options) for card in pack.rewards)
            yield ChooseReward, [(k,) for k in range(options)]
        if Module.ASYMMETRY in modules:
            per_player = 2 if self._config.players == 2 else 1
            playable = playable_skills(self._config, pack)
            yield ChooseSkills, [(cards,) for cards in permutations(playable, per_player)]
            yield Skill, [(k,) for k in range(self._crabs)]
            yield Decline, [()]
        if self.obstacles:
            yield MakeObstacle, [(c,) for c in makeable_obstacles(self._layout)]

    # --- sections -----------------------------------------------------------------------

    def sections(self, players: int, cells: int) -> list[Section]:
        """The Adventure Pack's sections, after the base game's."""
        pack, modules = self._pack, self.modules
        beaches, crabs, frames = self.beaches, self._crabs, self.frames_shown
        out = [
            Section("due", (2 * beaches, 2 + beaches), "each card due: its kind, its tile"),
            Section("frames", (1,), "the number of frames waiting", UNBOUNDED),
            Section("frame_kind", (frames, len(_FRAME_KINDS)), "each frame's kind, top first"),
            Section("frame_item", (frames, self.items), "each frame's token or card"),
            Section("frame_player", (frames, players), "each frame's player"),
            Section("frame_crab", (frames, crabs), "each frame's crab"),
            Section("frame_queue", (frames, self.queue, len(_PRIMITIVES)), "its steps"),
            Section("frame_crabs_left", (frames, crabs + 1), "its crabs left; not begun"),
            Section("obstacles_made", (cells,), "standard spaces made Obstacles"),
        ]
        tokens, events = len(pack.surprises), len(pack.events)
        challenges, asymmetry = len(pack.challenges), len(pack.asymmetry)
        if Module.SURPRISES in modules:
            out += [
                Section("surprise_board", (cells,), "a face-down Surprise token lies here"),
                Section("kept_counts", (players,), "Treasures each player keeps", UNBOUNDED),
                Section("my_kept", (tokens,), "the observer's kept Treasures"),
                Section("surprises_gone", (tokens,), "tokens out of the game"),
                Section(
                    "wastes_found", (beaches,), "Wastes flipped on each Beach tile", UNBOUNDED
                ),
            ]
        if Module.EVENTS in modules:
            out += [
                Section("event_tiles", (beaches,), "a face-down Event lies at the tile"),
                Section("event_active", (events,), "the temporary Event in effect"),
                Section("event_at", (beaches,), "the tile it was revealed at"),
                Section("events_revealed", (events,), "the Events revealed"),
                Section("events_foreseen", (events,), "Crystal Ball: the Events drawn"),
                Section("events_removed", (events,), "The Lucky Ones: the Events removed"),
            ]
        if Module.CHALLENGES in modules:
            out += [
                Section("challenge_tiles", (beaches,), "a face-down Challenge lies at the tile"),
                Section("challenge_open", (beaches,), "the tile of the face-up Challenge"),
                Section("open_challenge", (challenges,), "the face-up Challenge"),
                Section("reward_card", (len(pack.rewards),), "the Reward card"),
                Section("trophies", (players,), "trophies each player won", UNBOUNDED),
                Section("challenges_resolved", (challenges,), "the Challenges resolved"),
            ]
        if Module.ASYMMETRY in modules:
            out += [
                Section("skills_dealt", (asymmetry,), "the observer's cards to choose from"),
                Section(
                    "skills_to_choose", (players,), "cards each player chooses from", UNBOUNDED
                ),
                Section("skills", (crabs, asymmetry + 1), "each crab's card; chosen, hidden"),
                Section("pincers", (crabs,), "each crab's Pincers", UNBOUNDED),
                Section("spies", (players, 2, beaches), "what each player spied: kind, tile"),
                Section("spied_events", (beaches, events), "the Events the observer spied"),
                Section("spied_challenges", (beaches, challenges), "the Challenges spied"),
            ]
        return out

    def write(
        self, values: npt.NDArray[np.float32], at: dict[str, int], ones: list[int], part: object
    ) -> None:
        """Write the sections of ``part``, an observation's Adventure Pack part.

        ``values`` is the zeroed tensor and ``at`` the sections' starts (the encoding's
        layout). The counts are written here; every 1 is added to ``ones``, for the
        encoding to write at once with its own (an environment's hot path).
        """
        view = cast("Adventure", part)
        beaches = self.beaches
        width = 2 + beaches
        for i, due in enumerate(view.due):
            row = at["due"] + i * width
            ones += (row + _DUE_KINDS.index(due.kind), row + 2 + due.tile)
        self._frames(values, at, ones, view)
        ones += [
            at["obstacles_made"] + c.cell
            for c in view.overlay.lasting
            if c.rule is Rule.OBSTACLE_AT
        ]
        if view.surprises is not None:
            self._surprises(values, at, ones, view.surprises)
        if view.events is not None:
            _events(at, ones, view.events)
        if view.challenges is not None:
            _challenges(values, at, ones, view.challenges)
        asymmetry = view.asymmetry
        if asymmetry is not None:
            self._asymmetry(values, at, ones, asymmetry)

    def _surprises(
        self,
        values: npt.NDArray[np.float32],
        at: dict[str, int],
        ones: list[int],
        surprises: Surprises,
    ) -> None:
        """Write Module 1's Surprise tiles: on the board, kept, gone, Wastes found."""
        beaches = self.beaches
        ones += [at["surprise_board"] + c for c, t in enumerate(surprises.board) if t != NONE]
        start = at["kept_counts"]
        values[start : start + len(surprises.kept)] = [len(mine) for mine in surprises.kept]
        ones += [at["my_kept"] + t for mine in surprises.kept for t in mine if t >= 0]
        ones += [at["surprises_gone"] + t for t in surprises.gone]
        start = at["wastes_found"]
        values[start : start + beaches] = surprises.wastes_found

    def _asymmetry(
        self,
        values: npt.NDArray[np.float32],
        at: dict[str, int],
        ones: list[int],
        asymmetry: Asymmetry,
    ) -> None:
        """Module 4's sections: the choice, the cards, the Pincers, the spies."""
        pack, beaches = self._pack, self.beaches
        cards = len(pack.asymmetry)
        offered = asymmetry.offered
        ones += [at["skills_dealt"] + c for mine in offered for c in mine if c >= 0]
        start = at["skills_to_choose"]
        values[start : start + len(offered)] = [len(mine) for mine in offered]
        ones += [
            at["skills"] + k * (cards + 1) + (card if card >= 0 else cards)
            for k, card in enumerate(asymmetry.chosen)
            if card != NONE
        ]
        start = at["pincers"]
        values[start : start + len(asymmetry.pincers)] = asymmetry.pincers
        width = {"event": len(pack.events), "challenge": len(pack.challenges)}
        for p, mine in enumerate(asymmetry.spied):
            for s in mine:
                kind = _SPY_KINDS.index(s.kind)
                ones.append(at["spies"] + (p * 2 + kind) * beaches + s.tile)
                if s.card >= 0:  # only the observer's own spies show their cards
                    ones.append(at[f"spied_{s.kind}s"] + s.tile * width[s.kind] + s.card)

    def _frames(
        self, values: npt.NDArray[np.float32], at: dict[str, int], ones: list[int], view: Adventure
    ) -> None:
        """The frames, top (the one deciding now) first; those below ``F`` are left out."""
        values[at["frames"]] = len(view.frames)
        crabs, players, steps = self._crabs, self._config.players, len(_PRIMITIVES)
        queue = self.queue * steps
        for i, frame in enumerate(view.frames[::-1][: self.frames_shown]):
            ones.append(at["frame_kind"] + i * len(_FRAME_KINDS) + _FRAME_KINDS.index(frame.kind))
            if frame.item >= 0:
                ones.append(at["frame_item"] + i * self.items + frame.item)
            ones.append(at["frame_player"] + i * players + frame.player)
            if frame.crab >= 0:
                ones.append(at["frame_crab"] + i * crabs + frame.crab)
            ones += [
                at["frame_queue"] + i * queue + j * steps + _PRIMITIVES.index(step)
                for j, step in enumerate(frame.queue)
            ]
            left = frame.crabs_left
            row = at["frame_crabs_left"] + i * (crabs + 1)
            ones += [row + k for k in ([crabs] if left is None else left)]


def _events(at: dict[str, int], ones: list[int], events: Events) -> None:
    """List the 1s of Module 2's Event tiles."""
    ones += [at["event_tiles"] + t for t, c in enumerate(events.tiles) if c != NONE]
    if events.active >= 0:
        ones.append(at["event_active"] + events.active)
    if events.at >= 0:
        ones.append(at["event_at"] + events.at)
    ones += [at["events_revealed"] + c for c in events.revealed]
    ones += [at["events_foreseen"] + c for c in events.foreseen]
    ones += [at["events_removed"] + c for c in events.removed]


def _challenges(
    values: npt.NDArray[np.float32], at: dict[str, int], ones: list[int], challenges: Challenges
) -> None:
    """Write Module 3's Challenge tiles, the open one, the reward and the trophies."""
    open_tile = challenges.open
    ones += [
        at["challenge_tiles"] + t
        for t, c in enumerate(challenges.tiles)
        if c != NONE and t != open_tile
    ]
    if open_tile >= 0:
        ones.append(at["challenge_open"] + open_tile)
        ones.append(at["open_challenge"] + challenges.tiles[open_tile])
    if challenges.reward >= 0:
        ones.append(at["reward_card"] + challenges.reward)
    start = at["trophies"]
    values[start : start + len(challenges.trophies)] = challenges.trophies
    ones += [at["challenges_resolved"] + c for c in challenges.resolved]
