"""docs/rl.md and the encodings' docstrings say what the code does."""

from __future__ import annotations

import pathlib
import re
from typing import Any

import pytest

pytest.importorskip("numpy")

import crabrules
from crabrules.encoding import ENCODED_GAMES, encoding
from crabrules.encoding import crab_stack as cs_encoding
from crabrules.encoding import marche_du_crabe as mdc_encoding
from crabrules.encoding import oh_crab as oc_encoding
from crabrules.encoding import youve_got_crabs as ygc_encoding
from crabrules.marche_du_crabe._content import NUM_ITEMS
from crabrules.oh_crab.adventure._content import AdventureContent

DOCS = pathlib.Path(__file__).parent.parent.parent / "docs" / "rl.md"


def _symbols(game_id: str, enc: Any) -> dict[str, int]:
    if game_id == "crab-stack":
        return {"C": enc.cells, "H": enc.height, "P": enc.players}
    if game_id == "la-marche-du-crabe":
        return {"I": NUM_ITEMS}
    if game_id == "oh-crab":
        return {
            "P": enc.players,
            "K": enc.crabs,
            "N": enc.cards,
            "C": enc.cells,
            "G": enc.grants,
            "Q": enc.queue,
            "M": len(enc.grant_names),
            "S": len(crabrules.oh_crab.Primitive),
        }
    return {"n": enc.players, "m": enc.teams, "K": enc.kinds}


def _documented_sections(doc: str) -> list[tuple[str, str]]:
    """The (name, shape) rows of the docstring's table of sections."""
    table = doc.split("**Observation tensor**")[1].split("**Returns**")[0]
    rows = re.findall(r"^([a-z_]+)\s+``([^`]+)``", table, flags=re.MULTILINE)
    return [(name, shape) for name, shape in rows if name != "section"]


def _evaluate(shape: str, symbols: dict[str, int]) -> tuple[int, ...]:
    def value(part: str) -> int:
        expression = re.sub(r"(\d)([A-Za-z])", r"\1*\2", part.strip())
        return int(eval(expression, {}, dict(symbols)))

    return tuple(value(part) for part in shape.split(","))


MODULES = {
    "crab-stack": cs_encoding,
    "la-marche-du-crabe": mdc_encoding,
    "youve-got-crabs": ygc_encoding,
    "oh-crab": oc_encoding,
}


@pytest.mark.parametrize("game_id", ENCODED_GAMES)
@pytest.mark.parametrize("players", [None, 4])
def test_the_docstring_tables_are_the_sections(game_id: str, players: int | None) -> None:
    game = crabrules.get_game(game_id)
    if players is not None and not game.info.min_players <= players <= game.info.max_players:
        pytest.skip("no such player count")
    config = None if players is None else game.config_for_players(players)
    enc = encoding(game_id, config)
    doc = MODULES[game_id].__doc__
    assert doc is not None
    documented = _documented_sections(doc)
    symbols = _symbols(game_id, enc)
    assert [(n, _evaluate(s, symbols)) for n, s in documented] == [
        (s.name, s.shape) for s in enc.sections
    ]


def test_the_docs_page_documents_every_encoded_module() -> None:
    text = DOCS.read_text()
    for module in MODULES.values():
        assert f".. automodule:: {module.__name__}" in text


#: What each ``python`` block of docs/rl.md needs: encodings, Gymnasium three times (its
#: seats, self-play), PettingZoo, OpenSpiel.
BLOCK_NEEDS = ("numpy", "gymnasium", "gymnasium", "gymnasium", "pettingzoo", "pyspiel")


@pytest.mark.parametrize("index", range(len(BLOCK_NEEDS)))
def test_the_docs_pages_code_runs(index: int, capsys: pytest.CaptureFixture[str]) -> None:
    blocks = re.findall(r"```python\n(.*?)```", DOCS.read_text(), flags=re.DOTALL)
    assert len(blocks) == len(BLOCK_NEEDS)
    needs = BLOCK_NEEDS[index]
    pytest.importorskip(needs)
    assert len(blocks[index].strip().splitlines()) <= 12
    exec(compile(blocks[index], f"docs/rl.md block {index}", "exec"), {})
    assert capsys.readouterr().out


def _adventure_symbols(enc: Any) -> dict[str, int]:
    pack = crabrules.oh_crab.get_content(enc.config.content).adventure
    assert isinstance(pack, AdventureContent)
    assert enc.adventure is not None
    return {
        **_symbols("oh-crab", enc),
        "B": enc.adventure.beaches,
        "F": enc.adventure.frames_shown,
        "I": enc.adventure.items,
        "T": len(pack.surprises),
        "E": len(pack.events),
        "H": len(pack.challenges),
        "R": len(pack.rewards),
        "A": len(pack.asymmetry),
    }


@pytest.mark.parametrize(
    "modules",
    [
        ("surprises",),
        ("events",),
        ("challenges",),
        ("asymmetry",),
        tuple(crabrules.oh_crab.Module),
    ],
    ids=lambda m: "+".join(str(getattr(x, "value", x)) for x in m),
)
@pytest.mark.parametrize("players", [2, 5])
def test_the_adventure_table_is_the_sections_of_each_mix(
    modules: tuple[Any, ...], players: int
) -> None:
    config = crabrules.oh_crab.Config(players=players, modules=set(modules))
    enc = encoding("oh-crab", config)
    doc = oc_encoding.__doc__
    assert doc is not None
    table = doc.split("**Adventure Pack sections**")[1]
    rows = re.findall(r"^([a-z_]+)\s+``([^`]+)``\s+([a-z]+)", table, flags=re.MULTILINE)
    in_play = {"any", *(str(getattr(m, "value", m)) for m in modules)}
    symbols = _adventure_symbols(enc)
    documented = [(n, _evaluate(s, symbols)) for n, s, module in rows if module in in_play]
    base = len(encoding("oh-crab", crabrules.oh_crab.Config(players=players)).sections)
    assert documented == [(s.name, s.shape) for s in enc.sections[base:]]
