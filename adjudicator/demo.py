"""`make demo`: a short guided tour of the adjudicator, as a Storyteller sees it.

Each step shows the command a Storyteller would type and its real output; nothing here is
canned. Run with `python -m adjudicator.demo`.
"""

from __future__ import annotations

import random
import sys

import typer
from rich.console import Console
from rich.rule import Rule

from adjudicator.cli import app
from adjudicator.cli.render import character_sheet
from adjudicator.errors import AdjudicatorError
from adjudicator.rules.characters import snazzle
from adjudicator.rules.deck import Deck, DrawReason, Submission
from adjudicator.rules.spells import cast, validate_spell
from adjudicator.rules.vocabulary import check_submission
from adjudicator.rules.words import format_words, parse_words


def run(console: Console, *args: str) -> int:
    """Show a command line, then run it through the real CLI in this process."""
    console.print(f"[bold cyan]$ adjudicator {' '.join(_quote(a) for a in args)}[/]")
    command = typer.main.get_command(app)
    try:
        code = command.main(list(args), prog_name="adjudicator", standalone_mode=False)
    except SystemExit as stop:
        code = stop.code
    console.print()
    return int(code or 0)


def _quote(arg: str) -> str:
    return f'"{arg}"' if (" " in arg or "[" in arg or not arg) else arg


def build_the_deck(console: Console) -> Deck:
    """Players submit Words; typos and compounds are caught; the Storyteller approves."""
    console.print(Rule("The Deck", style="dim"))
    console.print("Snazzle, the rulebook's sample character, joins the table:")
    console.print(character_sheet(snazzle()))
    console.print()
    deck = Deck(session=1)
    submissions = [  # (player, as first written, as resubmitted after the check)
        ("Ana", "Teleprot, Fireball, Metal, Mist, Lead", "Teleport, Fire, Ball, Metal, Mist, Lead"),
        ("Bo", "Speech, Decrease, Zone, Trap, Fly", None),
    ]
    for player, text, corrected in submissions:
        words = parse_words(text)
        console.print(f"{player} submits {format_words(words)}")
        for finding in check_submission(words, deck.words):
            console.print(f"  [yellow]![/] {finding.message}")
        if corrected is not None:
            words = parse_words(corrected)
            console.print(f"{player} fixes it: {format_words(words)}")
        deck = deck.submit(Submission(player, words))
    senses = {"Lead": "the heavy grey metal"}
    for entry in deck.pending:
        deck = deck.approve(entry.player, entry.word, sense=senses.get(entry.word.text))
    console.print(
        f"The Storyteller approves {len(deck.pile)} Words; [Lead] is declared as "
        f"{senses['Lead']!r}."
    )
    deck = deck.shuffle(random.Random(7))
    deck, card = deck.draw("Snazzle", DrawReason.SKILL_CHECK_FULL_SUCCESS)
    console.print(f"Snazzle fully succeeded at a check and draws {card}.\n")
    return deck


def cast_spells(console: Console, deck: Deck) -> None:
    """Spell structure: one Inherent Word, the rest Drawn from the hand, and an intent."""
    console.print(Rule("Spells: structure first", style="dim"))
    hero = snazzle()
    hand = deck.hand("Snazzle")
    attempts = [
        (f"[Daze] {hand[0]}", f"daze the guard with a burst of {hand[0].text.lower()}"),
        ("[Convince] [Steal]", "make him hand me the key"),
        (f"[Daze] {hand[0]}", ""),
        ("[Daze] [Teleport]", "blink behind the guard"),
    ]
    for words, intent in attempts:
        console.print(f"Snazzle: {words} — {intent!r}")
        try:
            spell = validate_spell(
                parse_words(words), intent, inherent=hero.inherent_words(), hand=hand
            )
        except AdjudicatorError as error:
            console.print(f"  [red]refused:[/] {error.message}")
            continue
        hand = cast(spell, hand)
        console.print(
            f"  [green]well-formed:[/] {spell.inherent} is Inherent, "
            f"{format_words(spell.drawn)} drawn and consumed; hand now {format_words(hand) or '—'}"
        )
    console.print()


def main() -> int:
    console = Console(highlight=False)
    console.print(Rule("Words of Power Adjudicator — a short tour"))

    console.print(Rule("Skill checks", style="dim"))
    console.print(
        "The player wants to lie to someone who already hates them: 1d6 base + 1d6 for the"
        " unfavourable condition. They play [Convince]: 2d6 against 2d6. First the odds:"
    )
    failures = run(console, "odds", "-d", "2", "-p", "2")
    console.print("The dice hit the table (entered by hand, as they fell):")
    failures += run(
        console, "check", "-d", "2", "-p", "2", "--difficulty-roll", "3 5", "--player-roll", "4 2"
    )
    console.print(
        "Spotting the hidden Orc: 1d6 base, 1d6 for his camouflage, 1d6 for his [Hide], +1 on"
        " a die because he is literally hiding. One player die can beat one of them at most:"
    )
    failures += run(console, "odds", "-d", "3", "--bonus-against")
    failures += run(
        console, "check", "-d", "3", "--bonus-against", "--bonus-on", "1",
        "--difficulty-roll", "1 3 4", "--player-roll", "5",
    )  # fmt: skip
    console.print("A roll of the tool's own dice, repeatable from its seed:")
    failures += run(console, "roll", "3d6", "--seed", "7")

    console.print(Rule("Words", style="dim"))
    failures += run(console, "words", "parse", "decrease, SPEECH")
    console.print("A malformed list is refused, pointing at the problem:")
    run(console, "words", "parse", "[Fire Ball]")

    deck = build_the_deck(console)
    cast_spells(console, deck)

    console.print(Rule("Done"))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
