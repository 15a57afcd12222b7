"""The Adventure Pack: its modules as configuration, content as data, and state.

How a module plugs in (see the docs page "Oh Crab!: the Adventure Pack" for the whole
story): its name in :class:`~crabrules.oh_crab.content.modules.Module`; its tokens and
cards in :mod:`~crabrules.oh_crab.content.adventure`; its part of the state in
:mod:`~crabrules.oh_crab.model.adventure`; its setup in
:mod:`~crabrules.oh_crab.adventure.setup`; its effects as
:class:`~crabrules.oh_crab.content.primitives.Primitive` steps resolved in frames
(:mod:`~crabrules.oh_crab.adventure.frames`); its rule changes in the overlay
(:mod:`~crabrules.oh_crab.adventure.overlay`); its triggers in
:mod:`~crabrules.oh_crab.adventure.triggers`; what players see of it in
:mod:`~crabrules.oh_crab.adventure.hidden`.

The engine never imports this package: it calls the hooks of the
:class:`~crabrules.oh_crab.engine.expansion.Expansion` registered here
(:mod:`~crabrules.oh_crab.adventure.plugin`), and :mod:`crabrules.oh_crab` imports this
package, so the pack is always registered. The views dispatch on the kind of
an action, an event or a state's part: :func:`~crabrules.oh_crab.adventure.views.register_views`
adds the pack's kinds, where :mod:`crabrules.oh_crab` puts the game together.
"""

from crabrules.oh_crab.adventure.plugin import ADVENTURE_PACK
from crabrules.oh_crab.engine.expansion import register

register(ADVENTURE_PACK)  # the engine's hooks (crabrules.oh_crab.engine.expansion)
