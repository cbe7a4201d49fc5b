"""`make demo`: a short session of Words of Power, as the Storyteller sees it.

Every step is a real command run against a new campaign ledger in a temporary folder, with
its real output; nothing here is canned. Run with `python -m adjudicator.demo`.
"""

from __future__ import annotations

import io
import os
import sys
import tempfile
from pathlib import Path

import typer
from rich.console import Console
from rich.rule import Rule

from adjudicator.cli import app


class Table:
    """Runs commands through the real CLI in this process and shows them as typed."""

    def __init__(self, console: Console) -> None:
        self.console = console
        self.command = typer.main.get_command(app)
        self.failures = 0

    def say(self, text: str) -> None:
        self.console.print(f"[italic]{text}[/]")

    def run(self, *args: str, expect_error: bool = False) -> None:
        """Show a command line and run it; count it as a failure if it ends unexpectedly."""
        shown = " ".join(_shell_word(arg) for arg in args)
        self.console.print(f"$ adjudicator {shown}", style="bold cyan", markup=False)
        stdin, sys.stdin = sys.stdin, io.StringIO()  # a script: nobody answers prompts
        try:
            code = self.command.main(list(args), prog_name="adjudicator", standalone_mode=False)
        except SystemExit as stop:
            code = stop.code
        finally:
            sys.stdin = stdin
        failed = bool(code) != expect_error
        if failed:
            self.console.print(f"[bold red](demo: unexpected exit code {code})[/]")
        self.failures += failed
        self.console.print()

    def chapter(self, title: str) -> None:
        self.console.print(Rule(title))


def _shell_word(arg: str) -> str:
    """An argument as a person would type it in a POSIX shell: double quotes when needed."""
    if arg and all(c.isalnum() or c in "-_./=:,@+" for c in arg):
        return arg
    escaped = "".join("\\" + c if c in '"\\$`' else c for c in arg)
    return f'"{escaped}"'


