"""The table in a real browser: Debian's Chromium, headless, driven by Playwright (which
downloads nothing: `executable_path`). The Storyteller on a laptop and two players on
phones, in three browser contexts, play through a request, a ruling, a fight turn, and the
ruling cast and counterspelled on the board; the pages follow every change live, and
reconnect when the server restarts.

Screenshots (a phone and the Storyteller's screen) go to `build/screenshots/`; the README's
two are copies of them in `docs/screenshots/`.
"""

from __future__ import annotations

import json
import os
import shutil
import urllib.request
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from adjudicator.language.models import Models
from adjudicator.ledger.database import open_ledger
from adjudicator.ledger.spell_requests import request_spell
from adjudicator.rules.words import parse_words
from adjudicator.table.access import load_tokens
from adjudicator.table.service import TableConfig, TableService
from tests.table.campaign import murdham_fight
from tests.table.live_server import LiveServer

if TYPE_CHECKING:
    from playwright.sync_api import Page

CHROMIUM = Path("/usr/bin/chromium")
SHOTS = Path(__file__).resolve().parents[2] / "build" / "screenshots"
ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
    "--disable-component-update", "--disable-sync", "--no-first-run",
]  # fmt: skip
PHONE: dict[str, Any] = {"viewport": {"width": 390, "height": 844}, "is_mobile": True,
                         "has_touch": True, "device_scale_factor": 2}  # fmt: skip
SCREEN: dict[str, Any] = {"viewport": {"width": 1280, "height": 800}}
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


def token_of(live: LiveServer, who: str) -> str:
    tokens = live.config.tokens
    return tokens.storyteller if who == "storyteller" else tokens.players[who]


@contextmanager
def opened(
    live: LiveServer, tmp_path: Path, pages: Mapping[str, tuple[str, Mapping[str, Any]]]
) -> Iterator[dict[str, Page]]:
    """A page for each name: (who, the device's viewport), each in a browser profile of its
    own, opened at that one's link and live."""
    from playwright.sync_api import expect, sync_playwright

    os.environ.setdefault("PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD", "1")
    expect.set_options(timeout=WAIT_MS)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch_persistent_context  # one profile per context
        contexts = {
            name: browser(
                str(tmp_path / f"profile-{name}"),
                executable_path=str(CHROMIUM),
                args=ARGS,
                headless=True,
                **device,
            )
            for name, (_, device) in pages.items()
        }
        try:
            opened_pages = {}
            for name, context in contexts.items():
                page = context.pages[0] if context.pages else context.new_page()
                page.goto(f"{live.url}/?token={token_of(live, pages[name][0])}")
                expect(page.locator("#live")).to_have_text("live")
                opened_pages[name] = page
            yield opened_pages
        finally:
            for context in contexts.values():
                context.close()


def post(live: LiveServer, who: str, path: str, body: object) -> Any:
    """A JSON POST to the table with `who`'s token, as their page sends it."""
    request = urllib.request.Request(
        live.url + path,
        data=json.dumps(body).encode(),
        headers={"Authorization": f"Bearer {token_of(live, who)}",
                 "Content-Type": "application/json"},
        method="POST",
    )  # fmt: skip
    with urllib.request.urlopen(request, timeout=WAIT_MS / 1000) as answer:
        return json.loads(answer.read())


def test_a_request_a_ruling_and_a_fight_turn_at_a_live_table(
    live: LiveServer, ledger_file: Path, tmp_path: Path
) -> None:
    from playwright.sync_api import expect

    tokens = live.config.tokens
    SHOTS.mkdir(parents=True, exist_ok=True)
    devices = {"storyteller": ("storyteller", SCREEN), "Ann": ("Ann", PHONE),
               "Bram": ("Bram", PHONE)}  # fmt: skip
    with opened(live, tmp_path, devices) as pages:
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
        bram.fill("#draft-intent", "make the guard tell the truth")
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
        expect(screen.locator("#nothing-waiting")).to_have_text("Nothing waiting.")
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
        expect(ann.locator("#turn")).to_have_text("Your turn! Snazzle's turn, 1 action left")
        expect(screen.locator("#whose")).to_have_text("Round 1: Snazzle's turn, 1 action left")
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
        counter = screen.locator("button.counter", has_text="Counter [Speech] with [Fly] by Orc")
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
    docs = Path(__file__).resolve().parents[2] / "docs" / "screenshots"
    if os.environ.get("ADJUDICATOR_UPDATE_SCREENSHOTS"):
        docs.mkdir(exist_ok=True)
        for name in ("table-screen.png", "table-phone.png"):
            shutil.copyfile(SHOTS / name, docs / name)


