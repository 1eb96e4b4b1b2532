"""`tichu-fast play`: the table's web server (Starlette and uvicorn, the `[web]` extra; docs/web.md).

Routes: `/` (start a table), `POST /tables` (a new table: its host's seat
link), `/table/{token}` (a seat's page), `/table/{token}/ws` (its websocket),
`/table/{token}/hand/{k}` (the viewer page of the table's finished hand k,
with the solver's analysis). Each seat kept for a person has its token (192
random bits), the only key to that seat: a person cannot act for another seat
or at another table. Each table plays its own match; one no person used for
`idle_seconds` is closed.

Other sites' pages are kept out (`_Guard`): every request and websocket must
name this server in its Host header (no DNS rebinding) and, when it has an
Origin, come from this server's pages; opening a table also needs JSON with
the `X-Tichu-Table` header, which a page of another site cannot send without
the server's consent (CORS), which it never gives. Every response carries the
security headers; each page its own script-hash Content-Security-Policy.

The websocket carries JSON. From the browser: `{"type": "act", "action":
"<action text>", "version": N}`, `{"type": "next"}` (the next hand after the
score), `{"type": "hello", "name": ...}`, `{"type": "ready", "ready": ...}`
(the lobby), `{"type": "back"}` (after an idle spell) and `{"type": "hint"}`.
To the browser: `{"type": "state", ...}` (`Table.message(seat)`: the seat's
observation and the table's public facts, nothing else), `{"type": "hint",
...}`, or `{"type": "error", "message": ...}`, after which nothing has
changed. A person who lets a decision wait `seat_idle` seconds is played by
his seat's bot until he is back (`_idle`).
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import ipaddress
import json
import socket as _socket
import time
import urllib.parse
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass, field
from typing import Any

from starlette.applications import Starlette
from starlette.datastructures import Headers, MutableHeaders
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, PlainTextResponse, Response
from starlette.routing import Route, WebSocketRoute
from starlette.types import ASGIApp, Message, Receive, Scope, Send
from starlette.websockets import WebSocket, WebSocketDisconnect

from tichu_fast import view
from tichu_fast.analysis import analyze
from tichu_fast.bots import make_bot
from tichu_fast.rules import Rules
from tichu_fast.web.table import HINT_BOT, MAX_MESSAGE, Table, TableError

__all__ = [
    *("MAX_SOCKETS", "NEW_TABLE_HEADER", "WS_MAX_SIZE", "Settings", "address", "create_app"),
    *("is_loopback", "listen", "serve", "uvicorn_config"),
]

# on every response; a page replaces the first with its own policy (`_page`)
_SECURITY_HEADERS = {
    "Content-Security-Policy": "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "Cache-Control": "no-store",
}
_NO_FRAMES = "; frame-ancestors 'none'"  # only a header can say it (a <meta> policy cannot)

NEW_TABLE_HEADER = "X-Tichu-Table"  # POST /tables needs it ("new"): a cross-site form cannot send it
WS_MAX_SIZE = 4 * MAX_MESSAGE  # bytes of one websocket message (UTF-8); uvicorn closes the socket beyond (1009)
MAX_SOCKETS = 8  # websockets open on one table at once (the same person may open it in a few tabs)
_MAX_BODY = 1000  # bytes of the body of POST /tables


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
    seat_idle: float = 30.0  # a person to act idle this long: his seat's bot plays for him until he is back
    hint: str = HINT_BOT  # the bot a hint asks (a small budget)
    analysis_cards: int = 24  # the viewer page of a finished hand: the solver analyses from this many cards
    max_tables: int = 32
    max_sockets: int = MAX_SOCKETS  # per table
    seed: int | None = None  # tests and demos only: table n deals from seed + n (default: a secret random seed)
    host: str = "127.0.0.1"  # where the server listens: requests must name it (or, on loopback, localhost)
    port: int = 8000


@dataclass
class _Room:
    """A table and the websockets showing it, each with its seat (a person may open his seat twice)."""

    table: Table
    sockets: dict[WebSocket, int] = field(default_factory=dict)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)  # one change of the table at a time
    connections: int = 0  # websockets being opened or open (capped by max_sockets)
    # Each seat's message last sent; a new socket and "hello" get it, so that the table is read only
    # under the lock (no bot thread moves it then).
    shown: list[dict[str, Any]] = field(default_factory=list)
    idle: tuple[Any, ...] | None = None  # what the idle timer waits on (`Table.waiting()`)
    timer: asyncio.Task[None] | None = None
    bots: asyncio.Task[None] | None = None  # the bot run (`_start_bots`), kept so that it is not collected
    running: bool = False  # a bot run is under way (`_run_bots`)
    closed: bool = False  # swept: its bots and timer stop
    analyses: dict[int, Any] = field(default_factory=dict)  # the solver's analysis of each finished hand

    def __post_init__(self) -> None:
        self.shown = [self.table.message(seat) for seat in range(4)]


class _Tables:
    """The open tables by token; idle ones are closed."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.rooms: dict[str, _Room] = {}  # by the host's token
        self.seats: dict[str, tuple[_Room, int]] = {}  # every seat's token: its table and seat
        self.created = 0

    def create(self, seat: int, people: list[int] | None = None) -> _Room:
        """A new table with its host at `seat` and `people`'s seats kept for people; TableError when
        max_tables are open."""
        self.sweep()
        if len(self.rooms) >= self.settings.max_tables:
            raise TableError(f"too many tables open ({self.settings.max_tables}); close one or wait")
        s = self.settings
        seed = None if s.seed is None else (s.seed + self.created) % 2**64
        table = Table(
            seat=seat,
            people=people or (),
            partner=s.partner,
            opponents=s.opponents,
            rules=Rules(target=s.target),
            seed=seed,
            hint=s.hint,
            seat_idle=s.seat_idle,
        )
        self.created += 1
        room = _Room(table)
        self.rooms[table.token] = room
        for p, token in enumerate(table.tokens):
            if p in table.people:
                self.seats[token] = (room, p)
        return room

    def get(self, token: str) -> _Room | None:
        """The open table with a seat of `token`, or None (idle tables are closed first)."""
        found = self.seat(token)
        return None if found is None else found[0]

    def seat(self, token: str) -> tuple[_Room, int] | None:
        """The open table and seat of `token`, or None (idle tables are closed first)."""
        self.sweep()
        return self.seats.get(token)

    def sweep(self) -> list[_Room]:
        """Closes the tables idle for longer than `idle_seconds`; returns them."""
        now = time.monotonic()
        idle = [t for t, r in self.rooms.items() if now - r.table.last_active > self.settings.idle_seconds]
        closed = [self.rooms.pop(t) for t in idle]
        for room in closed:
            room.closed = True
            for token in room.table.tokens:
                self.seats.pop(token, None)
            if room.timer is not None:
                room.timer.cancel()
        return closed


