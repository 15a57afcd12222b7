"""The Adventure Pack in the views: its kinds of actions, events and state part, registered.

The views dispatch on the kind of what they are given
(:class:`~crabrules.oh_crab.view.dispatch.ByKind`). :func:`register_views` adds the pack's
kinds to each table, from the pack's view modules: :mod:`~crabrules.oh_crab.adventure.hidden`
(what players see of it), :mod:`~crabrules.oh_crab.adventure.notation`,
:mod:`~crabrules.oh_crab.adventure.words`, :mod:`~crabrules.oh_crab.adventure.render` and
:mod:`~crabrules.oh_crab.adventure.asymmetry_render`; and it registers :data:`VIEW_PARTS`,
the pack's :class:`~crabrules.oh_crab.view.expansion.ViewParts` for the checks
(:mod:`~crabrules.oh_crab.adventure.check`). :mod:`crabrules.oh_crab` calls it where it
puts the game together.

>>> from crabrules.oh_crab import Config, initial_state
>>> from crabrules.oh_crab.view.expansion import masked, parts_for
>>> state = initial_state(Config(players=3, modules={"events"}), seed=1)
>>> type(parts_for(state.adventure, state.config)).__name__
'AdventureViews'
>>> masked(state.adventure, 0).events.tiles
(-3, -3, -3)
"""

from __future__ import annotations

import attrs

from crabrules.core.game import PlayerId
from crabrules.oh_crab.adventure import asymmetry_render, check, hidden, render, words
from crabrules.oh_crab.adventure.notation import register_notation
from crabrules.oh_crab.content._primitives import Primitive
from crabrules.oh_crab.engine._work import Rules
from crabrules.oh_crab.model._events import Event, Spied, SurpriseFlipped
from crabrules.oh_crab.model._pack_state import Adventure
from crabrules.oh_crab.model._state import Config, State
from crabrules.oh_crab.view import expansion
from crabrules.oh_crab.view.observe import HIDDEN, seen_by
from crabrules.oh_crab.view.svg import marked_by
from crabrules.oh_crab.view.words import event_sentence, sentence_of

__all__ = ["VIEW_PARTS", "AdventureViews", "register_views"]


class AdventureViews:
    """The Adventure Pack's :class:`~crabrules.oh_crab.view.expansion.ViewParts`."""

    def check_state(self, state: State) -> None:
        """See :func:`crabrules.oh_crab.adventure.check.check_adventure`."""
        check.check_adventure(state)

    def check_view(self, view: Adventure | None, config: Config, player: int | None) -> None:
        """See :func:`crabrules.oh_crab.adventure.check.check_adventure_view`."""
        check.check_adventure_view(view, config, player)

    def turn_queues(self, config: Config) -> frozenset[tuple[Primitive, ...]]:
        """See :func:`crabrules.oh_crab.adventure.check.turn_queues`."""
        return check.turn_queues(config)


#: The pack's view parts, registered by :func:`register_views`.
VIEW_PARTS = AdventureViews()


def _spied(event: Spied, player: PlayerId | None) -> Event:
    if event.player == player:
        return event
    # Module 4: a Spy shows the cards to the spy alone ("without showing it").
    hidden = (HIDDEN,) * len(event.cards)
    return attrs.evolve(event, cards=hidden, names=("",) * len(event.cards))


def _flipped(event: SurpriseFlipped, player: PlayerId | None) -> Event:
    if not event.kept or event.player == player:
        return event
    # A Treasure kept for later: its finder alone looks at it.
    return attrs.evolve(event, token=HIDDEN, name="")


def _panel_lines(part: Adventure, rules: Rules, player: int) -> list[str]:
    line = asymmetry_render.asymmetry_panel_line(part, rules, player)
    return [] if line is None else [line]


def _surprise_board(part: Adventure) -> tuple[int, ...]:
    return () if part.surprises is None else part.surprises.board


def _acting_crab(part: Adventure, state: State, player: int) -> int:
    if part.frames and part.frames[-1].player == player:
        return part.frames[-1].crab  # the crab the pack's step moves
    return expansion.turn_crab(state, player)


def _resolving_step(part: Adventure, state: State) -> Primitive | None:
    return part.frames[-1].queue[0] if part.frames else expansion.turn_step(state)


def register_views() -> None:
    """Plug the pack into the views: its kinds of actions, events and state part.

    :mod:`crabrules.oh_crab` calls it where it puts the game together, once the pack and
    the views are imported; calling it again changes nothing.
    """
    expansion.register(VIEW_PARTS)
    register_notation()
    for kind, sentence in words.ACTION_SENTENCES.items():
        sentence_of.register(kind, sentence)
    for kind, said in words.EVENT_SENTENCES.items():
        event_sentence.register(kind, said)
    seen_by.register(Spied, _spied)
    seen_by.register(SurpriseFlipped, _flipped)
    for kind, marks in asymmetry_render.ASYMMETRY_MARKS.items():
        marked_by.register(kind, marks)
    expansion.masked.register(Adventure, hidden.mask)
    expansion.dealt.register(Adventure, hidden.deal)
    expansion.player_lines.register(
        Adventure, lambda part, state, rules: asymmetry_render.asymmetry_lines(state, rules)
    )
    expansion.table_lines.register(
        Adventure, lambda part, view, rules: render.adventure_lines(view, rules)
    )
    expansion.panel_lines.register(Adventure, _panel_lines)
    expansion.surprise_board.register(Adventure, _surprise_board)
    expansion.acting_crab.register(Adventure, _acting_crab)
    expansion.resolving_step.register(Adventure, _resolving_step)
