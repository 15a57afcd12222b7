"""How the API reference reads: what autodoc and its type hints show of crabrules.

- **Type variables resolved.** ``Game``'s methods return its ``S``, ``A``, ``C`` and ``O``:
  they are shown as the game's ``State``, ``Action``, ``Config`` and ``Observation``
  (:func:`format_type_hint`), never as ``TypeVar(S)``.
- **No "Bases: object"**, nor ``Generic[...]``; ``Protocol[...]`` shows as ``Protocol``; a
  class of ``object`` alone shows no "Bases" line.
- **attrs fields listed once**, under the class's Attributes, each with its type.
- **Aliases and constants documented.** A package re-exports names such as
  ``Action = Move | KeepGroup`` or ``Coord = tuple[int, int]`` from the module that
  defines them, where their ``#:``
  comment is; autodoc only reads the comments of the module it documents, so it skipped
  them or showed Python's own docstring. Here every alias in a module's ``__all__`` is
  documented with the comment from where it is defined.
- **Types linked.** A reference to a crabrules name documented under another path (a
  package re-exports it, or a docstring names it without its module) links to where it
  is documented (:func:`_resolve`), so the build can be nitpicky: a reference to a name
  the code does not have fails the build, one to an internal helper the docs do not
  document is shown as code.
- **Sentences stay sentences.** napoleon reads an enum member's docstring "Strictly
  competitive: ..." as a type and a description; it is put back together.
"""

from __future__ import annotations

import functools
import importlib
import pkgutil
import re
import types
import typing
from typing import Any

import attrs
from docutils import nodes
from sphinx import addnodes
from sphinx.application import Sphinx
from sphinx.environment import BuildEnvironment
from sphinx.pycode import ModuleAnalyzer
from sphinx.util.nodes import make_refnode
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


def _is_data(module: Any, name: str) -> bool:
    # An alias or a constant (NO_CARD, GAME), not a class, function or module of its own.
    value = getattr(module, name, None)
    own = isinstance(value, type | types.FunctionType | types.ModuleType)
    return _is_alias_of(module, name) or not own


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
        if comment and ("", name) not in self.attr_docs and _is_data(module, name):
            if len(repr(getattr(module, name, None))) > 60:
                comment = [*comment, "", ":meta hide-value:"]  # a page of repr helps nobody
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


#: What napoleon may take as an attribute's type: a dotted name, subscripts, unions.
_TYPE = re.compile(r"^[A-Za-z_][\w.]*(\[[\w., \[\]|]*\])?( \| [A-Za-z_][\w.\[\], ]*)*$")


def _sentence_not_type(
    app: Sphinx, what: str, name: str, obj: Any, options: Any, lines: list[str]
) -> None:
    # napoleon reads "Strictly competitive: one player's win..." (an enum member's
    # docstring) as a type and a description; a sentence goes back together.
    if what not in ("attribute", "data", "property") or len(lines) < 2:
        return
    if not lines[-1].startswith(":type: "):
        return
    written = lines[-1].removeprefix(":type: ")
    if _TYPE.match(written):
        return
    del lines[-2:]
    lines[0] = f"{written}: {lines[0]}" if lines else written