def _page(title: str, body: str, scripts: list[str], data: Any = None) -> HTMLResponse:
    policy = view.page_policy(scripts, connect=True) + _NO_FRAMES
    return HTMLResponse(
        view.page(title, body, scripts, data, connect=True), headers={"Content-Security-Policy": policy}
    )


def is_loopback(host: str) -> bool:
    """Whether listening on `host` keeps the server to this machine (localhost, 127.0.0.0/8, ::1)."""
    name = host.strip("[]").lower()
    if name == "localhost":
        return True
    try:
        return ipaddress.ip_address(name).is_loopback
    except ValueError:
        return False


def _authority(url: str) -> tuple[str, str, int] | None:
    """(scheme, host name, port) of an origin such as http://localhost:8000, or None if it is not one."""
    try:
        parts = urllib.parse.urlsplit(url)
        port = parts.port
    except ValueError:
        return None
    if parts.scheme not in ("http", "https") or not parts.hostname or parts.username is not None:
        return None
    if parts.path or parts.query or parts.fragment or "@" in parts.netloc:
        return None
    return parts.scheme, parts.hostname, port if port is not None else (443 if parts.scheme == "https" else 80)


class _Hosts:
    """The names by which a browser reaches the server: the host it listens on, with its port.

    On loopback also localhost, 127.0.0.1 and [::1]; on every address (0.0.0.0, ::) also any IP address
    and this machine's name. A name of another site pointed at this machine (DNS rebinding) is none of them.
    """

    def __init__(self, host: str, port: int) -> None:
        bound = host.strip("[]").lower()
        self.port = port
        self.every_address = bound in ("", "0.0.0.0", "::")
        self.names = {bound}
        if self.every_address or is_loopback(bound):
            self.names |= {"localhost", "127.0.0.1", "::1"}
        if self.every_address:
            self.names.add(_socket.gethostname().lower())

    def allows(self, name: str, port: int) -> bool:
        """Whether `name:port` names this server."""
        if port != self.port:
            return False
        if name in self.names:
            return True
        if not self.every_address:
            return False
        try:
            ipaddress.ip_address(name)
        except ValueError:
            return False
        return True

    def refusal(self, headers: Headers) -> str | None:
        """Why a request with these headers is refused, or None: a Host not naming this server, or an
        Origin other than the Host's (a page of another site; "null": a sandbox or a file)."""
        host = headers.get("host")
        where = None if host is None else _authority("http://" + host)
        if where is None or not self.allows(where[1], where[2]):
            return "this server answers only to its own address (Host)"
        origin = headers.get("origin")
        if origin is not None and _authority(origin) != where:
            return "this server answers only to its own pages (Origin)"
        return None


