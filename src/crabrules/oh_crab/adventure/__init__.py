"""The Adventure Pack: its modules as configuration, content as data, and state.

How a module plugs in (see the docs page "Oh Crab!: the Adventure Pack" for the whole
story): its name in :class:`~crabrules.oh_crab.content._primitives.Module`; its tokens and
cards in :mod:`~crabrules.oh_crab.adventure._content` (read by
:mod:`~crabrules.oh_crab.adventure._reading`); its part of the state in
:mod:`~crabrules.oh_crab.adventure._model`; its setup and its rule changes (the
overlay) in :mod:`~crabrules.oh_crab.adventure._plugin`; its effects as
:class:`~crabrules.oh_crab.content._primitives.Primitive` steps resolved in frames, and
its triggers, in :mod:`~crabrules.oh_crab.adventure._triggers`; what players see of it in
:mod:`~crabrules.oh_crab.adventure._pack_check`.

The engine never imports this package: :func:`plug_in` registers the pack's
:class:`~crabrules.oh_crab.engine._expansion.Expansion`
(:mod:`~crabrules.oh_crab.adventure._plugin`: its hooks, its action kinds, its handlers of
the named moments), adds its kinds to the views' tables
(:func:`~crabrules.oh_crab.adventure._pack_views.register_views`: notation, words, what a
player sees, pictures) and registers the checks' hooks
(:class:`~crabrules.oh_crab.view._observe.ViewParts`). :mod:`crabrules.oh_crab`, where
the game is made, calls it, so the pack is always registered; importing this package
registers nothing.
"""

from crabrules.oh_crab.adventure._model import PackEvent, register_documents
from crabrules.oh_crab.adventure._pack_views import VIEW_PARTS, register_views
from crabrules.oh_crab.adventure._plugin import ADVENTURE_PACK
from crabrules.oh_crab.adventure._reading import parse_adventure
from crabrules.oh_crab.content._loading import register_reader
from crabrules.oh_crab.engine._expansion import register
from crabrules.oh_crab.model._events import register_events
from crabrules.oh_crab.view._observe import register as register_view_parts

__all__ = ["ADVENTURE_PACK", "VIEW_PARTS", "plug_in"]


def plug_in() -> None:
    """Register the Adventure Pack with the engine, the views and the documents."""
    register_reader(parse_adventure)  # its tokens and cards, read from adventure.json
    register_documents()  # its part of a state or an observation, read and written
    register_events(PackEvent)  # its events, which the checks of an event accept
    register(ADVENTURE_PACK)  # hooks, action kinds, moments (crabrules.oh_crab.engine._expansion)
    register_views()  # its kinds in the notation, the words, observe and the pictures
    register_view_parts(VIEW_PARTS)  # what the pack adds to the checks
