"""A game's :class:`~crabrules.core.game.GameBundle`, built from its package by convention.

Every game package has the same modules with the same roles (``config``, ``state``,
``rules``, ``observe``...), each defining the names the :class:`~crabrules.core.game.Game`
protocol asks for. :func:`game_bundle` reads those names from those modules, so a game's
``game.py`` writes only what is its own (its :class:`~crabrules.core.game.GameInfo`).

The package names its own modules: core imports no game, and only runs the imports a game
asks for when it makes its ``GAME``.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from types import ModuleType
from typing import Any

from crabrules.core.game import GameBundle, GameInfo, SearchHints
from crabrules.core.names import Names, no_names
from crabrules.core.serialize import register_check

__all__ = ["PARTS", "game_bundle"]

#: Each field of :class:`~crabrules.core.game.GameBundle`: the module of the game package
#: that defines it, and its name there.
PARTS: Mapping[str, tuple[str, str]] = {
    "config_type": ("config", "Config"),
    "config_for_players": ("config", "config_for_players"),
    "state_type": ("state", "State"),
    "check_state": ("state", "check_state"),
    "action_type": ("actions", "Action"),
    "event_type": ("events", "Event"),
    "initial_state": ("rules", "initial_state"),
    "legal_actions": ("rules", "legal_actions"),
    "apply": ("rules", "apply"),
    "apply_with_events": ("rules", "apply_with_events"),
    "is_terminal": ("rules", "is_terminal"),
    "active_players": ("rules", "active_players"),
    "outcome": ("rules", "outcome"),
    "num_players": ("rules", "num_players"),
    "observation_type": ("observe", "Observation"),
    "observe": ("observe", "observe"),
    "observe_events": ("observe", "observe_events"),
    "determinize": ("observe", "determinize"),
    "action_to_str": ("notation", "action_to_str"),
    "parse_action": ("notation", "parse_action"),
    "render": ("render", "render"),
    "render_svg": ("svg", "render_svg"),
    "describe": ("words", "describe"),
    "describe_event": ("words", "describe_event"),
}

#: What a package may define, and the bundle then uses: its hints to search agents
#: (``SEARCH``), its players' names (``player_names(config)``), the words of its endings
#: (``ENDINGS``), the check of a loaded observation (``check_observation``) and an
#: event's sentence in a known config (``describe_event_in(config, event)``).
_OPTIONAL = {
    "SEARCH": "search",
    "player_names": "words",
    "ENDINGS": "words",
    "check_observation": "observe",
    "describe_event_in": "words",
}

#: A part a package may keep in a module of its own (a long state check in ``check``);
#: without that module, the part is read from the module :data:`PARTS` names.
_OWN_MODULE = {"check_state": "check"}


def _import(name: str, *, needed: bool) -> ModuleType | None:
    """The module ``name``, or its private twin (``state``: ``_state``), or ``None``."""
    package, _, last = name.rpartition(".")
    private = f"{package}._{last}"
    for candidate in (name, private):
        try:
            return importlib.import_module(candidate)
        except ModuleNotFoundError as error:
            if error.name != candidate:
                raise
    if needed:
        raise ModuleNotFoundError(f"No module named {name!r} (nor {private!r})", name=name)
    return None


def game_bundle(
    info: GameInfo, package: str | None, *, modules: Mapping[str, str] | None = None
) -> GameBundle[Any, Any, Any, Any]:
    """The ``GAME`` of the game package ``package``, from its modules' conventional names.

    Each field is read from the module :data:`PARTS` names, below ``package`` (or from its
    private twin, ``_state`` for ``state``; the state's check from a module ``check``, if
    the package has one); ``modules``
    maps a role to another module of the package where the package is laid out otherwise
    (``{"config": "model.config"}``). The package's ``State`` (and ``Observation``, if its
    ``observe`` module defines ``check_observation``) is checked whenever it is loaded
    (:func:`~crabrules.core.serialize.register_check`).

    A game's ``game.py`` passes its own ``__package__``:
    ``GAME = game_bundle(INFO, __package__)``.

    Raises:
        ImportError: a module is missing, or lacks a name the protocol needs (the message
            says which).
    """
    if not package:
        raise ImportError("game_bundle needs the game's package (pass __package__)")
    where = {**{role: role for role, _ in PARTS.values()}, **(modules or {})}
    loaded: dict[str, ModuleType | None] = {}

    def module(role: str, *, needed: bool) -> ModuleType | None:
        if role not in loaded:
            loaded[role] = _import(f"{package}.{where.get(role, role)}", needed=needed)
        return loaded[role]

    def part(role: str, name: str) -> Any:
        found = getattr(module(role, needed=True), name, None)
        if found is None:
            raise ImportError(f"{package}.{where.get(role, role)} defines no {name}")
        return found

    def optional(name: str) -> Any:
        return getattr(module(_OPTIONAL[name], needed=False), name, None)

    def own_or_part(field: str, role: str, name: str) -> Any:
        own = _OWN_MODULE.get(field)
        found = None if own is None else getattr(module(own, needed=False), name, None)
        return part(role, name) if found is None else found

    fields = {field: own_or_part(field, *where_name) for field, where_name in PARTS.items()}
    register_check(fields["state_type"], fields["check_state"])
    if (check_observation := optional("check_observation")) is not None:
        register_check(fields["observation_type"], check_observation)
    if (describe_event_in := optional("describe_event_in")) is not None:
        fields["describe_event_in"] = describe_event_in
    return GameBundle(
        info=info,
        search=optional("SEARCH") or SearchHints(),
        names=Names(optional("player_names") or no_names, optional("ENDINGS") or {}),
        **fields,
    )
