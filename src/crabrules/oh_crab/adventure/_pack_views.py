"""The Adventure Pack in the views, registered kind by kind.

Its actions' notation and words, its events' sentences and what each player sees of them,
its lines in the pictures and its check parts: :func:`register_views` adds its kinds to
the views' tables (``view/``). Module 4's own are in ``_asymmetry_views``, the checks in
``_pack_check``. The verbs of its notation are in the table below.

>>> from crabrules.oh_crab import Config, initial_state
>>> from crabrules.oh_crab.view._observe import masked, registered
>>> state = initial_state(Config(players=3, modules={"events"}), seed=1)
>>> type(registered()).__name__
'AdventureViews'
>>> masked(state.adventure, 0).events.tiles
(-3, -3, -3)

>>> from crabrules.oh_crab import Config, initial_state, observe
>>> from crabrules.oh_crab.engine._work import rules_for
>>> state = initial_state(Config(players=3, modules={"challenges"}), seed=3)
>>> import textwrap
>>> line = adventure_lines(observe(state, 0), rules_for(state.config))[0]
>>> print(textwrap.fill(line, 80))
Challenges: Beach 1 Straight Ahead: Have the most Move forward cards in your
Hand. (Reward card: Pirate's Chest); Beach 2 face down; Beach 3 face down

>>> from crabrules.oh_crab.adventure._model import SurpriseFlipped, ChallengeResolved
>>> describe_adventure_event(SurpriseFlipped(1, "orange", 1, 17, 5, "Pearl", False, False))
'orange flips a Surprise on c3: Pearl'
>>> describe_adventure_event(SurpriseFlipped(1, "orange", 1, 17, -3, "", False, True))
'orange flips a Surprise on c3: a Treasure, kept for later'
>>> describe_adventure_event(
...     ChallengeResolved(0, "red", 0, 0, "Shell Collector", (2,), ("blue",), (), ()))
'red announces the Challenge Shell Collector: first place to blue, no second place'

=================  ==========================================================
action             notation
=================  ==========================================================
``TakeMarket``     ``red: take m2``
``UseTreasure``    ``red: treasure crab-trap`` (a Surprise token's id)
``Reveal``         ``red: reveal``
``Choose``         ``red: choose 2`` (a reward's number, from 1)
``ChooseSkills``   ``red: skills armoured`` (an Asymmetry card per crab)
``Skill``          ``red: skill orange``
``Decline``        ``red: decline``
``MakeObstacle``   ``red: obstacle c4``
=================  ==========================================================
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import attrs

from crabrules.core.game import PlayerId
from crabrules.core.invariants import Invariant
from crabrules.oh_crab.adventure import _asymmetry_views as asymmetry_render
from crabrules.oh_crab.adventure import _pack_check as hidden
from crabrules.oh_crab.adventure import _pack_pictures as pictures
from crabrules.oh_crab.adventure._asymmetry_views import (
    ASYMMETRY_ACTION_SENTENCES,
    ASYMMETRY_EVENT_SENTENCES,
)
from crabrules.oh_crab.adventure._content import AdventureContent
from crabrules.oh_crab.adventure._model import (
    NONE,
    Adventure,
    CardDue,
    ChallengeResolved,
    ChallengeRevealed,
    DueKind,
    EventEnded,
    EventRevealed,
    RewardChosen,
    Spied,
    SurpriseFlipped,
    TreasureUsed,
)
from crabrules.oh_crab.adventure._plugin import deal
from crabrules.oh_crab.adventure._triggers import adventure_of, pack_in_play, pack_of
from crabrules.oh_crab.content._primitives import Primitive
from crabrules.oh_crab.engine._work import Rules
from crabrules.oh_crab.model._actions import (
    Action,
    Choose,
    ChooseSkills,
    Decline,
    MakeObstacle,
    Reveal,
    Skill,
    TakeMarket,
    UseTreasure,
    cell_label,
    pile_label,
)
from crabrules.oh_crab.model._events import AnyEvent, CardTakenBack, ShellLost
from crabrules.oh_crab.model._state import State
from crabrules.oh_crab.view import _observe as expansion
from crabrules.oh_crab.view._notation import Arguments, NotationError, notation_of, register_verb
from crabrules.oh_crab.view._observe import HIDDEN, Observation, seen_by
from crabrules.oh_crab.view._svg import marked_by
from crabrules.oh_crab.view._words import event_sentence, sentence_of

Names = Sequence[str]


def adventure_lines(view: object, rules: Rules) -> list[str]:
    """The Adventure Pack's lines for ``view``, a State or an Observation (none without it)."""
    adventure = getattr(view, "adventure", None)
    pack = pack_of(rules)
    if adventure is None or pack is None:
        return []
    names = rules.names
    lines = _surprise_lines(adventure, pack, names)
    lines += _event_lines(adventure, pack, names, getattr(view, "cook", 0))
    lines += _challenge_lines(adventure, pack, names)
    if adventure.due:
        due = [
            f"the {'Challenge' if d.kind is DueKind.CHALLENGE else 'Event'} of Beach {d.tile + 1}"
            for d in adventure.due
        ]
        lines.append("Due this turn: " + ", ".join(due))
    if adventure.frames:
        frame = adventure.frames[-1]
        step = frame.queue[0].value.replace("_", " ")
        lines.append(f"Waiting for {names[frame.player]} ({rules.colours[frame.crab]}): {step}")
    return lines


