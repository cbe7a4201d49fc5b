"""What the table's pages and API do, as plain methods over the library: each opens the
ledger, checks who may do it, calls the functions the CLI commands call, and returns JSON.

One `TableService` per server process holds the models (loaded once, warmed at start) and a
lock around the language work: spaCy and the sentence encoder are shared, and one caller at
a time uses them. Ledger writes need no lock of ours: SQLite's write lock orders them, also
against the CLI writing to the same file.
"""

from __future__ import annotations

import re
import threading
from collections.abc import Callable, Iterator, Mapping
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from adjudicator.combat.svg import svg_board
from adjudicator.combat.systems import DEFAULT_SYSTEMS
from adjudicator.combat.systems.views import view_of
from adjudicator.errors import AdjudicatorError, InvalidInput
from adjudicator.language.inventory import SenseInventory
from adjudicator.ledger.errors import LedgerError
from adjudicator.rules.words import Word, parse_words, with_senses
from adjudicator.table.access import Access, Forbidden, Role, Tokens, read_tokens, tokens_path
from adjudicator.table.board_spells import cast, cast_options, counter, counter_options
from adjudicator.table.odds import request_odds

if TYPE_CHECKING:
    from adjudicator.language.coverage import Coverage
    from adjudicator.language.models import Models
    from adjudicator.ledger.database import Ledger
    from adjudicator.ledger.fights.steps import StoredCombat, StoredFight
    from adjudicator.precedent.ruling_checks import RulingChecks

#: Runs a forwarded CLI command ("spell check", its parameters, the terminal's width) ->
#: {"stdout", "stderr", "exit_code"}.
Forwarder = Callable[[str, Mapping[str, Any], int | None], dict[str, Any]]


@dataclass(frozen=True)
class TableConfig:
    """What a table server serves: the ledger, its links' tokens, the models."""

    ledger: Path
    tokens: Tokens
    models: Models
    local_token: str | None = None
    forward: Forwarder | None = None
    max_body: int = 64 * 1024
    poll_s: float = 0.25


def words_of(value: object, what: str = "words") -> tuple[Word, ...]:
    """Words from JSON: a list of texts ("Lead", "[Metal] [Mist]") or one text."""
    if isinstance(value, str):
        return parse_words(value) if value.strip() else ()
    if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
        raise InvalidInput(f'{what} is a list of Words as text, like ["Fire", "Ball"]')
    return tuple(word for item in value if item.strip() for word in parse_words(item))


def text_of(body: Mapping[str, Any], key: str, *, required: bool = True) -> str | None:
    value = body.get(key)
    if value is None or (isinstance(value, str) and not value.strip()):
        if required:
            raise InvalidInput(f"{key} is required")
        return None
    if not isinstance(value, str):
        raise InvalidInput(f"{key} is text")
    return value


