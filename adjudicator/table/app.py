"""The table's ASGI app (FastAPI): pages, the JSON API they use, and the live event stream.

Rules every route follows: a token comes as `Authorization: Bearer TOKEN` (or, for the
pages and the event stream, which a browser opens by URL, as `?token=`); a state-changing
request needs the header: a cross-site form cannot set it, and a cross-origin script that
tries is stopped by the browser's preflight, which this app never answers. A POST whose
`Origin` is another site is refused as well. Bodies are JSON objects of at most
`TableConfig.max_body` bytes. Library errors become 4xx answers with the error's message
and hint (`ERROR_STATUS`), never a 500; tokens are never logged (uvicorn's access log is
off, since it would print the pages' `?token=`).
"""

from __future__ import annotations

import asyncio
import functools
import json
import logging
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request
from fastapi.responses import HTMLResponse, JSONResponse, Response, StreamingResponse
from fastapi.staticfiles import StaticFiles
from fastapi.templating import Jinja2Templates
from starlette.concurrency import run_in_threadpool
from starlette.datastructures import Headers, MutableHeaders
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from adjudicator import __version__
from adjudicator.errors import AdjudicatorError, InvalidInput
from adjudicator.ledger.errors import LedgerBusy, UnknownName
from adjudicator.table.access import Access, Forbidden, NotSignedIn
from adjudicator.table.live import Watcher
from adjudicator.table.service import Stale, TableConfig, TableService

HERE = Path(__file__).parent
log = logging.getLogger("adjudicator.table")


class BodyTooLarge(InvalidInput):
    """A request body over the table's limit."""


def error_status(error: AdjudicatorError) -> int:
    """The HTTP status of a library error: who you are (401), what you may do (403), what
    is not there (404), what the ledger's state refuses (409), the rest bad input (400)."""
    from adjudicator.ledger.spell_requests import AlreadyRuled  # lazy: heavy import (sqlite-utils)
    from adjudicator.precedent.ruling_checks import (
        PrecedentConflict,
    )  # lazy: heavy import (numpy, sqlite-utils)

    for kind, status in (
        (NotSignedIn, 401),
        (Forbidden, 403),
        (UnknownName, 404),
        (BodyTooLarge, 413),
        (AlreadyRuled, 409),
        (PrecedentConflict, 409),
        (Stale, 409),
        (LedgerBusy, 503),
    ):
        if isinstance(error, kind):
            return status
    return 400