def _surprise_lines(adventure: Adventure, pack: AdventureContent, names: Names) -> list[str]:
    """Module 1: where Surprise tokens lie face down, who keeps which, how many were used."""
    surprises = adventure.surprises
    if surprises is None:
        return []
    down = [cell_label(c) for c, t in enumerate(surprises.board) if t != NONE]
    kept = []
    for p, mine in enumerate(surprises.kept):
        if mine:
            shown = [pack.surprises[t].name if t >= 0 else "?" for t in mine]
            kept.append(f"{names[p]} {', '.join(shown)}")
    return [
        f"Surprises: face down on {', '.join(down) or 'no space'}; "
        f"kept: {'; '.join(kept) or 'none'}; {len(surprises.gone)} used"
    ]


def _event_lines(
    adventure: Adventure, pack: AdventureContent, names: Names, cook: int
) -> list[str]:
    """Module 2: each Beach tile's Event, the ones foreseen, the one in effect and where."""
    events = adventure.events
    if events is None:
        return []
    tiles = [
        f"Beach {t + 1} " + ("revealed" if c == NONE else _card(c, pack.events, "face down"))
        for t, c in enumerate(events.tiles)
    ]
    line = "Events: " + "; ".join(tiles)
    if events.foreseen:
        line += "; foreseen: " + ", ".join(pack.events[c].name for c in events.foreseen)
    lines = [line]
    if events.active != NONE:
        info = pack.events[events.active]
        where = pictures.event_place(events, info, names[cook])
        lines.append(f"   in effect: {info.name} ({info.text}), {where}")
    return lines


def _challenge_lines(adventure: Adventure, pack: AdventureContent, names: Names) -> list[str]:
    """Module 3: each Beach tile's Challenge (the open one read out), the trophies won."""
    challenges = adventure.challenges
    if challenges is None:
        return []
    tiles = []
    for t, c in enumerate(challenges.tiles):
        if c == NONE:
            tiles.append(f"Beach {t + 1} resolved")
        elif t == challenges.open:
            reward = pack.rewards[challenges.reward].name
            info = pack.challenges[c]
            tiles.append(f"Beach {t + 1} {info.name}: {info.text} (Reward card: {reward})")
        else:
            tiles.append(f"Beach {t + 1} " + _card(c, pack.challenges, "face down"))
    lines = ["Challenges: " + "; ".join(tiles)]
    won = [f"{names[p]} {n}" for p, n in enumerate(challenges.trophies) if n]
    if won:
        lines.append("   trophies: " + ", ".join(won))
    return lines


def _card(card: int, items: tuple[object, ...], hidden: str) -> str:
    if card < 0:
        return hidden
    name = getattr(items[card], "name", "")
    return f"{hidden} ({name})"


def _take_market(action: TakeMarket, state: State, rules: Rules, who: str) -> str:
    pile = "the draw pile" if action.take == 3 else f"Market pile {pile_label(action.take)}"
    return f"{who} takes the card of {pile} into their Hand"


def _use_treasure(action: UseTreasure, state: State, rules: Rules, who: str) -> str:
    name = pack_in_play(rules).surprises[action.token].name if pack_of(rules) else "a Treasure"
    return f"{who} uses the Treasure {name}"


def _reveal_words(action: Reveal, state: State, rules: Rules, who: str) -> str:
    adventure = adventure_of(state)
    due = adventure.due[0] if adventure is not None and adventure.due else None
    if due is not None and due.kind is DueKind.CHALLENGE:
        return f"{who} announces the Challenge of Beach tile {due.tile + 1}"
    tile = "" if due is None else f" of Beach tile {due.tile + 1}"
    return f"{who} reveals the Event{tile}"


def _choose_words(action: Choose, state: State, rules: Rules, who: str) -> str:
    pack, adventure = pack_of(rules), adventure_of(state)
    if pack is not None and adventure is not None and adventure.challenges is not None:
        options = pack.rewards[adventure.challenges.reward].options
        if 0 <= action.option < len(options):
            return f"{who} exchanges their trophy for {options[action.option].name}"
    return f"{who} exchanges their trophy for reward {action.option + 1}"