class TableService:
    """The table's operations for one ledger, with this process's models."""

    def __init__(self, config: TableConfig) -> None:
        from adjudicator.table.warm import KeptChecks, KeptVectors  # lazy: heavy import (numpy)

        self.config = config
        self.language = threading.Lock()
        #: The server runs its model work here, one call at a time, off the event loop.
        self.worker = ThreadPoolExecutor(1, thread_name_prefix="table-models")
        self.models: Models = KeptVectors(config.models)
        self.kept = KeptChecks(config.ledger, self.campaign_checks)
        self._coverage: Coverage | None = None
        self._inventory: SenseInventory | None = None
        self._tokens = (self._tokens_stamp(), config.tokens)

    def _tokens_stamp(self) -> float | None:

        try:
            return tokens_path(self.config.ledger).stat().st_mtime
        except OSError:
            return None

    def tokens(self) -> Tokens:
        """The links' tokens, read again when `table links` changed the file (a new player,
        a rotation): a rotated token stops working at once."""

        stamp = self._tokens_stamp()
        if stamp is not None and stamp != self._tokens[0]:
            fresh = read_tokens(self.config.ledger)
            if fresh is not None:
                self._tokens = (stamp, fresh)
        return self._tokens[1]

    # -- plumbing --------------------------------------------------------------------------

    @contextmanager
    def book(self) -> Iterator[Ledger]:
        from adjudicator.ledger.database import open_ledger  # lazy: heavy import (sqlite-utils)

        ledger = open_ledger(self.config.ledger)
        try:
            yield ledger
        finally:
            ledger.close()

    def checker(self) -> Coverage:
        from adjudicator.language.coverage import Coverage  # lazy: heavy import (numpy)

        if self._coverage is None:
            self._coverage = Coverage(self.models)
        return self._coverage

    def inventory(self) -> SenseInventory:
        """The homonym dictionary, read once (the Deck's prompts use it)."""

        if self._inventory is None:
            self._inventory = SenseInventory()
        return self._inventory

    def campaign_checks(self, book: Ledger) -> RulingChecks:
        """The campaign's checks over `book`, built now (a ruling is recorded with these)."""
        from adjudicator.precedent.retrieval import (
            PrecedentIndex,  # lazy: heavy import (numpy, sqlite-utils)
        )
        from adjudicator.precedent.ruling_checks import (
            RulingChecks,  # lazy: heavy import (numpy, sqlite-utils)
        )

        return RulingChecks(PrecedentIndex(book, self.models, coverage=self.checker()))

    def read_checks(self, book: Ledger) -> RulingChecks:
        """The campaign's checks for read-only work, kept while the ledger is unchanged."""
        return self.kept.get(book)

    def warm(self) -> None:
        """Load the models now, so the first request is as fast as the rest."""
        with self.language:
            self.checker().check(parse_words("[Decrease] [Speech]"), "make him stop talking")
            self.inventory()
            with self.book() as book:
                index = self.campaign_checks(book).index
                index.save()  # vectors of rulings embedded now are kept for every request
        self.worker.submit(self._warm_worker).result()

    def _warm_worker(self) -> None:
        with self.language, self.book() as book:
            self.read_checks(book)

    def is_local(self, token: str | None) -> bool:
        """Whether `token` is this run's local token (the CLI's, from the run file)."""
        import hmac

        local = self.config.local_token
        return bool(token and local) and hmac.compare_digest(
            str(token).encode(), str(local).encode()
        )

    def identify(self, token: str | None) -> Access | None:

        extra = []
        if self.config.local_token:
            extra.append((self.config.local_token, Access(Role.STORYTELLER)))
        return self.tokens().identify(token, *extra)

    def _own_caster(self, book: Ledger, access: Access, caster: str) -> str:
        from adjudicator.ledger.characters import get_character  # lazy: heavy import (sqlite-utils)

        character = get_character(book, caster)
        access.require_player(character.player, f"use {character.name}")
        return character.name

    # -- language --------------------------------------------------------------------------

    def spell_check(self, access: Access, body: Mapping[str, Any]) -> dict[str, Any]:
        """`spell check --json` on the served ledger, with `caster` if given."""
        from adjudicator.precedent.spell_check import (
            check_spell,
        )  # lazy: heavy import (numpy, sqlite-utils)

        words = words_of(body.get("words"))
        if not words:
            raise InvalidInput("words: name at least one Word")
        intent = text_of(body, "intent")
        assert intent is not None
        caster = text_of(body, "caster", required=False)
        with self.book() as book:
            if caster is not None:
                caster = self._own_caster(book, access, caster)
            elif not access.is_storyteller:
                raise InvalidInput("caster: name your character")
            with self.language:
                result = check_spell(
                    words, intent, checker=self.checker, campaign_checks=self.read_checks,
                    book=book, caster=caster,
                )  # fmt: skip
        return result.to_dict()

    def draft(self, access: Access, body: Mapping[str, Any]) -> dict[str, Any]:
        """`spell draft --caster C --json`: the smallest spell from their Words."""
        from adjudicator.ledger.casting import get_caster  # lazy: heavy import (sqlite-utils)
        from adjudicator.precedent.spell_check import (
            draft_spell,
        )  # lazy: heavy import (numpy, sqlite-utils)

        intent = text_of(body, "intent")
        assert intent is not None
        caster = text_of(body, "caster")
        assert caster is not None
        with self.book() as book:
            who = get_caster(book, self._own_caster(book, access, caster))
            with self.language:
                drafted = draft_spell(self.read_checks(book), intent, who.inherent, who.hand)
        return {**drafted.to_dict(), "caster": who.to_dict()}

    # -- what a page shows -----------------------------------------------------------------

    def me(self, access: Access) -> dict[str, Any]:
        from adjudicator.ledger.campaign import campaign_name  # lazy: heavy import (sqlite-utils)

        with self.book() as book:
            return {**access.to_dict(), "campaign": campaign_name(book)}

    def state(self, access: Access) -> dict[str, Any]:
        """Everything a page shows but the board: for the Storyteller the queue, the ruling
        log, the policies and every character; for a player their characters, hand and
        requests only; for both `checked`, which moves when a spell check could answer
        otherwise (a page then checks its draft or its requests again)."""
        from adjudicator.ledger.characters import characters  # lazy: heavy import (sqlite-utils)
        from adjudicator.ledger.database import read  # lazy: heavy import (sqlite-utils)
        from adjudicator.ledger.decks import (
            current_deck,
            hand_of,
        )  # lazy: heavy import (sqlite-utils)
        from adjudicator.ledger.policies import policies  # lazy: heavy import (sqlite-utils)
        from adjudicator.ledger.rulings import (
            RulingFilter,
            current_statuses,
            get_ruling,
            list_rulings,
        )  # lazy: heavy import (sqlite-utils)
        from adjudicator.ledger.sessions import latest_session  # lazy: heavy import (sqlite-utils)
        from adjudicator.ledger.spell_requests import (
            list_requests,
        )  # lazy: heavy import (sqlite-utils)
        from adjudicator.precedent.spell_check import (
            checked_marker,
        )  # lazy: heavy import (numpy, sqlite-utils)

        with self.book() as book, read(book):
            session = latest_session(book)
            chars = [c for c in characters(book) if access.is_storyteller
                     or c.player.casefold() == str(access.player).casefold()]  # fmt: skip
            requests = list_requests(book, player=access.player)
            data: dict[str, Any] = {
                **access.to_dict(),
                "session": None if session is None else session.to_dict(),
                "characters": [c.to_dict() for c in chars],
                "requests": [r.to_dict() for r in requests],
                "request_rulings": {
                    r.ruling: get_ruling(book, r.ruling).to_dict() for r in requests if r.ruling
                },
                "checked": checked_marker(book),
            }
            players = {c.player for c in chars} if not access.is_storyteller else None
            try:
                deck = current_deck(book).deck
            except LedgerError:
                deck = None
            if access.is_storyteller:
                statuses = current_statuses(book)
                data["rulings"] = [
                    {**r.to_dict(), "status": statuses[r.id].to_dict() if r.id in statuses
                     else {"status": "standing"}}
                    for r in list_rulings(book, RulingFilter(canon=False))
                ]  # fmt: skip
                data["policies"] = [p.to_dict() for p in policies(book)]
                data["pending_words"] = [] if deck is None else [
                    {"player": e.player, "word": e.word.to_dict()} for e in deck.pending
                ]  # fmt: skip
            else:
                name = str(access.player)
                data["hand"] = [w.to_dict() for w in hand_of(book, name)] if session else []
                data["pending_words"] = [] if deck is None else [
                    e.word.to_dict() for e in deck.pending if e.player.casefold() == name.casefold()
                ]  # fmt: skip
                data["players_characters"] = sorted(players or ())
        return data

    def board(self, access: Access) -> dict[str, Any]:
        """The campaign's current fight (its latest open one, else its latest), as
        `combat board` picks it. A Words of Power fight: SVG with the turn tracker, and the
        acting unit's legal actions for whoever may take them (the Storyteller, or the
        unit's own player). Another system's: its status as text (`_system_board`)."""
        from adjudicator.ledger.fights.combats import (
            describe_command,
        )  # lazy: heavy import (sqlite-utils)
        from adjudicator.ledger.fights.steps import (
            StoredCombat,
            list_combats,
            load_any,
        )  # lazy: heavy import (sqlite-utils)

        with self.book() as book:
            if not list_combats(book):
                return {"combat": None}
            stored = load_any(book)
            title = stored.info.id + (f": {stored.info.title}" if stored.info.title else "")
            if not isinstance(stored, StoredCombat):
                return self._system_board(book, access, stored, title)
            state = stored.state
            acting = None if state.turn is None else state.turn.unit
            may_act = access.is_storyteller or (
                acting is not None and self._plays(book, access, acting)
            )
            legal = stored.combat.legal_commands() if stored.is_open and may_act else ()
            return {
                "combat": stored.info.id,
                "system": stored.info.system,
                "title": title,
                "svg": svg_board(state, title),
                "tracker": list(state.tracker()),
                "round": state.round,
                "phase": state.phase.value,
                "acting": acting,
                "actions_left": None if state.turn is None else state.turn.actions_left,
                "whose": state.phase.value if state.turn is None else str(state.turn),
                "may_act": may_act,
                "legal": [
                    {
                        "label": describe_command(cmd),
                        "text": action_text(describe_command(cmd), acting),
                        "command": _body(cmd),
                    }
                    for cmd in legal
                ],
                "can_undo": access.is_storyteller and bool(stored.applied),
                "units": {u.name: str(u.space) if u.space else None for u in state.units},
                **(_spells(book, stored, acting) if access.is_storyteller else _NO_SPELLS),
            }

    def _system_board(
        self, book: Ledger, access: Access, stored: StoredFight, title: str
    ) -> dict[str, Any]:
        """A fight of another game system, read only: its round's lines, one line per
        character, its space as text and whose turn it is (`combat.systems.views`); its
        commands are the CLI's (`adjudicator combat murdham ...`)."""
        fight = stored.fight
        status = view_of(stored.info.system).status(fight)
        acting = status["acting"]
        return {
            "combat": stored.info.id,
            "system": stored.info.system,
            "system_title": DEFAULT_SYSTEMS.get(stored.info.system).title,
            "title": title,
            **status,
            "round": fight.round_number,
            "phase": fight.phase_name,
            "may_act": access.is_storyteller
            or (acting is not None and self._plays(book, access, acting)),
            "legal": [],
            "can_undo": False,
            "units": {},
            **_NO_SPELLS,
        }

    def _plays(self, book: Ledger, access: Access, unit: str) -> bool:
        """Whether a player's token controls `unit`: it is one of their characters."""
        from adjudicator.ledger.characters import characters  # lazy: heavy import (sqlite-utils)

        return any(
            c.name.casefold() == unit.casefold()
            and c.player.casefold() == str(access.player).casefold()
            for c in characters(book)
        )

    # -- changes ---------------------------------------------------------------------------

    def send_request(self, access: Access, body: Mapping[str, Any]) -> dict[str, Any]:
        from adjudicator.ledger.characters import get_character  # lazy: heavy import (sqlite-utils)
        from adjudicator.ledger.spell_requests import (
            request_spell,
        )  # lazy: heavy import (sqlite-utils)

        caster = text_of(body, "caster")
        intent = text_of(body, "intent")
        assert caster is not None and intent is not None
        words = words_of(body.get("words"))
        with self.book() as book:
            owner = get_character(book, caster).player
            access.require_player(owner, f"send a spell request for {caster}")
            return request_spell(book, owner, caster, words, intent).to_dict()

    def analysis(self, access: Access, request_id: str) -> dict[str, Any]:
        """A request as the Storyteller sees it in the queue: the campaign's findings
        (coverage with reasons, sense flags, closest precedents), the precedent check of
        approving it and of vetoing it (a stricter or looser conflict, if any), and the odds
        of the dice it involves (`table.odds`; None when no die is rolled)."""
        from adjudicator.ledger.casting import (  # lazy: heavy import (sqlite-utils)
            declared_words,
            get_caster,
        )
        from adjudicator.ledger.rulings import Verdict  # lazy: heavy import (sqlite-utils)
        from adjudicator.ledger.spell_requests import (
            get_request,  # lazy: heavy import (sqlite-utils)
        )
        from adjudicator.precedent.cases import Question  # lazy: heavy import (sqlite-utils)

        access.require_storyteller("see a request's analysis")
        with self.book() as book:
            request = get_request(book, request_id)
            who = get_caster(book, request.caster)
            problems = who.problems(request.words, request.intent)
            cast = declared_words(book, request.words, request.intent, who)
            with self.language:
                checks = self.read_checks(book)
                found = checks.findings(cast, request.intent)
                decisions = {}
                for verdict in (Verdict.APPROVED, Verdict.VETOED):
                    question = Question(cast, request.intent, verdict, (), request.session)
                    decision = checks.index.check(question, found.reading)
                    decisions[verdict.value] = {
                        **decision.to_dict(),
                        "summary": None if decision.conflict is None
                        else decision.conflict.summary(question),
                    }  # fmt: skip
            odds = request_odds(book, request.caster)
        return {
            "request": request.to_dict(),
            "caster": who.to_dict(),
            "structural_problems": [p.message for p in problems],
            **found.to_dict(),
            "sense_flags": [check.message for check in found.sense_flags],
            "if": decisions,
            "odds": odds,
        }

    def rule(self, access: Access, request_id: str, body: Mapping[str, Any]) -> dict[str, Any]:
        """Record the Storyteller's ruling on a request, with every check of `ruling add`;
        of two rulings on one request, the second is refused (`AlreadyRuled`)."""
        from adjudicator.ledger.rulings import (
            Implementation,
            Proposal,
            Verdict,
        )  # lazy: heavy import (sqlite-utils)
        from adjudicator.ledger.spell_requests import (
            answer_hook,
            check_unanswered,
        )  # lazy: heavy import (sqlite-utils)

        access.require_storyteller("rule on a spell")
        verdict_text = text_of(body, "verdict")
        try:
            verdict = Verdict(str(verdict_text).strip().lower())
        except ValueError:
            raise InvalidInput("verdict is approved or vetoed") from None
        needs = words_of(body.get("needs") or [], "needs")
        raw = body.get("implementation") or {}
        if not isinstance(raw, dict):
            raise InvalidInput("implementation is an object: area, duration, damage, ...")
        labels = ("area", "duration", "damage", "requirements", "note")
        unknown = sorted(set(raw) - set(labels))
        if unknown:
            raise InvalidInput(f"implementation has no {', '.join(unknown)}")
        parts = [text_of(raw, label, required=False) for label in labels]
        implementation = Implementation(*parts)
        reason = text_of(body, "reason", required=False)
        overrule = text_of(body, "overrule", required=False)
        distinguish = text_of(body, "distinguish", required=False)
        with self.book() as book, self.language:
            request = check_unanswered(book, request_id)
            proposal = Proposal(
                caster=request.caster, words=request.words, intent=request.intent,
                verdict=verdict, needs=needs, implementation=implementation, reason=reason,
            )  # fmt: skip
            checks = self.campaign_checks(book)
            try:
                review = checks.review(proposal)
                recorded = checks.record(
                    proposal, review, overrule=overrule, distinguish=distinguish,
                    also=answer_hook(request.id),
                )  # fmt: skip
            except AdjudicatorError:
                check_unanswered(book, request.id)  # ruled meanwhile (by the CLI, say)?
                raise
        return {
            "request": request.id,
            "ruling": recorded.ruling.to_dict(),
            "spent": [w.to_dict() for w in recorded.spent],
            "changed": [{"ruling": s.ruling, **s.to_dict()} for s in recorded.statuses],
            "checks": review.to_dict(),
        }

    def announce(self, access: Access, body: Mapping[str, Any]) -> dict[str, Any]:
        from adjudicator.ledger.policies import announce  # lazy: heavy import (sqlite-utils)

        access.require_storyteller("announce a policy")
        text = text_of(body, "text")
        assert text is not None
        supersedes = body.get("supersedes") or []
        if isinstance(supersedes, str):
            supersedes = supersedes.replace(",", " ").split()
        if not isinstance(supersedes, list) or not all(isinstance(s, str) for s in supersedes):
            raise InvalidInput("supersedes is a list of ruling ids")
        concept = text_of(body, "concept", required=False)
        with self.book() as book:
            return announce(book, text, supersedes=supersedes, concept=concept).to_dict()

    def submit_deck(self, access: Access, body: Mapping[str, Any]) -> dict[str, Any]:
        """A player's Words for the Deck. Likely typos and compounds, and homonyms with no
        meaning, come back as prompts with numbered choices; nothing is recorded until the
        player has answered each (as `deck submit` refuses until fixed or declared)."""
        from adjudicator.ledger import decks  # lazy: heavy import (sqlite-utils)
        from adjudicator.rules.vocabulary import SuggestionKind  # lazy: heavy import (numpy)

        player = text_of(body, "player", required=False) or access.player
        if player is None:
            raise InvalidInput("player is required")
        access.require_player(player, "submit Words")
        senses = body.get("senses") or {}
        if not isinstance(senses, dict) or not all(
            isinstance(k, str) and isinstance(v, str) and v.strip() for k, v in senses.items()
        ):
            raise InvalidInput("senses maps a Word to its meaning, both text")
        as_written = body.get("as_written", False) is True
        words = with_senses(
            words_of(body.get("words")), {Word(k.strip("[] ")).text: v for k, v in senses.items()}
        )
        with self.book() as book:
            prompts: list[dict[str, Any]] = []
            if not as_written:
                refusing = (SuggestionKind.TYPO, SuggestionKind.COMPOUND)
                for finding in decks.check_words(book, words):
                    if finding.kind in refusing:
                        prompts.append({
                            "kind": finding.kind.value, "word": finding.word.text,
                            "message": finding.message,
                            "choices": [c.text for c in finding.candidates],
                        })  # fmt: skip
            if not prompts:
                for info in decks.undeclared_homonyms(words, self.inventory()):
                    prompts.append({
                        "kind": "homonym", "word": info.word,
                        "message": f"[{info.word}] has {len(info.senses)} meanings; which one?",
                        "choices": list(info.senses),
                    })  # fmt: skip
            if prompts:
                return {"submitted": False, "prompts": prompts}
            version = decks.submit(
                book, player, words, as_written=as_written, inventory=self.inventory()
            )
        return {"submitted": True, **version.to_dict()}

    def play(self, access: Access, body: Mapping[str, Any]) -> dict[str, Any]:
        """Play one of the acting unit's legal actions, as listed by `board` (it must still
        be legal: a stale page gets a clear refusal)."""
        from adjudicator.ledger.fights.combats import play  # lazy: heavy import (sqlite-utils)
        from adjudicator.ledger.fights.steps import load_combat  # lazy: heavy import (sqlite-utils)

        wanted = body.get("command")
        if not isinstance(wanted, dict):
            raise InvalidInput("command is an action from the board's legal list")
        with self.book() as book:
            stored = load_combat(book)
            state = stored.state
            acting = None if state.turn is None else state.turn.unit
            if not access.is_storyteller and (
                acting is None or not self._plays(book, access, acting)
            ):
                raise Forbidden("a player acts only on their own character's turn")
            legal = stored.combat.legal_commands() if stored.is_open else ()
            chosen = next((cmd for cmd in legal if _body(cmd) == wanted), None)
            if chosen is None:
                raise Stale("that action is not legal now: the board has changed")
            outcome = play(book, chosen, combat_id=stored.info.id)
        return outcome.to_dict()

    def cast(self, access: Access, body: Mapping[str, Any]) -> dict[str, Any]:
        """Cast the acting unit's approved ruling, as `combat cast --ruling` (Storyteller)."""

        access.require_storyteller("cast a spell on the board")
        with self.book() as book:
            return cast(book, body).to_dict()

    def counter(self, access: Access, body: Mapping[str, Any]) -> dict[str, Any]:
        """Counterspell the spell on the stack, as `combat counter` (Storyteller)."""

        access.require_storyteller("counterspell on the board")
        with self.book() as book:
            return counter(book, body).to_dict()

    def undo(self, access: Access) -> dict[str, Any]:
        from adjudicator.ledger.fights.combats import undo  # lazy: heavy import (sqlite-utils)

        access.require_storyteller("undo a combat step")
        with self.book() as book:
            return undo(book).to_dict()

    def forward(self, access: Access, body: Mapping[str, Any]) -> dict[str, Any]:
        """A CLI command sent by `adjudicator` in another shell (local token only)."""
        if self.config.forward is None:
            raise Forbidden("this table runs no CLI commands")
        command = text_of(body, "command")
        params = body.get("params")
        if not isinstance(params, dict):
            raise InvalidInput("params is an object")
        columns = body.get("columns")
        if columns is not None and (not isinstance(columns, int) or not 20 <= columns <= 1000):
            raise InvalidInput("columns is the terminal's width, 20 to 1000")
        with self.language:
            return self.config.forward(str(command), params, columns)