def play(table: Table, folder: Path) -> None:
    """The session, chapter by chapter."""
    table.chapter("1. The campaign")
    table.say("A new campaign ledger: one SQLite file, seeded with the rulebook's own rulings.")
    table.run("init", "--name", "The Shadehill Guard")
    for player in ("Ana", "Bo", "Cy"):
        table.run("player", "add", player)
    table.run("character", "add", "Snazzle", "--player", "Ana", "--snazzle")
    table.run(
        "character", "add", "Grusk", "--player", "Bo", "--faction", "Orc",
        "--tags", "Brave, Loud, Loyal", "--words", "[Summon] [Decrease] [Strike]",
        "--sense", "Strike=to hit", "--armor", "Chainmail", "--weapon", "Axe",
    )  # fmt: skip
    table.run(
        "character", "add", "Lirael", "--player", "Cy", "--faction", "Elf",
        "--tags", "Patient, Curious, Proud", "--words", "[Metal] [Fire] [Heal]",
        "--sense", "Fire=flames", "--armor", "Cloth", "--weapon", "Crossbow",
    )  # fmt: skip
    table.run("session", "start", "--title", "The ambush at the mill")

    table.say("Each player submits 5-10 Words for the Deck. Ana's list has a typo and a compound:")
    table.run("deck", "submit", "Ana", "Teleprot, Fireball, Mist, Stone, Lead", expect_error=True)
    table.say(
        "Fixed. \"If you submit a word that's a homonym, such as 'lead', be sure to specify"
        ' which one you mean": the tool asks for the meaning of [Lead], and of any other Word'
        " with two unrelated everyday meanings:"
    )
    table.run("deck", "submit", "Ana", "Teleport, Fire, Ball, Mist, Stone, Lead", expect_error=True)
    table.run(
        "deck", "submit", "Ana", "Teleport, Fire, Ball, Mist, Stone, Lead",
        "--sense", "Lead=the heavy grey metal", "--sense", "Fire=flames",
        "--sense", "Ball=a round object", "--sense", "Stone=rock",
    )  # fmt: skip
    table.run(
        "deck", "submit", "Bo", "Speech, Fly, Zone, Wall, Shadow",
        "--sense", "Fly=to travel through the air", "--sense", "Zone=an area",
        "--sense", "Wall=a barrier", "--sense", "Shadow=shade",
    )  # fmt: skip
    table.run(
        "deck", "submit", "Cy", "Ball, Trap, Mist, Person, Heart",
        "--sense", "Ball=a round object", "--sense", "Trap=to trap prey",
        "--sense", "Heart=the seat of feelings",
    )  # fmt: skip
    table.say(
        "Approved cards join the bottom of the pile. For a story that repeats, this demo deals"
        " in approval order; at a real table the Storyteller runs `deck shuffle` first."
    )
    table.run("deck", "approve", "Cy", "[Ball] [Trap] [Mist]")
    table.run("deck", "approve", "Ana", "[Mist] [Lead] [Stone]")
    table.run("deck", "approve", "Bo", "[Speech] [Fly]")
    for player in ("Ana", "Bo", "Cy"):
        table.run("deck", "approve", player)
    table.say("Full successes and killing blows earlier in the evening drew these cards:")
    for player, times in (("Cy", 4), ("Ana", 2), ("Bo", 2)):
        for _ in range(times):
            table.run("deck", "draw", player, "--for", "full-success")
    table.run("deck", "status")

    table.chapter("2. Checking and drafting spells")
    table.say(
        "Bo wants Grusk to make a guard stop talking: [Decrease] is Grusk's Inherent Word,"
        " [Speech] is in Bo's hand. The coverage table shows which Word covers each concept:"
    )
    table.run(
        "spell", "check", "--caster", "Grusk", "[Decrease] [Speech]", "make this guy stop talking"
    )
    table.say(
        'Cy tries [Fire] [Ball] to trap a balloon. "They could not trap a [Ball] with [Fire],'
        ' if they did not also have [Trap]."'
    )
    table.run("spell", "check", "--caster", "Lirael", "[Fire] [Ball]", "trap a balloon with fire")
    table.say("The draft assistant looks through Lirael's Inherent Words and Cy's hand:")
    table.run("spell", "draft", "--caster", "Lirael", "trap a balloon with fire")

    table.chapter("3. Rulings and precedent")
    table.say("Lirael's [Metal] is Inherent; [Mist] comes from Cy's hand and is spent.")
    table.run(
        "ruling", "add", "--caster", "Lirael", "[Metal] [Mist]",
        "fill the corridor with a metal mist that shreds anyone who moves through it",
        "--approve", "--area", "one ring of the Battle Board", "--damage", "1",
        "--reason", "the rulebook's own example",
    )  # fmt: skip
    table.run("session", "end")
    table.run("session", "start", "--title", "The foundry")
    table.say(
        "Lirael casts [Metal] [Mist] again. The Storyteller, now wanting [Summon] too, tries"
        " a veto, and the ledger catches it as stricter than precedent:"
    )
    table.run(
        "ruling", "add", "--caster", "Lirael", "[Metal] [Mist]",
        "fill the foundry hall with a mist of metal shards that cuts whoever walks in it",
        "--veto", "--needs", "Summon", expect_error=True,
    )  # fmt: skip
    table.say("So the Storyteller changes the policy openly, before ruling:")
    table.run(
        "policy", "announce", "Conjuring metal from nothing now needs [Summon]",
        "--supersedes", "R1", "--concept", "Summon",
    )  # fmt: skip
    table.run(
        "ruling", "add", "--caster", "Lirael", "[Metal] [Mist]",
        "fill the foundry hall with a mist of metal shards that cuts whoever walks in it",
        "--veto", "--needs", "Summon", "--reason", "policy P1",
    )  # fmt: skip
    table.run("ruling", "list")

    table.chapter("4. A homonym in the wrong meaning")
    table.say(
        "Ana's [Lead] was declared as the heavy grey metal. Snazzle now wants it to guide:"
        ' "[Lead] [Person] cannot both lure a person and petrify them."'
    )
    table.run(
        "spell", "check", "--caster", "Snazzle", "[Convince] [Lead]",
        "lead the guards away from the gate",
    )  # fmt: skip
    table.run("ledger", "verify")

    fight(table)

    table.chapter("6. The ruling log")
    markdown, html = folder / "ruling-log.md", folder / "ruling-log.html"
    table.run("export", "--format", "md", "--out", str(markdown))
    table.run("export", "--format", "html", "--out", str(html))
    table.say(f"Markdown (an Obsidian note): {markdown}")
    table.say(f"HTML (one self-contained file): {html}")

    table.chapter("7. At the table")
    table.say(
        "`adjudicator serve` opens the live table: the Storyteller's screen and every player's"
        " phone, one live view of this ledger. Each link carries its own secret token:"
    )
    table.run("table", "links")


