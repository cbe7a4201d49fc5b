"""The table in a real browser: Debian's Chromium, headless, driven by Playwright (which
downloads nothing: `executable_path`). The Storyteller on a laptop and two players on
phones, in three browser contexts, play through a request, a ruling, a fight turn, and the
ruling cast and counterspelled on the board; the pages follow every change live, and
reconnect when the server restarts.

Screenshots (a phone and the Storyteller's screen) go to `build/screenshots/`; the README's
two are copies of them in `docs/screenshots/`.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from adjudicator.language.models import Models
from adjudicator.ledger.database import open_ledger
from adjudicator.ledger.spell_requests import request_spell
from adjudicator.rules.words import parse_words
from adjudicator.table.access import load_tokens
from adjudicator.table.service import TableConfig, TableService
from tests.table.live_server import LiveServer

CHROMIUM = Path("/usr/bin/chromium")
SHOTS = Path(__file__).resolve().parents[2] / "build" / "screenshots"
ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
    "--disable-component-update", "--disable-sync", "--no-first-run",
]  # fmt: skip
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True,
         "device_scale_factor": 2}  # fmt: skip
SCREEN = {"viewport": {"width": 1280, "height": 800}}
WAIT_MS = 60_000

pytestmark = [
    pytest.mark.models,
    pytest.mark.slow,
    pytest.mark.skipif(
        not CHROMIUM.exists(), reason="needs Debian's chromium (make test installs it)"
    ),
]


@pytest.fixture
def live(ledger_file: Path, models: Models) -> Iterator[LiveServer]:
    tokens = load_tokens(ledger_file, ["Ann", "Bram"])
    config = TableConfig(ledger=ledger_file, tokens=tokens, models=models)
    service = TableService(config)
    service.warm()  # as `serve` does before it opens: the models are the session's
    server = LiveServer(config, service).start()
    try:
        yield server
    finally:
        server.stop()


def test_a_request_a_ruling_and_a_fight_turn_at_a_live_table(
    live: LiveServer, ledger_file: Path, tmp_path: Path
) -> None:
    from playwright.sync_api import expect, sync_playwright

    os.environ.setdefault("PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD", "1")
    tokens = live.config.tokens
    SHOTS.mkdir(parents=True, exist_ok=True)
    expect.set_options(timeout=WAIT_MS)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch_persistent_context  # one profile per context
        contexts = {
            who: browser(
                str(tmp_path / f"profile-{who}"),
                executable_path=str(CHROMIUM),
                args=ARGS,
                headless=True,
                **(SCREEN if who == "storyteller" else PHONE),
            )
            for who in ("storyteller", "Ann", "Bram")
        }
        try:
            pages = {}
            for who, context in contexts.items():
                token = tokens.storyteller if who == "storyteller" else tokens.players[who]
                page = context.pages[0] if context.pages else context.new_page()
                page.goto(f"{live.url}/?token={token}")
                expect(page.locator("#live")).to_have_text("live")
                pages[who] = page
            screen, ann, bram = pages["storyteller"], pages["Ann"], pages["Bram"]

            # Ann submits Words for the Deck and answers the homonym prompts by number.
            ann.fill("#deck-words", "Lead Mist Metal Speech Summon")
            ann.click("#deck-form button[type=submit]")
            expect(ann.locator(".prompt[data-word=Lead]")).to_be_visible()
            for _ in range(6):
                if ann.locator("#deck-done").count():
                    break
                ann.locator(".prompt .choice[data-choice='1']").first.click()
                ann.wait_for_function("() => !document.getElementById('prompts').dataset.busy")
            expect(ann.locator("#deck-done")).to_contain_text("Ann submitted")

            # Bram drafts a spell: coverage follows his typing, then he sends it.
            bram.fill("#draft-words", "Become Speech")
            bram.fill("#draft-intent", "make the guard speak the truth")
            expect(bram.locator("#coverage .coverage-table")).to_be_visible()
            bram.click("#send")
            expect(bram.locator("#requests li[data-id=Q1]")).to_contain_text("waiting")

            # The Storyteller sees it arrive, analysed, without reloading, and approves it.
            request = screen.locator(".request.open[data-id=Q1]")
            expect(request.locator(".coverage-table")).to_be_visible()
            request.locator("input[name=duration]").fill("one round")
            request.locator("input[name=reason]").fill("the guard hears his own words")
            request.locator("button.rule").click()
            expect(screen.locator(".request.done[data-id=Q1]")).to_contain_text("ruled R1")
            expect(bram.locator("#requests li[data-id=Q1] .status")).to_have_text("approved (R1)")

            # A player's token cannot rule, even by calling the API from their page.
            status = bram.evaluate(
                """async (token) => (await fetch('/api/requests/Q1/ruling', {method: 'POST',
                    headers: {Authorization: 'Bearer ' + token, 'Content-Type': 'application/json'},
                    body: JSON.stringify({verdict: 'vetoed'})})).status""",
                tokens.players["Bram"],
            )
            assert status == 403

            # A fight turn on the Storyteller's screen moves Snazzle on both phones.
            screen.locator("button.action[data-label='Move unit=Snazzle to=D2']").click()
            for phone in (ann, bram):
                phone.wait_for_function(
                    "() => JSON.parse(document.getElementById('board').dataset.units || '{}')"
                    ".Snazzle === 'D2'",
                    timeout=WAIT_MS,
                )
            expect(ann.locator("#turn")).to_contain_text("Your turn")
            for page in (screen, bram):  # a tap clears a notice from what it covers
                if page.locator("#toast").is_visible():
                    page.locator("#toast").click()
                expect(page.locator("#toast")).to_be_hidden()
            screen.evaluate("() => window.scrollTo(0, 0)")
            screen.screenshot(path=str(SHOTS / "table-screen.png"))
            bram.locator("#draft-card").evaluate("card => window.scrollTo(0, card.offsetTop - 56)")
            bram.screenshot(path=str(SHOTS / "table-phone.png"))

            # Grum's turn: the Storyteller casts R1 on the Orc from the target picker, and
            # counterspells it with the Orc's [Fly]; a player's token may do neither.
            board = screen.locator("#board")
            for _ in range(4):
                acting = board.get_attribute("data-acting")
                if acting == "Grum":
                    break
                screen.locator("button.action[data-label=EndTurn]").click()
                expect(board).not_to_have_attribute("data-acting", str(acting))
            cast = screen.locator(".cast-row").first
            cast.locator("select.cast-target").select_option(label="on Orc without an attack roll")
            spell = "Cast R1 [Become] [Speech] on Orc without an attack roll"
            expect(cast.locator("button.cast")).to_have_text(spell)
            cast.locator("button.cast").click()
            counter = screen.locator(
                "button.counter", has_text="Counter [Speech] with [Fly] by Orc"
            )
            counter.click()
            expect(screen.locator("button.counter", has_text="by Grum").first).to_be_visible()
            if screen.locator("#toast").is_visible():
                screen.locator("#toast").click()
            screen.locator("#board-card").evaluate(
                "card => window.scrollTo(0, card.offsetTop - 56)"  # below the sticky header
            )
            screen.screenshot(path=str(SHOTS / "table-spells.png"))
            status = ann.evaluate(
                """async (token) => (await fetch('/api/combat/counter', {method: 'POST',
                    headers: {Authorization: 'Bearer ' + token, 'Content-Type': 'application/json'},
                    body: JSON.stringify({unit: 'Orc', words: ['Fly']})})).status""",
                tokens.players["Ann"],
            )
            assert status == 403

            # The server restarts: the pages reconnect and show what changed meanwhile.
            port = live.port
            live.stop()
            expect(screen.locator("#live")).to_have_text("reconnecting")
            with open_ledger(ledger_file) as book:  # a write while the table is down
                request_spell(book, "Bram", "Grum", parse_words("Become Person"), "hide")
            live.port = port
            live.start()
            expect(screen.locator("#live")).to_have_text("live")
            expect(screen.locator(".request.open[data-id=Q2]")).to_be_visible()
            expect(bram.locator("#requests li[data-id=Q2]")).to_be_visible()
        finally:
            for context in contexts.values():
                context.close()
    docs = Path(__file__).resolve().parents[2] / "docs" / "screenshots"
    if os.environ.get("ADJUDICATOR_UPDATE_SCREENSHOTS"):
        docs.mkdir(exist_ok=True)
        for name in ("table-screen.png", "table-phone.png"):
            shutil.copyfile(SHOTS / name, docs / name)
