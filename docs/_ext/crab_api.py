"""How the API reference reads: what autodoc and its type hints show of crabrules.

- **Type variables resolved.** ``Game``'s methods return its ``S``, ``A``, ``C`` and ``O``:
  they are shown as the game's ``State``, ``Action``, ``Config`` and ``Observation``
  (:func:`format_type_hint`), never as ``TypeVar(S)``.
- **No "Bases: object"**, nor ``Generic[...]``; ``Protocol[...]`` shows as ``Protocol``; a
  class of ``object`` alone shows no "Bases" line.
- **attrs fields listed once**, under the class's Attributes, each with its type.
- **Aliases documented.** A package re-exports names such as ``Action = Move | KeepGroup``
  or ``Coord = tuple[int, int]`` from the module that defines them, where their ``#:``
  comment is; autodoc only reads the comments of the module it documents, so it skipped
  them or showed Python's own docstring. Here every alias in a module's ``__all__`` is
  documented with the comment from where it is defined.
"""

from __future__ import annotations

import functools
import importlib
import pkgutil
import types
import typing
from typing import Any

import attrs
from docutils import nodes
from sphinx.application import Sphinx
from sphinx.pycode import ModuleAnalyzer
from sphinx.util.typing import stringify_annotation

#: What the ``Game`` protocol's type variables stand for.
GAME_TYPES = {"C": "Config", "S": "State", "A": "Action", "O": "Observation"}


def format_type_hint(annotation: Any, config: Any) -> str | None:
    """A type variable as the type it stands for (``typehints_formatter``); else the default."""
    if isinstance(annotation, typing.TypeVar):
        name = annotation.__name__.removesuffix("_contra").removesuffix("_co")
        return f"the game's ``{GAME_TYPES[name]}``" if name in GAME_TYPES else f"``{name}``"
    return None


def _bases(app: Sphinx, name: str, obj: Any, options: Any, bases: list[Any]) -> None:
    kept = []
    for base in bases:
        origin = typing.get_origin(base)
        if base is object or origin is typing.Generic or base is typing.Generic:
            continue
        kept.append(typing.Protocol if origin is typing.Protocol else base)
    bases[:] = kept


def _drop_empty_bases(app: Sphinx, doctree: nodes.document) -> None:
    # Sphinx writes "Bases:" even when every base was dropped (a class of object only).
    for paragraph in list(doctree.findall(nodes.paragraph)):
        if paragraph.astext().strip() == "Bases:":
            paragraph.parent.remove(paragraph)


def is_alias(value: Any) -> bool:
    """Whether ``value`` is a type alias (a union, ``tuple[...]``, ``int`` under a new name)."""
    return isinstance(value, types.UnionType | types.GenericAlias) or typing.get_origin(value) in (
        typing.Union,
        typing.Literal,
    )


@functools.cache
def _comments(package: str) -> dict[str, list[str]]:
    """Every ``#:`` comment of a module-level name in ``package`` and its submodules."""
    found: dict[str, list[str]] = {}
    module = importlib.import_module(package)
    names = []  # the submodules: the package's own comments are autodoc's already
    if hasattr(module, "__path__"):
        names += [f"{package}.{m.name}" for m in pkgutil.iter_modules(module.__path__)]
    for name in names:
        try:
            docs = ModuleAnalyzer.for_module(name).find_attr_docs()
        except Exception:  # a module without source has no comments
            continue
        for (scope, attr), lines in docs.items():
            if scope == "":
                found.setdefault(attr, list(lines))
    return found


def _is_alias_of(module: Any, name: str) -> bool:
    value = getattr(module, name, None)
    renamed = isinstance(value, type) and value.__name__ != name  # Cell = int
    return is_alias(value) or renamed


_analyze = ModuleAnalyzer.analyze


def _analyze_with_aliases(self: ModuleAnalyzer) -> None:
    """Analyse as Sphinx does, then add the comments of the aliases a package re-exports."""
    _analyze(self)
    if not self.modname.startswith("crabrules"):
        return
    try:
        module = importlib.import_module(self.modname)
    except ImportError:
        return
    if not hasattr(module, "__path__"):
        return
    for name in getattr(module, "__all__", ()):
        comment = _comments(self.modname).get(name)
        if comment and ("", name) not in self.attr_docs and _is_alias_of(module, name):
            self.attr_docs["", name] = comment
            self.tagorder.setdefault(name, len(self.tagorder))


def _docstring(
    app: Sphinx, what: str, name: str, obj: Any, options: Any, lines: list[str]
) -> None:
    # A renamed class (``Cell = int``) shows only "alias of int": its comment goes first.
    module_name, _, attr = name.rpartition(".")
    if what != "class" or not isinstance(obj, type) or obj.__name__ == attr:
        return
    try:
        module = importlib.import_module(module_name)
    except ImportError:
        return
    comment = _comments(module_name).get(attr)
    if comment and _is_alias_of(module, attr) and comment[0] not in lines:
        lines[:0] = [*comment, ""]


def _field_types(
    app: Sphinx, what: str, name: str, obj: Any, options: Any, lines: list[str]
) -> None:
    # An attrs class's Attributes, each with its type (napoleon finds none on attrs classes).
    if what != "class" or not attrs.has(obj):
        return
    try:
        hints = typing.get_type_hints(obj)
    except Exception:  # a hint that does not resolve: no types, as before
        return
    typed = {line.split()[1].rstrip(":") for line in lines if line.startswith(":vartype ")}
    out = list(lines)
    for index in reversed(range(len(out))):
        line = out[index]
        if not line.startswith(":ivar "):
            continue
        field = line.split()[1].rstrip(":")
        if field in hints and field not in typed:
            end = index + 1
            while end < len(out) and out[end].startswith(" "):
                end += 1
            text = stringify_annotation(hints[field], "smart")
            out.insert(end, f":vartype {field}: {text}")
    lines[:] = out


def setup(app: Sphinx) -> dict[str, Any]:
    """Connect the hooks (Sphinx calls this when it loads the extension)."""
    app.connect("autodoc-process-bases", _bases)
    app.connect("doctree-read", _drop_empty_bases)
    ModuleAnalyzer.analyze = _analyze_with_aliases  # type: ignore[method-assign]
    app.connect("autodoc-process-docstring", _docstring, priority=400)
    app.connect("autodoc-process-docstring", _field_types, priority=600)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