def test_a_ruling_rechecks_the_spells_a_phone_and_the_queue_show(
    live: LiveServer, tmp_path: Path
) -> None:
    """ "If [Metal] [Mist] was enough one day, they should not require [Summon] [Metal] [Mist]
    the next": once the Storyteller rules, the coverage line of a spell a player is drafting
    and the analysis of a request still waiting follow the ruling, with no reload."""
    from playwright.sync_api import expect

    devices = {"storyteller": ("storyteller", SCREEN), "Bram": ("Bram", PHONE)}
    with opened(live, tmp_path, devices) as pages:
        screen, bram = pages["storyteller"], pages["Bram"]
        bram.fill("#draft-words", "Become Speech")
        bram.fill("#draft-intent", "make the guard tell the truth")
        verdict = bram.locator("#coverage .verdict")
        expect(verdict).to_contain_text("Coverage: not covered")  # nothing covers "truth"
        for asked in ("Q1", "Q2"):  # the same spell twice: one to rule, one left waiting
            bram.click("#send")
            expect(bram.locator(f"#requests li[data-id={asked}]")).to_be_visible()
        waiting = screen.locator(".request.open[data-id=Q2]")
        expect(waiting.locator(".coverage-table")).to_be_visible()
        expect(waiting.locator(".conflict")).to_have_count(0)

        ruled = post(live, "storyteller", "/api/requests/Q1/ruling", {"verdict": "approved"})
        assert ruled["ruling"]["id"] == "R1"
        expect(verdict).to_contain_text("Coverage: covered, as ruled in R1")
        truth = bram.locator("#coverage .coverage-table tr", has_text="truth")
        expect(truth).to_contain_text("as ruled in R1")  # not "nothing" under "covered"
        expect(truth).to_have_class("ok")
        expect(waiting.locator(".conflict")).to_contain_text("If vetoed")
        expect(waiting.locator(".conflict")).to_contain_text("R1")


def test_the_storytellers_screen_is_compact_while_nothing_waits(
    live: LiveServer, ledger_file: Path, tmp_path: Path
) -> None:
    """With no request waiting, the requests are one short line and the board and the ruling
    log take the screen, on a laptop and on a phone; a request coming in takes its room."""
    from playwright.sync_api import expect

    devices = {"laptop": ("storyteller", SCREEN), "phone": ("storyteller", PHONE)}
    with opened(live, tmp_path, devices) as pages:
        for name, page in pages.items():
            expect(page.locator("#nothing-waiting")).to_have_text("Nothing waiting.")
            expect(page.locator("#no-rulings")).to_have_text("No rulings yet.")
            expect(page.locator("#board-svg")).to_be_visible()
            name_cut = "e => e.scrollWidth > e.clientWidth"  # the campaign's name, whole
            assert not page.locator(".campaign").evaluate(name_cut), f"{name}: name cut off"
            queue, board, log = (
                page.locator(card).bounding_box()
                for card in ("#queue-card", "#board-card", "#log-card")
            )
            assert queue is not None and board is not None and log is not None
            width = SCREEN["viewport"]["width"] if name == "laptop" else PHONE["viewport"]["width"]
            assert queue["height"] < 150, f"{name}: the empty request card is {queue['height']}px"
            assert page.evaluate("() => document.documentElement.scrollWidth") <= width
            below_queue = queue["y"] + queue["height"] + 40
            if name == "laptop":  # the board beside the line, the log right under it
                assert abs(board["y"] - queue["y"]) < 2 and board["width"] > 0.55 * width
                assert log["y"] < below_queue
            else:  # one column of full-width cards: the board right after the line
                assert board["y"] < below_queue and abs(queue["width"] - board["width"]) < 2
            SHOTS.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(SHOTS / f"table-screen-idle-{name}.png"))

        with open_ledger(ledger_file) as book:
            request_spell(book, "Bram", "Grum", parse_words("Become Person"), "hide")
        laptop = pages["laptop"]
        expect(laptop.locator(".request.open[data-id=Q1] .coverage-table")).to_be_visible()
        expect(laptop.locator("#nothing-waiting")).to_have_count(0)
        queue, board = (laptop.locator(c).bounding_box() for c in ("#queue-card", "#board-card"))
        assert queue is not None and board is not None
        assert abs(queue["width"] - board["width"]) < 2  # the two columns share the width


def test_the_screen_and_the_phones_show_another_systems_fight(
    live: LiveServer, ledger_file: Path, tmp_path: Path
) -> None:
    """A Murdham fight started while the table is open takes the board: its status as text,
    a line per character and whose turn it is, on the Storyteller's screen and on phones."""
    from playwright.sync_api import expect

    devices = {"storyteller": ("storyteller", SCREEN), "Bram": ("Bram", PHONE),
               "Ann": ("Ann", PHONE)}  # fmt: skip
    with opened(live, tmp_path, devices) as pages:
        screen, bram, ann = pages["storyteller"], pages["Bram"], pages["Ann"]
        expect(screen.locator("#board-svg")).to_be_visible()
        murdham_fight(ledger_file)
        expect(screen.locator("#fight-text")).to_contain_text("[Deck]")
        expect(screen.locator("#whose")).to_contain_text("Grum's turn: 2 zones of movement")
        expect(screen.locator("#roster li")).to_have_count(2)
        expect(bram.locator("#turn")).to_contain_text("Your turn! round 1")
        expect(bram.locator("#roster")).to_contain_text("Bandit (Bandits)")
        expect(ann.locator("#turn")).not_to_contain_text("Your turn")
        expect(ann.locator("#turn")).to_contain_text("Grum's turn")