def _resolve(
    app: Sphinx, env: BuildEnvironment, node: addnodes.pending_xref, contnode: nodes.Element
) -> nodes.Element | None:
    """Link a crabrules name to where it is documented, whatever path it was named by.

    ``crabrules.replay`` is documented as ``crabrules.core.record.replay``, ``NO_CARD`` as
    ``crabrules.oh_crab.NO_CARD``; a module not documented on its own is on its package's
    page.
    """
    if node.get("refdomain") != "py":
        return None
    target = node["reftarget"].lstrip("~.")
    context = node.get("py:module") or ""
    if not (target.startswith("crabrules") or context.startswith("crabrules")):
        return None
    domain = env.get_domain("py")
    objects = domain.objects  # type: ignore[attr-defined]
    if isinstance(_import(target), typing.TypeVar):
        return contnode  # Game's C, S, A, O: named in its docstring, nothing to link
    found = _canonical(target, objects)
    if found is None:
        last = target.rsplit(".", 1)[-1]
        scope = target.rpartition(".")[0] if "." in target else context
        # Only a module reference may land on a module (``SearchHints.progress`` is not
        # ``crabrules.simulate.progress``).
        candidates = (
            objects
            if node["reftype"] == "mod"
            else {n: o for n, o in objects.items() if o.objtype != "module"}
        )
        found = _by_suffix(last, scope, candidates)
    if found is None and node["reftype"] in ("mod", "attr"):
        # A module documented on its package's page; an attrs field in its class's.
        found = _documented_parent(target, objects)
        if found is None and node["reftype"] == "attr":
            owner = target.rpartition(".")[0] or node.get("py:class") or ""
            if owner:
                found = _by_suffix(owner.rsplit(".", 1)[-1], context, objects)
    if found is None:
        # A name the code has but the docs do not document (an internal helper) is shown
        # as code; a name that does not exist at all stays an error.
        return contnode if _exists(target, context, node.get("py:class")) else None
    text = node.astext()
    # The anchor is the object's node id: a module's is ``module-<name>``, not its name.
    entry = objects[found]
    return make_refnode(
        app.builder, node["refdoc"], entry.docname, entry.node_id, nodes.literal(text, text)
    )


def _import(target: str) -> Any:
    # The object a dotted name names, or None.
    parts = target.split(".")
    for cut in range(len(parts), 0, -1):
        try:
            obj: Any = importlib.import_module(".".join(parts[:cut]))
        except ImportError:
            continue
        for attr in parts[cut:]:
            obj = getattr(obj, attr, None)
        return obj
    return None


def _exists(target: str, module: str, cls: str | None) -> bool:
    package = module.rpartition(".")[0]
    scopes = [target, f"{module}.{target}", f"{package}.{target}"]
    if cls:
        scopes.append(f"{module}.{cls}.{target}")
    if any(_import(name) is not None for name in scopes if name.startswith("crabrules")):
        return True
    # A name of one of the package's modules, named from the package's page.
    top = importlib.import_module(module) if module.startswith("crabrules") else None
    if top is None or not hasattr(top, "__path__"):
        return False
    return any(
        hasattr(importlib.import_module(f"{module}.{m.name}"), target)
        for m in pkgutil.iter_modules(top.__path__)
    )


def _canonical(target: str, objects: dict[str, Any]) -> str | None:
    # The object the name imports, under the path it is documented by.
    obj = _import(target)
    if obj is None:
        return None
    name = f"{getattr(obj, '__module__', '')}.{getattr(obj, '__qualname__', '')}"
    return name if name in objects else None


def _by_suffix(last: str, scope: str, objects: dict[str, Any]) -> str | None:
    # The one documented name ending in ``last`` nearest to ``scope`` (its module, then
    # its package, ...).
    while scope:
        matches = [n for n in objects if n.startswith(scope + ".") and n.endswith("." + last)]
        if len(matches) == 1:
            return matches[0]
        if matches:
            return min(matches, key=len)
        scope = scope.rpartition(".")[0]
    return None


def _documented_parent(target: str, objects: dict[str, Any]) -> str | None:
    while "." in target:
        target = target.rpartition(".")[0]
        if target in objects:
            return target
    return None


def _only_our_sources(app: Sphinx, env: BuildEnvironment) -> None:
    # viewcode would list ``builtins`` (``Cell = int``) among the sources, linking to a
    # page it never writes: only crabrules' own modules get a source page.
    modules = getattr(env, "_viewcode_modules", {})
    for name in list(modules):
        if not name.startswith("crabrules"):
            del modules[name]


def setup(app: Sphinx) -> dict[str, Any]:
    """Connect the hooks (Sphinx calls this when it loads the extension)."""
    app.connect("autodoc-process-bases", _bases)
    app.connect("doctree-read", _drop_empty_bases)
    app.connect("autodoc-process-docstring", _sentence_not_type, priority=600)
    app.connect("missing-reference", _resolve)
    app.connect("env-updated", _only_our_sources)
    ModuleAnalyzer.analyze = _analyze_with_aliases  # type: ignore[method-assign]
    app.connect("autodoc-process-docstring", _docstring, priority=400)
    app.connect("autodoc-process-docstring", _field_types, priority=600)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