def create_app(config: TableConfig, service: TableService | None = None) -> FastAPI:
    """The app for one ledger. Models are the config's: loaded once, shared by every call."""
    table = service or TableService(config)
    watcher = Watcher(config.ledger, config.poll_s)

    @asynccontextmanager
    async def lifespan(_: FastAPI) -> AsyncIterator[None]:
        watcher.start()
        try:
            yield
        finally:
            await watcher.stop()

    app = FastAPI(
        title="Words of Power: the table",
        version=__version__,
        lifespan=lifespan,
        description="The live table's API. Send `Authorization: Bearer TOKEN` (a link's token).",
    )
    app.state.service = table
    app.state.watcher = watcher
    templates = Jinja2Templates(directory=HERE / "templates")
    app.mount("/static", StaticFiles(directory=HERE / "static"), name="static")

    app.add_middleware(Guard, max_body=config.max_body)

    @app.exception_handler(AdjudicatorError)
    async def library_error(_: Request, error: AdjudicatorError) -> JSONResponse:
        extra: dict[str, Any] = {}
        conflict = getattr(error, "conflict", None)
        if conflict is not None:
            extra["conflict"] = {"kind": conflict.kind.value, "precedent": conflict.precedent.id}
        return _error(error_status(error), error.message, error.hint, **extra)

    @app.exception_handler(Exception)
    async def unexpected(_: Request, error: Exception) -> JSONResponse:
        log.error("unexpected %s: %s", type(error).__name__, error)
        return _error(500, f"the table failed: {type(error).__name__}")

    def access_of(request: Request, *, query: bool = False) -> Access:
        header = request.headers.get("authorization", "")
        scheme, _, token = header.partition(" ")
        presented = token.strip() if scheme.lower() == "bearer" else None
        if presented is None and query:
            presented = request.query_params.get("token")
        access = table.identify(presented)
        if access is None:
            raise NotSignedIn(
                "no valid table token",
                hint="open your link from `adjudicator table links`; send "
                "Authorization: Bearer TOKEN",
            )
        return access

    async def body_of(request: Request) -> dict[str, Any]:
        data = bytearray()
        async for chunk in request.stream():
            data += chunk
            if len(data) > config.max_body:
                raise BodyTooLarge(f"the request body is over {config.max_body} bytes")
        try:
            parsed = json.loads(data.decode("utf-8")) if data else {}
        except (UnicodeDecodeError, json.JSONDecodeError) as error:
            raise InvalidInput(f"the body is not JSON: {error}") from None
        if not isinstance(parsed, dict):
            raise InvalidInput("the body is a JSON object")
        return parsed

    async def call(
        fn: Callable[..., dict[str, Any]], *args: Any, changes: bool = False, models: bool = False
    ) -> Any:
        """Run a service call off the event loop: model work in the service's one worker
        thread (one at a time, its precedent index kept there), the rest in the pool. The
        frequent reads answer with `JSONResponse(result)`: their dicts are JSON already, and
        FastAPI's `jsonable_encoder` walk cost 2 ms of a spell check (0.2 ms for json)."""
        if models:
            loop = asyncio.get_running_loop()
            result = await loop.run_in_executor(table.worker, functools.partial(fn, *args))
        else:
            result = await run_in_threadpool(fn, *args)
        if changes:
            await watcher.bump()
        return result

    # -- pages -----------------------------------------------------------------------------

    @app.get("/", response_class=HTMLResponse, include_in_schema=False)
    async def page(request: Request) -> Response:
        access = table.identify(request.query_params.get("token"))
        if access is None:
            return templates.TemplateResponse(request, "welcome.html", {}, status_code=401)
        me = await call(table.me, access)
        name = "storyteller.html" if access.is_storyteller else "player.html"
        context = {"token": request.query_params.get("token"), "me": me}
        return templates.TemplateResponse(request, name, context)

    # -- reading -----------------------------------------------------------------------------

    @app.get("/api/health")
    async def health() -> dict[str, Any]:
        """Whether the table is up: `{"ok": true, ...}`. No token needed."""
        return {"ok": True, "version": __version__, "marker": watcher.marker}

    @app.get("/api/events", include_in_schema=True)
    async def events(request: Request) -> StreamingResponse:
        """Server-Sent Events: a `change` event whenever the ledger changes (any writer)."""
        access_of(request, query=True)
        headers = {"Cache-Control": "no-store", "X-Accel-Buffering": "no"}
        return StreamingResponse(watcher.events(), media_type="text/event-stream", headers=headers)

    @app.get("/api/me")
    async def me(request: Request) -> Any:
        return await call(table.me, access_of(request))

    @app.get("/api/state")
    async def state(request: Request) -> Any:
        """The page's data: characters, hand or queue, requests, rulings, policies."""
        return JSONResponse(await call(table.state, access_of(request)))

    @app.get("/api/board")
    async def board(request: Request) -> Any:
        """The Battle Board as SVG, the turn tracker and the acting unit's legal actions."""
        return JSONResponse(await call(table.board, access_of(request)))

    @app.get("/api/requests/{request_id}/analysis")
    async def analysis(request_id: str, request: Request) -> Any:
        """The Storyteller's view of a request: coverage, senses, precedents, conflicts."""
        return JSONResponse(await call(table.analysis, access_of(request), request_id, models=True))

    # -- language (read-only, but POST for their bodies) ------------------------------------

    @app.post("/api/spell-check")
    async def spell_check(request: Request) -> Any:
        """`{"words": [...], "intent": "...", "caster": optional}` -> the JSON of
        `adjudicator spell check --json` on this ledger."""
        access = access_of(request)
        return JSONResponse(
            await call(table.spell_check, access, await body_of(request), models=True)
        )

    @app.post("/api/spell-draft")
    async def spell_draft(request: Request) -> Any:
        """`{"intent": "...", "caster": "..."}` -> `adjudicator spell draft --caster --json`."""
        access = access_of(request)
        return JSONResponse(await call(table.draft, access, await body_of(request), models=True))

    # -- changes ---------------------------------------------------------------------------

    @app.post("/api/requests", status_code=201)
    async def send_request(request: Request) -> Any:
        """`{"caster", "words", "intent"}`: a spell request for the Storyteller's queue."""
        access = access_of(request)
        return await call(table.send_request, access, await body_of(request), changes=True)

    @app.post("/api/requests/{request_id}/ruling", status_code=201)
    async def rule(request_id: str, request: Request) -> Any:
        """`{"verdict": "approved"|"vetoed", "needs", "implementation", "reason", "overrule",
        "distinguish"}`: the Storyteller's ruling; 409 if already ruled or in conflict."""
        access = access_of(request)
        body = await body_of(request)
        return await call(table.rule, access, request_id, body, changes=True, models=True)

    @app.post("/api/policies", status_code=201)
    async def announce(request: Request) -> Any:
        """`{"text", "supersedes": [...], "concept"}`: announce a policy (Storyteller)."""
        access = access_of(request)
        return await call(table.announce, access, await body_of(request), changes=True)

    @app.post("/api/deck/submit")
    async def submit(request: Request) -> Any:
        """`{"words", "senses": {WORD: MEANING}, "as_written"}`: Words for the Deck, or the
        prompts (typo, compound, homonym) to answer first."""
        access = access_of(request)
        return await call(table.submit_deck, access, await body_of(request), changes=True)

    @app.post("/api/combat/play")
    async def play(request: Request) -> Any:
        """`{"command": ...}`: one of the board's legal actions."""
        access = access_of(request)
        return await call(table.play, access, await body_of(request), changes=True)

    @app.post("/api/combat/cast")
    async def cast(request: Request) -> Any:
        """`{"ruling": "R1", "target": "Orc" | null, "delivery": "touch"|"ranged"|"none"}`:
        the acting unit casts an approved ruling, as `combat cast --ruling` (Storyteller)."""
        access = access_of(request)
        return await call(table.cast, access, await body_of(request), changes=True)

    @app.post("/api/combat/counter")
    async def counter(request: Request) -> Any:
        """`{"unit": "Orc", "words": ["Fly"], "over": [1], "item": null}`: a counterspell on
        the spell on the stack, as `combat counter` (Storyteller)."""
        access = access_of(request)
        return await call(table.counter, access, await body_of(request), changes=True)

    @app.post("/api/combat/undo")
    async def undo(request: Request) -> Any:
        """Take back the fight's last step (Storyteller)."""
        access = access_of(request)
        await body_of(request)
        return await call(table.undo, access, changes=True)

    @app.post("/api/cli", include_in_schema=False)
    async def cli(request: Request) -> Any:
        access = access_of(request)
        token = request.headers.get("authorization", "").partition(" ")[2].strip()
        if not table.is_local(token) or not _is_local(request):
            raise Forbidden("CLI commands come from this machine, with the run file's token")
        body = await body_of(request)
        return await call(table.forward, access, body, changes=True, models=True)

    return app