def fight(table: Table) -> None:
    """A short fight on the Battle Board; every die is entered as it fell at the table."""
    table.chapter("5. A fight on the Battle Board")
    table.say("Two more players join for the temple raid, and fill this session's Deck.")
    table.run("player", "add", "Ann")
    table.run("player", "add", "Bram")
    table.run(
        "character", "add", "Pink", "--player", "Ann", "--faction", "Orc",
        "--tags", "Keen, Quiet, Quick", "--words", "Strike, Hide, Seek",
        "--sense", "Strike=1", "--sense", "Hide=1", "--sense", "Seek=to search",
        "--weapon", "Crossbow=Ranged",
    )  # fmt: skip
    table.run(
        "character", "add", "Sage", "--player", "Bram", "--faction", "Orc",
        "--tags", "Wise, Calm, Old", "--words", "Bind, Mend, Ward",
        "--sense", "Bind=to tie up", "--sense", "Mend=to repair",
        "--sense", "Ward=a protective spell",
    )  # fmt: skip
    table.run(
        "deck", "submit", "Ann", "Fire, Ball, Power, Bind, Mist",
        "--sense", "Fire=flames", "--sense", "Ball=a round object",
        "--sense", "Power=strength", "--sense", "Bind=to tie up",
    )  # fmt: skip
    table.run("deck", "approve", "Ann")
    table.run(
        "deck", "submit", "Bram", "Person, Stone, Fly, Lead, Summon, Heart",
        "--sense", "Lead=the metal", "--sense", "Stone=rock",
        "--sense", "Fly=to travel through the air", "--sense", "Heart=the seat of feelings",
    )  # fmt: skip
    table.run("deck", "approve", "Bram")
    for player in ("Ann", "Bram"):
        for _ in range(5):
            table.run("deck", "draw", player, "--for", "full-success")
    table.run("combat", "start", "--seed", "7", "--title", "The temple steps")
    table.run("combat", "add", "--character", "Pink", "--team", "Party", "--hold", "Crossbow")
    table.run(
        "combat", "add", "--npc", "Knight", "--team", "Party", "--armor", "2/2/2/2",
        "--weapon", "Sword=1d6/1d6",
    )  # fmt: skip
    table.run("combat", "add", "--character", "Sage", "--team", "Party")
    table.run("combat", "add", "--npc", "Red", "--team", "Temple", "--weapon", "Crossbow=Ranged")
    table.run("combat", "add", "--npc", "Orc", "--team", "Temple", "--weapon", "Axe")
    table.run("combat", "add", "--npc", "Monk", "--team", "Temple", "--hand", "[Fly]")
    for unit, space in (("Pink", "D3"), ("Knight", "D4"), ("Sage", "D2"), ("Red", "D7"),
                        ("Orc", "D1"), ("Monk", "D5")):  # fmt: skip
        table.run("combat", "place", unit, space)
    table.run("combat", "initiative", "--aggressor", "Party", "--first", "Pink")
    table.run("combat", "board")
    table.say("Pink shoots Red around her allies: the range and hit die first.")
    table.run("combat", "odds", "Pink", "Red")
    table.run("combat", "enhance", "Pink", "Power")
    table.run("combat", "attack", "Pink", "Red", "--dice", "3 2 4")
    table.run("combat", "end-turn", "--next", "Knight")
    table.say("The Knight's blade finds the Monk's legs:")
    table.run("combat", "attack", "Knight", "Monk", "--dice", "4 6")
    table.run("combat", "end-turn", "--next", "Sage")
    table.say("The Storyteller approves the Sage's spell, which is then cast with a touch attack:")
    table.run(
        "ruling", "add", "--caster", "Sage", "[Bind] [Person]", "bind the orc in place",
        "--approve", "--duration", "one round",
        "--requirements", "touch with an empty hand; spoken aloud",
        "--note", "the orc is bound in place until the Sage's next turn",
    )  # fmt: skip
    table.run("combat", "cast", "Sage", "--ruling", "R3", "--target", "Orc")
    table.say("The Monk counterspells with [Fly]; Pink answers with a counter-counterspell:")
    table.run("combat", "counter", "Monk", "[Fly]", "--over", "1")
    table.run("combat", "counter", "Pink", "[Bind]", "--over", "1")
    table.run("combat", "resolve", "--effect", "the orc is bound in place", "--dice", "2")
    table.run("combat", "end", "--reason", "the temple guards surrender")
    table.run("combat", "log")


def main() -> int:
    console = Console(highlight=False)
    console.print(Rule("Words of Power Adjudicator: a session at the table", style="bold"))
    folder = Path(tempfile.mkdtemp(prefix="wop-demo-"))
    os.environ.pop("ADJUDICATOR_LEDGER", None)  # every command below uses ./campaign.sqlite
    console.print(f"[bold cyan]$ cd {folder}[/]\n")
    table = Table(console)
    old = Path.cwd()
    os.chdir(folder)
    try:
        play(table, folder)
    finally:
        os.chdir(old)
    table.chapter("Done")
    console.print(f"The campaign and its log are in {folder}")
    console.print(
        "To open the live table for it (it runs until Ctrl+C; phones on your network need "
        "--host 0.0.0.0):",
        highlight=False,
    )
    console.print(
        f"  .venv/bin/adjudicator serve --ledger {folder / 'campaign.sqlite'}", markup=False
    )
    return 1 if table.failures else 0


if __name__ == "__main__":
    sys.exit(main())