class _Guard:
    """ASGI middleware: refuses a request or websocket that `_Hosts.refusal` refuses (403), and puts the
    security headers on every response (404s and errors included)."""

    def __init__(self, app: ASGIApp, hosts: _Hosts) -> None:
        self.app, self.hosts = app, hosts

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        refusal = self.hosts.refusal(Headers(scope=scope))
        if refusal is not None and scope["type"] == "websocket":
            await send({"type": "websocket.close", "code": 1008, "reason": ""})  # before accept: HTTP 403
            return

        async def secured(message: Message) -> None:
            """Sends `message`, a response's start with the security headers added (the 404 and 403 too)."""
            if message["type"] == "http.response.start":
                headers = MutableHeaders(scope=message)
                for name, value in _SECURITY_HEADERS.items():
                    headers.setdefault(name, value)
            await send(message)

        if refusal is not None:
            await PlainTextResponse(f"Forbidden: {refusal}.", status_code=403)(scope, receive, secured)
            return
        await self.app(scope, receive, secured if scope["type"] == "http" else send)


def _check_specs(settings: Settings) -> None:
    for spec in (settings.partner, settings.opponents, settings.hint):
        make_bot(spec)  # a bad SPEC fails here, once, not at the first table


def create_app(settings: Settings | None = None) -> Starlette:
    """The Starlette application of `tichu-fast play` (for uvicorn, or Starlette's TestClient in tests).

    It answers only requests naming `settings.host` and `settings.port` (see `_Hosts`).
    """
    settings = Settings() if settings is None else settings
    _check_specs(settings)
    tables = _Tables(settings)

    async def home(_request: Request) -> Response:
        """The start page: choose a seat and open a table."""
        data = {"seat": settings.seat, "partner": settings.partner, "opponents": settings.opponents}
        return _page("Tichu: play against bots", view.asset("home.html"), ["home.js"], data)

    async def new_table(request: Request) -> Response:
        """POST: opens a table for the seat in the JSON body; its address, or an error.

        Only the start page's request is taken: JSON with the `X-Tichu-Table: new` header (another
        site's page can send neither without a CORS preflight, which this server never grants).
        """
        kind = request.headers.get("content-type", "").split(";")[0].strip().lower()
        fetched = request.headers.get("sec-fetch-site", "same-origin")
        if kind != "application/json" or request.headers.get(NEW_TABLE_HEADER) != "new" or fetched != "same-origin":
            return JSONResponse({"error": "a table is opened from this server's start page"}, status_code=403)
        text = b""
        async for chunk in request.stream():
            text += chunk
            if len(text) > _MAX_BODY:
                return JSONResponse({"error": "the request is too long"}, status_code=413)
        try:
            body = json.loads(text) if text else {}
        except (ValueError, RecursionError):
            body = None
        if not isinstance(body, dict):
            return JSONResponse({"error": 'the body is a JSON object such as {"seat": 0}'}, status_code=400)
        seat = body.get("seat", settings.seat)
        if type(seat) is not int or not 0 <= seat <= 3:
            return JSONResponse({"error": "seat must be 0..3"}, status_code=400)
        people = body.get("people", [])
        if (
            not isinstance(people, list)
            or len(people) > 3
            or any(type(p) is not int or not 0 <= p <= 3 for p in people)
        ):
            return JSONResponse({"error": "people is a list of the seats 0..3 kept for people"}, status_code=400)
        try:
            room = tables.create(seat, people)
        except TableError as error:
            return JSONResponse({"error": str(error)}, status_code=429)
        return JSONResponse({"url": f"/table/{room.table.token}"})

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
        replay = room.table.finished[number - 1]
        if number not in room.analyses:  # the solver, once a hand (in a thread: it takes a second or so)
            room.analyses[number] = (await asyncio.to_thread(analyze, replay, cards=settings.analysis_cards)).to_json()
        policy = view.page_policy(["viewer.js"]) + _NO_FRAMES
        page = view.render(replay, analysis=room.analyses[number])
        return HTMLResponse(page, headers={"Content-Security-Policy": policy})

    async def socket(websocket: WebSocket) -> None:
        """A seat's websocket: the seat's view out, the person's actions in, each checked by the engine."""
        found = tables.seat(websocket.path_params["token"])
        if found is None:
            await websocket.close(code=4404)
            return
        room, seat = found
        if room.connections >= settings.max_sockets:
            await websocket.accept()  # to say why: the page shows the reason
            await websocket.close(code=4429, reason=f"this table is open in {settings.max_sockets} windows already")
            return
        room.connections += 1
        try:
            await websocket.accept()
            async with room.lock:
                room.table.join(seat)  # the seat is a person's from now on: the others are told
                room.table.set_connected(seat, True)
                room.table.last_active = time.monotonic()
                await _broadcast(room)
                room.sockets[websocket] = seat
                await _send(websocket, room.shown[seat])
            _start_bots(room, settings)
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
                await _handle(room, websocket, seat, text, settings)
        except WebSocketDisconnect:
            pass
        finally:
            room.connections -= 1
            room.sockets.pop(websocket, None)  # gone already if a send to it failed (`_broadcast`)
            if seat not in room.sockets.values():
                async with room.lock:
                    room.table.set_connected(seat, False)
                    await _broadcast(room)

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
    app.add_middleware(_Guard, hosts=_Hosts(settings.host, settings.port))
    app.state.tables = tables  # for tests: the server side of each table
    return app


