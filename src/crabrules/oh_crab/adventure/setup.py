"""Setting up the modules in play, after the base game's setup (its draws come first).

Every count the rulebook gives per Beach tile follows the tiles in play
(:meth:`~crabrules.oh_crab.Config.beaches`): with 3 Beach tiles, 9 Surprise tokens (3
Wastes and 6 Treasures; 9 Treasures with "Only the good"), 3 Events and 3 Challenges; with
2 (the 2-player mode, or the quick variant), 6 tokens (2 and 4), 2 Events, 2 Challenges;
with 1 (2 players, quick), 3 tokens, 1 Event, 1 Challenge.

>>> from crabrules.oh_crab import Config, initial_state
>>> state = initial_state(Config(modules={"surprises", "events", "challenges"}), seed=3)
>>> pack = state.adventure
>>> sum(t >= 0 for t in pack.surprises.board), len(pack.events.tiles), pack.challenges.open
(9, 3, 0)
"""

from __future__ import annotations

from crabrules.core.rng import Rng
from crabrules.oh_crab.content._documents import AdventureContent
from crabrules.oh_crab.content._loading import get_content
from crabrules.oh_crab.content._primitives import Module, Variant
from crabrules.oh_crab.engine._tables import Tables
from crabrules.oh_crab.model._pack_state import NONE, Adventure, Challenges, Events, Surprises
from crabrules.oh_crab.model._state import Config

__all__ = ["playable_challenges", "setup_adventure", "surprise_cells"]


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
    pack = get_content(config.content).adventure
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
        from crabrules.oh_crab.adventure.asymmetry import setup_asymmetry  # it needs the rules

        asymmetry, rng = setup_asymmetry(config, pack, rng)
    return Adventure(surprises, events, challenges, asymmetry=asymmetry), rng


def _setup_surprises(
    config: Config, rules: Tables, pack: AdventureContent, rng: Rng
) -> tuple[Surprises, Rng]:
    """Per Beach tile, 2 Treasures and 1 Waste ("Only the good": 3 Treasures), face down."""
    cells = surprise_cells(rules)
    only_good = Variant.ONLY_THE_GOOD in config.variants
    wastes, rng = rng.shuffle(pack.wastes())
    treasures, rng = rng.shuffle(pack.treasures())
    board = [NONE] * rules.layout.cells
    placed: list[int] = []
    per_waste = 0 if only_good else 1
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