#: Headers on every answer: no referrer leaks a page's `?token=`, nothing frames the pages.
SAFE_HEADERS = {
    "Referrer-Policy": "no-referrer",
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
}
#: The pages' script and style come from the table itself; FastAPI's API pages load theirs.
CSP = (
    "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; "
    "script-src 'self'; frame-ancestors 'none'"
)


class Guard:
    """Every request's checks and headers, as plain ASGI middleware (Starlette's
    `@app.middleware("http")` wraps each request in a task and a stream: it cost more than
    the checks themselves): a body over the limit is refused before it is read, a POST from
    another site's page is refused, and every answer carries `SAFE_HEADERS` and the CSP."""

    def __init__(self, app: ASGIApp, max_body: int) -> None:
        self.app = app
        self.max_body = max_body

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = Headers(scope=scope)
        length = headers.get("content-length")
        refusal = None
        if length is not None and (not length.isdigit() or int(length) > self.max_body):
            refusal = _error(413, f"the request body is over {self.max_body} bytes")
        elif scope["method"] not in ("GET", "HEAD", "OPTIONS"):
            origin = headers.get("origin")
            if origin is not None and origin != f"{scope['scheme']}://{headers.get('host', '')}":
                refusal = _error(403, "a request from another site is refused")
        api_pages = scope["path"] in ("/docs", "/redoc")

        async def send_safely(message: Message) -> None:
            if message["type"] == "http.response.start":
                answer = MutableHeaders(scope=message)
                for name, value in SAFE_HEADERS.items():
                    answer.setdefault(name, value)
                if not api_pages:
                    answer.setdefault("Content-Security-Policy", CSP)
            await send(message)

        if refusal is not None:
            await refusal(scope, receive, send_safely)
            return
        await self.app(scope, receive, send_safely)


def _error(status: int, message: str, hint: str | None = None, **extra: Any) -> JSONResponse:
    return JSONResponse({"error": message, "hint": hint, **extra}, status_code=status)


def _is_local(request: Request) -> bool:
    client = request.client
    return client is None or client.host in ("127.0.0.1", "::1", "localhost", "testclient")