def _not_found() -> Response:
    # the security headers come from _Guard, as on every response
    return HTMLResponse("<!DOCTYPE html><title>No such table</title><p>No such table (closed after a while idle).", 404)


async def _send(websocket: WebSocket, message: dict[str, Any]) -> None:
    await websocket.send_text(json.dumps(message, separators=(",", ":")))


async def _broadcast(room: _Room) -> None:
    """Sends each seat's message to the sockets showing that seat, where it changed (a seat is told
    nothing, not even an identical message, of what it may not see: another seat's declined offer)."""
    for seat in range(4):
        message = room.table.message(seat)
        if message == room.shown[seat]:
            continue
        room.shown[seat] = message
        for ws, shown in list(room.sockets.items()):
            if shown != seat:
                continue
            try:
                await _send(ws, message)
            except Exception:  # a socket that went away; its handler removes it
                room.sockets.pop(ws, None)


def _message(text: str) -> dict[str, Any]:
    """The browser's message as a JSON object; TableError if it is not one."""
    if len(text) > MAX_MESSAGE:
        raise TableError("message too long")
    try:
        message = json.loads(text)
    except (ValueError, RecursionError):
        raise TableError("a message is a JSON object") from None
    if not isinstance(message, dict):
        raise TableError("a message is a JSON object")
    return message