#: The sentence of each of the pack's actions, by its kind (``who``: the player's name).
ACTION_SENTENCES: dict[type, Callable[[Any, State, Rules, str], str]] = {
    TakeMarket: _take_market,
    UseTreasure: _use_treasure,
    Reveal: _reveal_words,
    Choose: _choose_words,
    **ASYMMETRY_ACTION_SENTENCES,
}


def describe_adventure_action(state: State, rules: Rules, who: str, action: Action) -> str:
    """Say what an Adventure Pack action does (``who``: the player's name)."""
    return ACTION_SENTENCES[type(action)](action, state, rules, who)


def _shell_lost(event: ShellLost) -> str:
    return f"{event.colour} gives a shell back to the supply ({event.shells} left)"


def _card_taken_back(event: CardTakenBack) -> str:
    return f"{event.colour} takes {event.card_name} from their Trace into their Hand"


def _surprise_flipped(event: SurpriseFlipped) -> str:
    where = f"{event.colour} flips a Surprise on {cell_label(event.cell)}"
    if event.kept:
        return f"{where}: {event.name or 'a Treasure'}, kept for later"
    if event.empty:
        return f"{where}: {event.name}, a Waste with no effect"
    return f"{where}: {event.name}"


def _treasure_used(event: TreasureUsed) -> str:
    return f"{event.colour} uses the Treasure {event.name}"


def _card_due(event: CardDue) -> str:
    card = "Challenge" if event.kind == DueKind.CHALLENGE.value else "Event"
    return f"the {card} of Beach tile {event.tile + 1} is due: {event.colour} must reveal it"


def _event_revealed(event: EventRevealed) -> str:
    if event.replaced:
        return f"{event.colour} reveals {event.name}, which needs another module: replaced"
    kind = "a temporary Event" if event.temporary else "an immediate Event"
    return f"{event.colour} reveals {event.name}, {kind}"


def _event_ended(event: EventEnded) -> str:
    return f"{event.name} no longer acts"


def _challenge_resolved(event: ChallengeResolved) -> str:
    first = ", ".join(event.first_colours) or "nobody"
    others = ", ".join(event.second_colours)
    second = f"a shell each to {others}" if others else "no second place"
    return f"{event.colour} announces the Challenge {event.name}: first place to {first}, {second}"


def _challenge_revealed(event: ChallengeRevealed) -> str:
    if event.card < 0:
        return "no Challenge is left: the Reward card leaves the game"
    return f"the Reward card moves to Beach tile {event.tile + 1}: {event.name} is revealed"


def _reward_chosen(event: RewardChosen) -> str:
    return f"{event.colour} exchanges their trophy for {event.name}"


#: The sentence of each of the pack's events, by its kind.
EVENT_SENTENCES: dict[type, Callable[[Any], str]] = {
    ShellLost: _shell_lost,
    CardTakenBack: _card_taken_back,
    SurpriseFlipped: _surprise_flipped,
    TreasureUsed: _treasure_used,
    CardDue: _card_due,
    EventRevealed: _event_revealed,
    EventEnded: _event_ended,
    ChallengeResolved: _challenge_resolved,
    ChallengeRevealed: _challenge_revealed,
    RewardChosen: _reward_chosen,
    **ASYMMETRY_EVENT_SENTENCES,
}


def describe_adventure_event(event: AnyEvent) -> str:
    """Say what happened, for an Adventure Pack event."""
    return EVENT_SENTENCES[type(event)](event)


def _take(action: TakeMarket, state: State, rules: Rules) -> str:
    return f"take {pile_label(action.take)}"


def _treasure(action: UseTreasure, state: State, rules: Rules) -> str:
    pack = pack_of(rules)
    if pack is None or not 0 <= action.token < len(pack.surprises):
        return f"treasure {action.token}"
    return f"treasure {pack.surprises[action.token].id}"


def _reveal_notation(action: Reveal, state: State, rules: Rules) -> str:
    return "reveal"


def _choose_notation(action: Choose, state: State, rules: Rules) -> str:
    return f"choose {action.option + 1}"


def _skills(action: ChooseSkills, state: State, rules: Rules) -> str:
    cards = pack_in_play(rules).asymmetry if pack_of(rules) is not None else ()
    ids = [cards[c].id if 0 <= c < len(cards) else str(c) for c in action.cards]
    return "skills " + " ".join(ids)


def _skill(action: Skill, state: State, rules: Rules) -> str:
    return f"skill {rules.colours[action.crab]}"


def _decline(action: Decline, state: State, rules: Rules) -> str:
    return "decline"


def _obstacle(action: MakeObstacle, state: State, rules: Rules) -> str:
    return f"obstacle {cell_label(action.cell)}"


