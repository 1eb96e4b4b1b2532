"""`tichu-fast play`: the table's web server (Starlette and uvicorn, the `[web]` extra; docs/web.md).

Routes: `/` (start a table), `POST /tables` (a new table: its secret token),
`/table/{token}` (the table's page), `/table/{token}/ws` (its websocket),
`/table/{token}/hand/{k}` (the viewer page of its finished hand k). The token
(192 random bits) is the only key to a table: a person at one table cannot
reach another. Each table plays its own match; one idle longer than
`idle_seconds` is closed.

The websocket carries JSON. From the browser: `{"type": "act", "action":
"<action text>"}`, `{"type": "next"}` (the next hand after the score) and
`{"type": "hello"}`. To the browser: `{"type": "state", ...}`
(`Table.message()`: the seat's observation and nothing else) or `{"type":
"error", "message": ...}`, after which nothing has changed.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import time
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from typing import Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import Route, WebSocketRoute
from starlette.websockets import WebSocket, WebSocketDisconnect

from tichu_fast import view
from tichu_fast.bots import make_bot
from tichu_fast.rules import Rules
from tichu_fast.web.table import MAX_MESSAGE, Table, TableError

__all__ = ["Settings", "create_app", "serve", "uvicorn_config"]

_SECURITY_HEADERS = {
    # the pages load nothing from elsewhere: inline style and script only, the websocket to this server
    "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; "
    "connect-src 'self'; img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "Cache-Control": "no-store",
}


_PLAYS = {"PLAY", "BOMB", "WISH", "DRAGON_GIFT"}  # decisions shown at the bots' full pace


@dataclass
class Settings:
    """How `tichu-fast play` runs: the bots' SPECs, the person's default seat, the bots' pace, the limits."""

    partner: str = "heuristic"
    opponents: str = "heuristic"
    seat: int = 0
    target: int = 1000  # R9.1
    delay: float = 0.7  # seconds between two bot plays shown (a quarter of it for calls and pushes)
    idle_seconds: float = 1800.0  # a table nobody used for this long is closed
    max_tables: int = 32
    seed: int | None = None  # tests and demos only: table n deals from seed + n (default: a secret random seed)


@dataclass
class _Room:
    """A table and the websockets showing it (the same person may open it twice)."""

    table: Table
    sockets: set[WebSocket] = field(default_factory=set)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)  # one action or bot run at a time