async def _handle(room: _Room, websocket: WebSocket, seat: int, text: str, settings: Settings) -> None:
    """One message from `seat`'s browser: an error back (nothing changed), or the change shown to every
    seat and the bots run."""
    table = room.table
    try:
        message = _message(text)
        kind = message.get("type")
        if kind not in _MESSAGES:
            raise TableError("unknown message type; use " + ", ".join(repr(k) for k in _MESSAGES))
        if kind == "hint":
            await _send(websocket, await _hint(room, seat))
            return
        async with room.lock:  # behind a bot run under way: its plays are shown first
            table.last_active = time.monotonic()
            if kind == "hello":
                if message.get("name") is not None:
                    table.join(seat, message["name"])
                await _broadcast(room)
                await _send(websocket, room.shown[seat])
                return
            if kind == "act":
                if "version" not in message:
                    raise TableError("an action names the version of the state it answers")
                table.act(message.get("action"), message["version"], seat)
            elif kind == "next":
                table.next_hand(seat)
            elif kind == "ready":
                table.set_ready(seat, message.get("ready", True))
            elif kind == "back":
                table.back(seat)
            await _broadcast(room)
    except TableError as error:
        await _send(websocket, {"type": "error", "message": str(error)})
        return
    _start_bots(room, settings)


_MESSAGES = ("act", "next", "hello", "ready", "back", "hint")


async def _hint(room: _Room, seat: int) -> dict[str, Any]:
    """The hint bot's choice for `seat`'s decision (its view only), for that seat's socket alone."""
    async with room.lock:
        version = room.table.versions[seat]
        action = await asyncio.to_thread(room.table.hint, seat)
    return {"type": "hint", "version": version, "action": action, "bot": room.table.hint_spec}


def _start_bots(room: _Room, settings: Settings) -> None:
    """Runs the bots as a task of their own, so that a person's next message never waits for a bot run."""
    if room.bots is None or room.bots.done():
        room.bots = asyncio.create_task(_run_bots(room, settings))


async def _run_bots(room: _Room, settings: Settings) -> None:
    """Lets the bots play until a person is to act, showing each play `settings.delay` seconds after the
    step began (a quarter of it for calls and pushes); then sets the idle timer. One run at a time; the
    lock is held a step at a time, so that people's messages ("I'm back", a name) go in between.

    Bots' declined bomb offers are decided within `Table.step_bot`, with the play before: they add no
    message, no version and, while the bots think faster than the delay, no time (R10.3).
    """
    async with room.lock:
        if room.running:
            return  # the run under way goes on as long as bots are to act
        room.running = True
    try:
        while True:
            async with room.lock:
                table = room.table
                if not table.bot_to_act() or room.closed or not any(table.connected):
                    # nobody's page open: the bots wait for someone to come back rather than play on alone
                    await _broadcast(room)  # an answer held behind the offers just declined, say
                    _arm(room, settings)
                    room.running = False
                    return
                start = time.monotonic()
                event = await asyncio.to_thread(table.step_bot)
            if event is None:
                continue  # only declined offers were left: no message changed
            # a play is worth watching; calls and pushes before the play go by faster
            pace = settings.delay if event["decision"] in _PLAYS else settings.delay / 4
            wait = pace - (time.monotonic() - start)
            if wait > 0:
                await asyncio.sleep(wait)
            async with room.lock:
                await _broadcast(room)
    finally:
        room.running = False


