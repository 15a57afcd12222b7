"""The Adventure Pack: its four modules, plugged into the base game by :func:`plug_in`.

Its nouns are ``_model`` (its part of the state, its events), ``_content`` and ``_reading``
(its tokens and cards, ``adventure.json``); its rules ``_plugin``, ``_pack_actions``,
``_triggers`` and ``_asymmetry``; its views ``_pack_views``, ``_pack_check`` and
``_asymmetry_views``. The base game never imports it: :mod:`crabrules.oh_crab` calls
:func:`plug_in` where it makes the game, and importing this package registers nothing.
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