class Stale(InvalidInput):
    """An action chosen on a page that no longer matches the ledger."""


_NO_SPELLS: dict[str, Any] = {"cast": [], "counter": []}


def _spells(book: Ledger, stored: StoredCombat, acting: str | None) -> dict[str, Any]:
    """The Storyteller's spell actions: rulings to cast, counterspells while one is cast."""

    def read(groups: list[dict[str, Any]]) -> list[dict[str, Any]]:
        for group in groups:
            for choice in group["choices"]:
                choice["text"] = action_text(choice["label"], acting)
        return groups

    return {"cast": read(cast_options(book, stored)), "counter": read(counter_options(stored))}


def _body(command: object) -> dict[str, Any]:
    to_dict = getattr(command, "to_dict")  # noqa: B009 - every combat command has it
    return {"type": type(command).__name__, **to_dict()}


#: How a cast's delivery reads on a button.
DELIVERY_TEXT = {"touch": "by touch", "ranged": "at range", "none": "without an attack roll"}


def action_text(label: str, acting: str | None) -> str:
    """A legal action as a player reads it on a button: "Move unit=Snazzle to=C1" becomes
    "Move to C1", "EndTurn" "End turn", "Cast ruling=R1 words=[Fire] [Ball] on=Orc
    delivery=touch" "Cast R1 [Fire] [Ball] on Orc by touch" (the acting unit is the page's
    own context; a value may hold spaces, a key never does)."""
    name, *args = re.split(r" (?=[a-z_]+=)", label.strip())
    words = re.sub(r"(?<=[a-z])(?=[A-Z])", " ", name).capitalize()
    shown = []
    for arg in args:
        key, _, value = arg.partition("=")
        if not value or (value == acting and key != "by"):
            continue
        if key in ("unit", "target", "ruling", "words", "over"):
            shown.append(value)
        elif key == "delivery":
            shown.append(DELIVERY_TEXT.get(value, f"delivery {value}"))
        else:
            shown.append(f"{key} {value}")
    return " ".join([words, *shown])