def _arm(room: _Room, settings: Settings) -> None:
    """Sets the idle timer on what the table now waits for from a person (a new wait restarts it)."""
    waiting = room.table.waiting()
    if waiting == room.idle:
        return
    if room.timer is not None and room.timer is not asyncio.current_task():
        room.timer.cancel()
    room.idle, room.timer = waiting, None
    if waiting is not None:
        room.timer = asyncio.create_task(_idle(room, waiting, settings))


async def _idle(room: _Room, waiting: tuple[Any, ...], settings: Settings) -> None:
    """After `seat_idle` seconds of the same wait: the idle person's bot plays for him (or, after a hand,
    the next hand starts without the people still on its score)."""
    await asyncio.sleep(settings.seat_idle)
    async with room.lock:
        table = room.table
        if room.closed or table.waiting() != waiting:
            return
        room.idle = None
        if waiting[0] == "next":
            table.skip_next()
        elif waiting[0] == "offer":
            table.let_offer_lapse(waiting[1])
        else:
            table.take_over(waiting[0])
        await _broadcast(room)
    _start_bots(room, settings)


def uvicorn_config(app: Starlette, host: str = "127.0.0.1", port: int = 8000) -> Any:
    """uvicorn's Config for `app`, with the websockets library's current (sans-I/O) protocol where
    uvicorn has it (its older one uses the deprecated `websockets.legacy`), and a websocket message
    of at most `WS_MAX_SIZE` bytes (uvicorn's default, 16 MiB, would be held whole before any check)."""
    import uvicorn
    from uvicorn.config import WS_PROTOCOLS

    ws = "websockets-sansio" if "websockets-sansio" in WS_PROTOCOLS else "auto"
    return uvicorn.Config(app, host=host, port=port, log_level="warning", ws=ws, ws_max_size=WS_MAX_SIZE)


def listen(host: str, port: int) -> _socket.socket:
    """A socket listening on host:port (port 0: any free one); ValueError naming the address if it cannot."""
    try:
        family, kind, proto, _, address = _socket.getaddrinfo(
            host, port, type=_socket.SOCK_STREAM, flags=_socket.AI_PASSIVE
        )[0]
        sock = _socket.socket(family, kind, proto)
        try:
            sock.setsockopt(_socket.SOL_SOCKET, _socket.SO_REUSEADDR, 1)
            sock.bind(address)
            sock.listen(128)
        except BaseException:
            sock.close()
            raise
    except (OSError, OverflowError) as error:
        reason = error.strerror if isinstance(error, OSError) and error.strerror else str(error)
        raise ValueError(f"cannot listen on {host}:{port}: {reason}") from None
    return sock


def address(host: str, port: int) -> str:
    """The address to open in a browser for a server listening on host:port."""
    name = host.strip("[]")
    if name in ("", "0.0.0.0"):
        name = "127.0.0.1"
    elif name == "::":
        name = "::1"
    return f"http://[{name}]:{port}/" if ":" in name else f"http://{name}:{port}/"


def serve(settings: Settings, announce: Callable[[str], None] = print) -> None:
    """Runs the server until Ctrl-C (uvicorn): checks the bots' SPECs, listens on `settings.host` and
    `settings.port` (ValueError for either), and only then calls `announce` with the address to open."""
    import uvicorn

    _check_specs(settings)
    sock = listen(settings.host, settings.port)
    settings = dataclasses.replace(settings, port=sock.getsockname()[1])
    try:
        app = create_app(settings)
        announce(address(settings.host, settings.port))
        uvicorn.Server(uvicorn_config(app, settings.host, settings.port)).run(sockets=[sock])
    finally:
        sock.close()