class _Tables:
    """The open tables by token; idle ones are closed."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.rooms: dict[str, _Room] = {}
        self.created = 0

    def create(self, seat: int) -> _Room:
        """A new table with the person at `seat`; TableError when max_tables are open."""
        self.sweep()
        if len(self.rooms) >= self.settings.max_tables:
            raise TableError(f"too many tables open ({self.settings.max_tables}); close one or wait")
        s = self.settings
        seed = None if s.seed is None else (s.seed + self.created) % 2**64
        table = Table(seat=seat, partner=s.partner, opponents=s.opponents, rules=Rules(target=s.target), seed=seed)
        self.created += 1
        room = _Room(table)
        self.rooms[table.token] = room
        return room

    def get(self, token: str) -> _Room | None:
        """The open table of `token`, or None (idle tables are closed first)."""
        self.sweep()
        return self.rooms.get(token)

    def sweep(self) -> list[_Room]:
        """Closes the tables idle for longer than `idle_seconds`; returns them."""
        now = time.monotonic()
        idle = [t for t, r in self.rooms.items() if now - r.table.last_active > self.settings.idle_seconds]
        return [self.rooms.pop(t) for t in idle]


def _page(title: str, body: str, scripts: list[str], data: Any = None) -> HTMLResponse:
    return HTMLResponse(view.page(title, body, scripts, data), headers=_SECURITY_HEADERS)


def create_app(settings: Settings | None = None) -> Starlette:
    """The Starlette application of `tichu-fast play` (for uvicorn, or Starlette's TestClient in tests)."""
    settings = Settings() if settings is None else settings
    for spec in (settings.partner, settings.opponents):
        make_bot(spec)  # a bad SPEC fails here, once, not at the first table
    tables = _Tables(settings)

    async def home(_request: Request) -> Response:
        """The start page: choose a seat and open a table."""
        data = {"seat": settings.seat, "partner": settings.partner, "opponents": settings.opponents}
        return _page("Tichu: play against bots", view.asset("home.html"), ["home.js"], data)

    async def new_table(request: Request) -> Response:
        """POST: opens a table for the seat in the JSON body; its address, or an error."""
        try:
            body = await request.json()
        except (ValueError, UnicodeDecodeError):
            body = {}
        seat = body.get("seat", settings.seat) if isinstance(body, dict) else settings.seat
        if type(seat) is not int or not 0 <= seat <= 3:
            return JSONResponse({"error": "seat must be 0..3"}, status_code=400)
        try:
            room = tables.create(seat)
        except TableError as error:
            return JSONResponse({"error": str(error)}, status_code=429)
        return JSONResponse({"url": f"/table/{room.table.token}"}, headers=_SECURITY_HEADERS)

    async def table_page(request: Request) -> Response:
        """The table page of one token (404 for an unknown or closed table)."""
        room = tables.get(request.path_params["token"])
        if room is None:
            return _not_found()
        return _page("Tichu table", view.asset("table.html"), ["table.js"], {"ws": request.url.path + "/ws"})

    async def hand_page(request: Request) -> Response:
        """The viewer page of a finished hand of that table (all hands shown: the hand is over)."""
        room = tables.get(request.path_params["token"])
        number = request.path_params["number"]
        if room is None or not 1 <= number <= len(room.table.finished):
            return _not_found()
        return HTMLResponse(view.render(room.table.finished[number - 1]), headers=_SECURITY_HEADERS)

    async def socket(websocket: WebSocket) -> None:
        """The table's websocket: the seat's view out, the person's actions in, each checked by the engine."""
        room = tables.get(websocket.path_params["token"])
        if room is None:
            await websocket.close(code=4404)
            return
        await websocket.accept()
        room.sockets.add(websocket)
        try:
            await _send(websocket, room.table.message())
            if not room.lock.locked():
                await _run_bots(room, settings.delay)
            while True:
                received = await websocket.receive()
                if received["type"] == "websocket.disconnect":
                    break
                text = received.get("text")
                if not isinstance(text, str):
                    await _send(websocket, {"type": "error", "message": "a message is JSON text, not bytes"})
                    continue
                if room.table.token not in tables.rooms:
                    await _send(websocket, {"type": "error", "message": "this table was closed"})
                    break
                await _handle(room, websocket, text, settings.delay)
        except WebSocketDisconnect:
            pass
        finally:
            room.sockets.discard(websocket)

    async def sweeper() -> None:
        """Closes idle tables now and then, and their sockets."""
        while True:
            await asyncio.sleep(min(60.0, max(1.0, settings.idle_seconds / 4)))
            for room in tables.sweep():
                for ws in list(room.sockets):
                    with contextlib.suppress(Exception):
                        await ws.close(code=4408)

    @contextlib.asynccontextmanager
    async def lifespan(_app: Starlette) -> AsyncIterator[None]:
        """Runs the sweeper while the application serves."""
        task = asyncio.create_task(sweeper())
        try:
            yield
        finally:
            task.cancel()

    app = Starlette(
        routes=[
            Route("/", home),
            Route("/tables", new_table, methods=["POST"]),
            Route("/table/{token}", table_page),
            Route("/table/{token}/hand/{number:int}", hand_page),
            WebSocketRoute("/table/{token}/ws", socket),
        ],
        lifespan=lifespan,
    )
    app.state.tables = tables  # for tests: the server side of each table
    return app


def _not_found() -> Response:
    return HTMLResponse("<!DOCTYPE html><title>No such table</title><p>No such table (closed after a while idle).", 404)


async def _send(websocket: WebSocket, message: dict[str, Any]) -> None:
    await websocket.send_text(json.dumps(message, separators=(",", ":")))


async def _broadcast(room: _Room, message: dict[str, Any]) -> None:
    for ws in list(room.sockets):
        try:
            await _send(ws, message)
        except Exception:  # a socket that went away; its handler removes it
            room.sockets.discard(ws)


async def _handle(room: _Room, websocket: WebSocket, text: str, delay: float) -> None:
    """One message from the browser: an error back, or the action applied and the bots run."""
    try:
        if len(text) > MAX_MESSAGE:
            raise TableError("message too long")
        try:
            message = json.loads(text)
        except ValueError:
            raise TableError("a message is a JSON object") from None
        if not isinstance(message, dict):
            raise TableError("a message is a JSON object")
        kind = message.get("type")
        if kind == "hello":
            await _send(websocket, room.table.message())
            return
        if room.lock.locked():
            raise TableError("wait: the bots are playing")
        async with room.lock:
            if kind == "act":
                if "version" not in message:
                    raise TableError("an action names the version of the state it answers")
                room.table.act(message.get("action"), message["version"])
            elif kind == "next":
                room.table.next_hand()
            else:
                raise TableError("unknown message type; use 'act', 'next' or 'hello'")
    except TableError as error:
        await _send(websocket, {"type": "error", "message": str(error)})
        return
    await _broadcast(room, room.table.message())
    await _run_bots(room, delay)


async def _run_bots(room: _Room, delay: float) -> None:
    """Lets the bots play until the person is to act, showing each visible play after `delay` seconds."""
    async with room.lock:
        table = room.table
        unsent = False  # a change not yet sent: a declined offer, which shows nothing but moves the turn
        while table.bot_to_act():
            start = time.monotonic()
            event = await asyncio.to_thread(table.step_bot)
            if event is None:
                unsent = True  # nothing the person may see happened
                continue
            # a play is worth watching; calls and pushes before the play go by faster
            pace = delay if event["decision"] in _PLAYS else delay / 4
            wait = pace - (time.monotonic() - start)
            if wait > 0:
                await asyncio.sleep(wait)
            await _broadcast(room, table.message())
            unsent = False
        if unsent:
            await _broadcast(room, table.message())
        table.last_active = time.monotonic()


def uvicorn_config(app: Starlette, host: str = "127.0.0.1", port: int = 8000) -> Any:
    """uvicorn's Config for `app`, with the websockets library's current (sans-I/O) protocol where
    uvicorn has it (its older one uses the deprecated `websockets.legacy`)."""
    import uvicorn
    from uvicorn.config import WS_PROTOCOLS

    ws = "websockets-sansio" if "websockets-sansio" in WS_PROTOCOLS else "auto"
    return uvicorn.Config(app, host=host, port=port, log_level="warning", ws=ws)


def serve(settings: Settings, host: str = "127.0.0.1", port: int = 8000) -> None:
    """Runs the server until Ctrl-C (uvicorn)."""
    import uvicorn

    uvicorn.Server(uvicorn_config(create_app(settings), host, port)).run()
