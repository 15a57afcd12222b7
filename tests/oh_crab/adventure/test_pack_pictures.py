"""The Adventure Pack in ``render_svg``: its cards and tokens drawn as pieces, not lines."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import attrs

from crabrules.core.svg import Svg
from crabrules.oh_crab import Config, initial_state, observe, render_svg
from crabrules.oh_crab.adventure import _pack_pictures as pictures
from crabrules.oh_crab.adventure._model import NONE, Due, DueKind
from crabrules.oh_crab.adventure._triggers import adventure_of
from crabrules.oh_crab.engine._tables import rules_for
from crabrules.oh_crab.view._table_svg import Area
from tests.oh_crab.adventure_helpers import (
    adventure,
    challenge,
    challenges,
    pack,
    surprises,
    token,
)
from tests.oh_crab.helpers import make

SVG = "{http://www.w3.org/2000/svg}"
BEACHES = Config(players=3, modules={"events", "challenges"})
SURPRISES = Config(players=3, modules={"surprises"})
CHALLENGES = Config(players=3, modules={"challenges"})


def _groups(picture: str, kind: str) -> list[ET.Element]:
    root = ET.fromstring(picture)
    return [g for g in root.iter(f"{SVG}g") if g.get("class") == kind]


def _titles(picture: str, kind: str) -> list[str]:
    return [g.findtext(f"{SVG}title") or "" for g in _groups(picture, kind)]


def test_each_beach_tile_has_its_challenge_and_event_cards_face_down_until_revealed() -> None:
    state = initial_state(BEACHES, seed=3)
    picture = render_svg(observe(state, 0))
    cards = _groups(picture, "pack-card")
    kinds = [g.get("data-kind") for g in cards]
    # per Beach tile a Challenge card and an Event card, then the open Challenge and its
    # Reward card face up, with their text
    assert kinds == ["challenge", "event"] * 3 + ["challenge", "reward"]
    info = pack().challenges[state.adventure.challenges.tiles[0]]  # type: ignore[union-attr]
    titles = _titles(picture, "pack-card")
    assert titles[0].startswith(f"challenge: {info.name}")
    assert titles[1:6] == ["event: face down", *["challenge: face down", "event: face down"] * 2]
    assert titles[6] == f"challenge: {info.name} ({info.text})"
    # the module lines are drawn, not written
    assert "Events: Beach" not in picture
    assert "Challenges: Beach" not in picture


def test_a_card_due_this_turn_is_outlined_and_marked_due() -> None:
    view = observe(initial_state(BEACHES, seed=3), 0)
    part = adventure_of(view)
    assert part is not None
    due = attrs.evolve(part, due=(Due(DueKind.EVENT, 1),))
    picture = Svg(560, 400, title="pack")
    area = Area(10, 0, 540, 1.0)
    pictures.table_pieces(due, picture, view, rules_for(view.config), area)
    drawn = picture.to_string()
    (marked,) = [g for g in _groups(drawn, "pack-card") if "due" in list(g.itertext())]
    assert marked.get("data-kind") == "event"
    assert marked.find(f"{SVG}rect").get("stroke") == "#c62828"  # type: ignore[union-attr]


def test_kept_treasures_are_round_tokens_on_their_finders_board() -> None:
    mine = [token("gold-coin"), token("bucket")]
    state = make(
        SURPRISES, crabs=[5, 0, 1], adventure=adventure(surprises(SURPRISES, kept=[mine, [], []]))
    )
    names = sorted(pack().surprises[t].name for t in mine)
    own = render_svg(observe(state, 0))
    assert sorted(_titles(own, "kept-token")) == sorted(f"Treasure kept: {n}" for n in names)
    (board,) = [g for g in _groups(own, "player") if g.get("data-player") == "0"]
    frame = board.find(f"{SVG}rect")
    assert frame is not None
    top, bottom = (
        float(frame.attrib["y"]),
        float(frame.attrib["y"]) + float(frame.attrib["height"]),
    )
    for token_group in _groups(own, "kept-token"):
        disc = token_group.find(f"{SVG}circle")
        assert disc is not None
        assert top < float(disc.attrib["cy"]) < bottom  # on the finder's board
    # the others see that they keep two Treasures, not which
    assert _titles(render_svg(observe(state, 1)), "kept-token") == ["Treasure kept: hidden"] * 2


def test_trophies_lie_on_their_winners_board() -> None:
    tiles = [NONE, challenge("most-cards"), challenge("crowd")]
    resolved = challenges(CHALLENGES, tiles, resolved=[challenge("most-shells")])
    won = attrs.evolve(resolved, trophies=(0, 1, 0))
    state = make(CHALLENGES, crabs=[5, 0, 1], adventure=adventure(challenges=won))
    picture = render_svg(state)
    assert _titles(picture, "trophies") == ["1 trophy(ies)"]
    assert _titles(picture, "pack-card")[0] == "challenge: gone"