def _read_treasure(args: Arguments) -> Action:
    word = args.word("a Surprise token")
    pack = pack_of(args.rules)
    ids = [] if pack is None else [t.id for t in pack.surprises]
    if word not in ids:
        raise NotationError(f"{word!r:.40} is no Surprise token")
    return UseTreasure(args.player, ids.index(word))


def _read_choose(args: Arguments) -> Action:
    word = args.word("a reward's number")
    if word not in tuple("123456789"):
        raise NotationError(f"{word!r:.40} is no reward's number (1, 2, ...)")
    return Choose(args.player, int(word) - 1)


def _read_skills(args: Arguments) -> Action:
    pack = pack_of(args.rules)
    ids = [] if pack is None else [c.id for c in pack.asymmetry]
    cards = []
    while args.left():
        word = args.word("an Asymmetry card")
        if word not in ids:
            raise NotationError(f"{word!r:.40} is no Asymmetry card")
        cards.append(ids.index(word))
    if not cards:
        raise NotationError("'skills' names the Asymmetry card(s) chosen, one per crab")
    return ChooseSkills(args.player, tuple(cards))


#: Each action of the pack: its verb, how it is read, how it is written (in the order an
#: error message lists the verbs, after the base game's).
_NOTATION: tuple[tuple[str, type, Callable[[Arguments], Action], Callable[..., str]], ...] = (
    ("take", TakeMarket, lambda args: TakeMarket(args.player, args.pile()), _take),
    ("treasure", UseTreasure, _read_treasure, _treasure),
    ("reveal", Reveal, lambda args: Reveal(args.player), _reveal_notation),
    ("choose", Choose, _read_choose, _choose_notation),
    # Module 4
    ("skills", ChooseSkills, _read_skills, _skills),
    ("skill", Skill, lambda args: Skill(args.player, args.crab()), _skill),
    ("decline", Decline, lambda args: Decline(args.player), _decline),
    ("obstacle", MakeObstacle, lambda args: MakeObstacle(args.player, args.cell()), _obstacle),
)


def register_notation() -> None:
    """Add the pack's verbs and actions to the notation (once the game is put together).

    >>> from crabrules.oh_crab import Config, action_to_str, initial_state, parse_action
    >>> register_notation()  # done by crabrules.oh_crab already; doing it again changes nothing
    >>> state = initial_state(Config(players=3, modules={"asymmetry"}), seed=1)
    >>> action = parse_action(state, "red: skills sprinter")
    >>> action
    ChooseSkills(player=0, cards=(0,))
    >>> action_to_str(state, action)
    'red: skills sprinter'
    """
    for verb, kind, read, write in _NOTATION:
        register_verb(verb, read)
        notation_of.register(kind, write)


class AdventureViews:
    """The Adventure Pack's :class:`~crabrules.oh_crab.view._observe.ViewParts`."""

    def invariants(self) -> Sequence[Invariant[Observation]]:
        """See :data:`crabrules.oh_crab.adventure._pack_check.VIEW_INVARIANTS`."""
        return hidden.VIEW_INVARIANTS


#: The pack's view parts, registered by :func:`register_views`.
VIEW_PARTS = AdventureViews()


def _spied(event: Spied, player: PlayerId | None) -> AnyEvent:
    if event.player == player:
        return event
    # Module 4: a Spy shows the cards to the spy alone ("without showing it").
    hidden = (HIDDEN,) * len(event.cards)
    return attrs.evolve(event, cards=hidden, names=("",) * len(event.cards))


def _flipped(event: SurpriseFlipped, player: PlayerId | None) -> AnyEvent:
    if not event.kept or event.player == player:
        return event
    # A Treasure kept for later: its finder alone looks at it.
    return attrs.evolve(event, token=HIDDEN, name="")


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
    for kind, sentence in ACTION_SENTENCES.items():
        sentence_of.register(kind, sentence)
    for kind, said in EVENT_SENTENCES.items():
        event_sentence.register(kind, said)
    seen_by.register(Spied, _spied)
    seen_by.register(SurpriseFlipped, _flipped)
    for kind, marks in asymmetry_render.ASYMMETRY_MARKS.items():
        marked_by.register(kind, marks)
    expansion.masked.register(Adventure, hidden.mask)
    expansion.dealt.register(Adventure, deal)
    expansion.player_lines.register(
        Adventure, lambda part, state, rules: asymmetry_render.asymmetry_lines(state, rules)
    )
    expansion.table_lines.register(
        Adventure, lambda part, view, rules: adventure_lines(view, rules)
    )
    expansion.table_pieces.register(Adventure, pictures.table_pieces)
    expansion.panel_pieces.register(Adventure, pictures.panel_pieces)
    expansion.surprise_board.register(Adventure, _surprise_board)
    expansion.acting_crab.register(Adventure, _acting_crab)
    expansion.resolving_step.register(Adventure, _resolving_step)
