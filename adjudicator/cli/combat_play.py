"""The one shape of every combat step command, written once: open the ledger, play, print.

A step command is a builder: its own arguments and options, and a body that returns what to
play, an engine `Command` or a ledger step (cast a ruling, enhance, undo...). `@step()` adds
the options every step takes (`--dice/--seed` with `dice=True`, then `--combat`, `--ledger`,
`--json`), the way sqlite-utils bundles `output_options`, and runs what the builder returns:

    @step(dice=True)
    def move_command(unit: UnitArgument, space: SpaceArgument) -> Step:
        # the docstring: the command's help, ending in its Example line
        return Move(unit, Space.parse(space))
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeAlias

from adjudicator.cli._ledger import opened
from adjudicator.cli._options import CombatOption, DiceOption, JsonOption, LedgerOption, SeedOption
from adjudicator.cli.combat_options import dice_spec, report, report_fight
from adjudicator.combat.commands import Command
from adjudicator.combat.record import Record

if TYPE_CHECKING:
    from pathlib import Path

    from adjudicator.combat.commands import Command
    from adjudicator.combat.state import CombatState
    from adjudicator.ledger.database import Ledger
    from adjudicator.ledger.fights.combats import Outcome
    from adjudicator.ledger.fights.systems import FightOutcome

    #: A ledger step: given the ledger and the `--combat` chosen, it plays and says how it went.
    LedgerStep: TypeAlias = Callable[[Ledger, str | None], Outcome | FightOutcome]
    #: What a step command's builder returns (another system's command is a `Record`).
    Step: TypeAlias = Command | Record | LedgerStep


def _option(name: str, annotation: Any, default: Any) -> inspect.Parameter:
    return inspect.Parameter(
        name, inspect.Parameter.POSITIONAL_OR_KEYWORD, default=default, annotation=annotation
    )


#: The options every step takes, last in its help, in this order.
_DICE = (_option("dice", DiceOption, None), _option("seed", SeedOption, None))
_WHERE = (
    _option("combat", CombatOption, None),
    _option("ledger", LedgerOption, None),
    _option("as_json", JsonOption, False),
)


def step(
    *, dice: bool = False, system: str | None = None
) -> Callable[[Callable[..., Step]], Callable[..., None]]:
    """Turn a builder into a Typer command that plays what it builds on the stored combat;
    with `system`, a command of that game system (`combat murdham ...`) on one of its fights."""
    shared = (*_DICE, *_WHERE) if dice else _WHERE

    def wrap(build: Callable[..., Step]) -> Callable[..., None]:
        own = _parameters(build)

        def command(**values: Any) -> None:
            options = {parameter.name: values.pop(parameter.name) for parameter in shared}
            play(build(**values), system=system, **options)

        command.__name__ = build.__name__
        command.__qualname__ = build.__qualname__
        command.__module__ = build.__module__
        command.__doc__ = build.__doc__
        command.__signature__ = inspect.Signature([*own, *shared])  # type: ignore[attr-defined]
        return command

    return wrap


def _parameters(build: Callable[..., Any]) -> list[inspect.Parameter]:
    """The builder's parameters with their annotations evaluated, as Typer reads them (the
    builder's return type is left out: it names classes imported only for type checking)."""
    namespace = getattr(build, "__globals__", {})
    return [
        parameter.replace(annotation=eval(parameter.annotation, namespace))
        if isinstance(parameter.annotation, str)
        else parameter
        for parameter in inspect.signature(build).parameters.values()
    ]


def play(
    what: Step,
    *,
    system: str | None = None,
    dice: str | None = None,
    seed: int | None = None,
    combat: str | None = None,
    ledger: Path | None = None,
    as_json: bool = False,
) -> None:
    """Play an engine command (with its dice) or a ledger step on the stored combat; print it."""
    from adjudicator.ledger.fights.combats import (
        play as play_command,  # lazy: heavy import (sqlite-utils)
    )
    from adjudicator.ledger.fights.systems import (
        FightOutcome,
        play_fight,  # lazy: heavy import (sqlite-utils)
    )

    outcome: Outcome | FightOutcome
    if isinstance(what, Command):
        spec = dice_spec(dice, seed)
        with opened(ledger) as book:
            outcome = play_command(book, what, combat_id=combat, dice=spec)
    elif isinstance(what, Record):
        if system is None:
            raise TypeError(f"{type(what).__name__} needs its game system")
        with opened(ledger) as book:
            outcome = play_fight(book, system, what, combat_id=combat, dice=dice_spec(dice, seed))
    else:
        with opened(ledger) as book:
            outcome = what(book, combat)
    if isinstance(outcome, FightOutcome):
        report_fight(outcome, as_json)
    else:
        report(outcome, as_json)


def built(make: Callable[[CombatState], Command]) -> LedgerStep:
    """A ledger step playing the command `make` builds from the fight as it stands (a Tag
    held by the payer, say)."""
    from adjudicator.ledger.fights.combats import play_built  # lazy: heavy import (sqlite-utils)

    return lambda book, combat: play_built(book, make, combat_id=combat)
