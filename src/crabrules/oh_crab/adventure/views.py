"""The Adventure Pack's view parts: what it adds to observe, determinize, check, words and render.

:data:`VIEW_PARTS` implements :class:`~crabrules.oh_crab.view.expansion.ViewParts` by
delegating to the pack's view modules: :mod:`~crabrules.oh_crab.adventure.hidden` (what
players see of it), :mod:`~crabrules.oh_crab.adventure.check`,
:mod:`~crabrules.oh_crab.adventure.words`, :mod:`~crabrules.oh_crab.adventure.render` and
:mod:`~crabrules.oh_crab.adventure.asymmetry_render`. ``crabrules.oh_crab.adventure``
registers it.

>>> from crabrules.oh_crab import Config, initial_state
>>> from crabrules.oh_crab.view.expansion import parts_for
>>> state = initial_state(Config(players=3, modules={"events"}), seed=1)
>>> parts = parts_for(state.config)
>>> type(parts).__name__
'AdventureViews'
>>> parts.mask(state.adventure, 0).events.tiles
(-3, -3, -3)
"""

from __future__ import annotations

from crabrules.core.game import PlayerId
from crabrules.core.rng import Rng
from crabrules.oh_crab.adventure import asymmetry_render, check, hidden, render, words
from crabrules.oh_crab.adventure.notation import register_notation
from crabrules.oh_crab.content.primitives import Primitive
from crabrules.oh_crab.engine.work import Rules
from crabrules.oh_crab.model.actions import Action
from crabrules.oh_crab.model.adventure import Adventure
from crabrules.oh_crab.model.config import Config
from crabrules.oh_crab.model.events import Event
from crabrules.oh_crab.model.state import State
from crabrules.oh_crab.view import expansion
from crabrules.oh_crab.view.words import event_sentence, sentence_of

__all__ = ["VIEW_PARTS", "AdventureViews", "register_views"]


class AdventureViews:
    """The Adventure Pack's :class:`~crabrules.oh_crab.view.expansion.ViewParts`."""

    def mask(self, adventure: Adventure, player: PlayerId | None) -> Adventure:
        """See :func:`crabrules.oh_crab.adventure.hidden.mask`."""
        return hidden.mask(adventure, player)

    def deal(
        self, view: Adventure, config: Config, rules: Rules, player: PlayerId | None, rng: Rng
    ) -> tuple[Adventure, Rng]:
        """See :func:`crabrules.oh_crab.adventure.hidden.deal`."""
        return hidden.deal(view, config, rules, player, rng)

    def check_state(self, state: State) -> None:
        """See :func:`crabrules.oh_crab.adventure.check.check_adventure`."""
        check.check_adventure(state)

    def check_view(self, view: Adventure | None, config: Config, player: int | None) -> None:
        """See :func:`crabrules.oh_crab.adventure.check.check_adventure_view`."""
        check.check_adventure_view(view, config, player)

    def turn_queues(self, config: Config) -> frozenset[tuple[Primitive, ...]]:
        """See :func:`crabrules.oh_crab.adventure.check.turn_queues`."""
        return check.turn_queues(config)

    def describe_action(self, state: State, rules: Rules, who: str, action: Action) -> str:
        """See :func:`crabrules.oh_crab.adventure.words.describe_adventure_action`."""
        return words.describe_adventure_action(state, rules, who, action)

    def describe_event(self, event: Event) -> str:
        """See :func:`crabrules.oh_crab.adventure.words.describe_adventure_event`."""
        return words.describe_adventure_event(event)

    def player_lines(self, state: State, rules: Rules) -> list[str]:
        """See :func:`crabrules.oh_crab.adventure.asymmetry_render.asymmetry_lines`."""
        return asymmetry_render.asymmetry_lines(state, rules)

    def table_lines(self, view: object, rules: Rules) -> list[str]:
        """See :func:`crabrules.oh_crab.adventure.render.adventure_lines`."""
        return render.adventure_lines(view, rules)

    def panel_line(self, adventure: Adventure, rules: Rules, player: int) -> str | None:
        """See :func:`crabrules.oh_crab.adventure.asymmetry_render.asymmetry_panel_line`."""
        return asymmetry_render.asymmetry_panel_line(adventure, rules, player)


#: The pack's view parts, registered by :func:`register_views`.
VIEW_PARTS = AdventureViews()


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
