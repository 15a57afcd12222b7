"""The reference content section of the Adventure Pack's docs page, generated from the data."""

from __future__ import annotations

from pathlib import Path

from crabrules.oh_crab.adventure._content import AdventureContent
from crabrules.oh_crab.content._primitives import Primitive

PAGE = Path(__file__).parents[2] / "docs" / "games" / "oh-crab-adventure.md"
#: The generated section starts after this line and runs to the end of the page.
MARKER = "<!-- The reference content below is generated from adventure.json: do not edit. -->"


def _steps(steps: tuple[Primitive, ...]) -> str:
    out: list[str] = []
    for step in steps:
        if out and out[-1].startswith(f"`{step.value}`"):
            head, _, times = out[-1].partition(" x")
            out[-1] = f"{head} x{int(times or 1) + 1}"
        else:
            out.append(f"`{step.value}`")
    return ", ".join(out)


def _modules(modules: tuple[object, ...]) -> str:
    return ", ".join(getattr(m, "value", str(m)) for m in modules) or "-"


def content_section(pack: AdventureContent) -> str:
    """The Markdown of every token and card, from ``pack``."""
    out = [MARKER, "", "## The reference content", ""]
    out.append(
        "The library's own design (the rulebook prints no card): every token and card of "
        "`crabrules/oh_crab/content/data/adventure.json`, as the rules read it."
    )
    out += ["", "### Surprise tokens", ""]
    out += [
        "| id | name | kind | immediate (!!/) | effect | steps |",
        "| --- | --- | --- | --- | --- | --- |",
    ]
    for t in pack.surprises:
        flag = "yes" if t.immediate else "no (kept)"
        out.append(
            f"| `{t.id}` | {t.name} | {t.kind.value} | {flag} | {t.text} | {_steps(t.steps)} |"
        )
    out += ["", "### Event cards", ""]
    out += [
        "| id | name | kind | negative | requires | effect | rules |",
        "| --- | --- | --- | --- | --- | --- | --- |",
    ]
    for e in pack.events:
        if e.temporary:
            kind = f"temporary (reminder: {e.reminder.value if e.reminder else '-'})"
            rules = ", ".join(
                f"`{c.rule.value}`"
                + (f" {c.amount}" if c.amount else "")
                + (f" `{c.step.value}`" if c.step else "")
                for c in e.changes
            )
        else:
            kind = "immediate"
            rules = "; ".join(f"{p.who.value}: {_steps(p.steps)}" for p in e.effect)
        negative = "yes" if e.negative else "no"
        needs = _modules(e.requires)
        out.append(f"| `{e.id}` | {e.name} | {kind} | {negative} | {needs} | {e.text} | {rules} |")
    out += ["", "### Challenge cards", ""]
    out += ["| id | name | challenge | counts | requires |", "| --- | --- | --- | --- | --- |"]
    for c in pack.challenges:
        out.append(
            f"| `{c.id}` | {c.name} | {c.text} | `{c.measure.value}` | {_modules(c.requires)} |"
        )
    out += ["", "### Reward cards", ""]
    out += ["| id | name | rewards (one per trophy) |", "| --- | --- | --- |"]
    for r in pack.rewards:
        options = "; ".join(
            f"{k}. {o.name} ({_steps(o.steps)})" for k, o in enumerate(r.options, 1)
        )
        out.append(f"| `{r.id}` | {r.name} | {options} |")
    out.append("")
    return "\n".join(out)
