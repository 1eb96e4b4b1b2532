"""`tichu-fast play`: what keeps other sites' pages, other names and big messages out (docs/web.md "Security").

Through Starlette's TestClient, and through a real uvicorn server where the limit is uvicorn's (the
websocket message size). Skipped without the [web] extra (`pip install ".[webtest]"`; .ci/run installs it).
"""

from __future__ import annotations

import base64
import contextlib
import hashlib
import http.client
import json
import re
import socket
import threading
import time
import warnings
from collections.abc import Iterator
from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")
pytest.importorskip("uvicorn")
pytest.importorskip("websockets")
with warnings.catch_warnings():
    warnings.simplefilter("ignore")  # newer Starlette prefers httpx2 to httpx, and says so on import
    from starlette.testclient import TestClient
import uvicorn
from starlette.websockets import WebSocketDisconnect
from websockets.exceptions import ConnectionClosedError, InvalidStatus
from websockets.sync.client import connect

from tichu_fast.cli import main
from tichu_fast.web import server
from tichu_fast.web.server import MAX_SOCKETS, WS_MAX_SIZE, Settings, create_app, listen, uvicorn_config
from tichu_fast.web.table import MAX_MESSAGE

BASE = "http://127.0.0.1:8000"  # the server's own address: Settings' default host and port
WS = "ws://127.0.0.1:8000"
NEW = {"X-Tichu-Table": "new"}  # what the start page sends with its JSON
FOREIGN_HOSTS = ["evil.example:8000", "127.0.0.1.evil.example:8000", "127.0.0.1:8001", "localhost:80", "", "a@b:8000"]
FOREIGN_ORIGINS = [
    "http://evil.example",
    "null",
    "http://127.0.0.1:8001",
    "https://127.0.0.1:8000",
    "http://localhost:8000",
]


@pytest.fixture
def client() -> Iterator[TestClient]:
    app = create_app(Settings(delay=0, target=200))
    with TestClient(app, base_url=BASE) as test_client:
        yield test_client


def new_table(client: TestClient, seat: int = 0) -> str:
    reply = client.post("/tables", json={"seat": seat}, headers=NEW)
    assert reply.status_code == 200, reply.text
    return str(reply.json()["url"])


def requests(client: TestClient, url: str, headers: dict[str, str]) -> dict[str, Any]:
    """Every route, asked with `headers`: route -> response."""
    return {
        "/": client.get("/", headers=headers),
        "POST /tables": client.post("/tables", json={"seat": 0}, headers={**NEW, **headers}),
        "table": client.get(url, headers=headers),
        "hand": client.get(url + "/hand/1", headers=headers),
        "unknown": client.get("/nothing", headers=headers),
    }


def socket_refused(client: TestClient, address: str, headers: dict[str, str]) -> bool:
    """Whether the websocket at `address` is refused before it says anything."""
    try:
        with client.websocket_connect(address, headers=headers) as ws:
            ws.receive_json()
    except WebSocketDisconnect:
        return True
    return False


def test_a_foreign_host_is_refused_on_every_route_and_the_websocket(client):
    # DNS rebinding: another site's name pointed at this machine reaches the server with that name as Host
    url = new_table(client)
    tables = client.app.state.tables
    for host in FOREIGN_HOSTS:
        before = len(tables.rooms)
        for route, reply in requests(client, url, {"host": host}).items():
            assert reply.status_code == 403, (host, route)
            assert reply.headers["x-content-type-options"] == "nosniff"
        assert len(tables.rooms) == before  # no table opened
        assert socket_refused(client, f"ws://{host or 'x'}{url}/ws", {"host": host}), host
    # the server's own address, and its loopback equivalents, are served
    for host in ["127.0.0.1:8000", "localhost:8000", "LOCALHOST:8000", "[::1]:8000"]:
        replies = requests(client, url, {"host": host})
        assert replies["/"].status_code == 200, host
        assert replies["POST /tables"].status_code == 200, host
        assert replies["table"].status_code == 200, host
        assert replies["hand"].status_code == 404  # no hand finished yet
        assert not socket_refused(client, f"ws://{host}{url}/ws", {}), host


def test_a_foreign_origin_is_refused_on_every_route_and_the_websocket(client):
    # a page of another site (or a sandboxed one, "null") may send requests and open websockets to any address
    url = new_table(client)
    tables = client.app.state.tables
    for origin in FOREIGN_ORIGINS:
        before = len(tables.rooms)
        for route, reply in requests(client, url, {"origin": origin}).items():
            assert reply.status_code == 403, (origin, route)
        assert len(tables.rooms) == before
        assert socket_refused(client, WS + url + "/ws", {"origin": origin}), origin  # even with the right token
    # the server's own pages
    replies = requests(client, url, {"origin": BASE})
    assert [replies[r].status_code for r in ("/", "POST /tables", "table")] == [200, 200, 200]
    assert not socket_refused(client, WS + url + "/ws", {"origin": BASE})


def test_the_names_a_server_answers_to_follow_where_it_listens():
    cases = {
        # host it listens on: (served, refused)
        "127.0.0.1": (["127.0.0.1:8000", "localhost:8000", "[::1]:8000"], ["192.168.1.5:8000", "evil.example:8000"]),
        "::1": (["[::1]:8000", "localhost:8000", "127.0.0.1:8000"], ["evil.example:8000"]),
        "192.168.1.5": (["192.168.1.5:8000"], ["localhost:8000", "127.0.0.1:8000", "evil.example:8000"]),
        "0.0.0.0": (["192.168.1.5:8000", "127.0.0.1:8000", "localhost:8000", "[fe80::1]:8000"], ["evil.example:8000"]),
    }
    for listening, (served, refused) in cases.items():
        app = create_app(Settings(host=listening, port=8000))
        with TestClient(app, base_url=BASE) as test_client:
            for host in served:
                assert test_client.get("/", headers={"host": host}).status_code == 200, (listening, host)
            for host in [*refused, "127.0.0.1:9000"]:
                assert test_client.get("/", headers={"host": host}).status_code == 403, (listening, host)


def test_opening_a_table_needs_the_start_pages_request(client):
    # a form or a simple fetch of another site's page: text/plain, no custom header. 40 of them filled the
    # 32 tables for half an hour; now none opens a table, and the person's own request still does
    tables = client.app.state.tables
    for _ in range(40):
        reply = client.post("/tables", content=b'{"seat": 0}', headers={"content-type": "text/plain"})
        assert reply.status_code == 403
    assert not tables.rooms
    refused = [
        {"headers": {"content-type": "application/json"}},  # no header of the page
        {"headers": {"content-type": "text/plain", **NEW}},
        {"headers": {"content-type": "application/x-www-form-urlencoded", **NEW}},
        {"headers": {"content-type": "application/json", "X-Tichu-Table": "yes"}},
        {"headers": {"content-type": "application/json", "sec-fetch-site": "cross-site", **NEW}},
        {"headers": {"content-type": "application/json", "sec-fetch-site": "same-site", **NEW}},
    ]
    for request in refused:
        assert client.post("/tables", content=b'{"seat": 0}', **request).status_code == 403, request
    assert not tables.rooms
    same = {"content-type": "application/json", "sec-fetch-site": "same-origin", "origin": BASE, **NEW}
    assert client.post("/tables", content=b'{"seat": 0}', headers=same).status_code == 200
    assert len(tables.rooms) == 1


def sha256(text: str) -> str:
    return "'sha256-" + base64.b64encode(hashlib.sha256(text.encode()).digest()).decode() + "'"


def test_every_response_has_the_security_headers_and_pages_run_only_their_own_scripts(client):
    url = new_table(client)
    replies = {
        "home": client.get("/"),
        "table": client.get(url),
        "no such table": client.get("/table/" + "x" * 32),
        "no such hand": client.get(url + "/hand/1"),
        "no such route": client.get("/nothing"),
        "wrong method": client.get("/tables"),
        "refused": client.get("/", headers={"host": "evil.example:8000"}),
        "json": client.post("/tables", json={"seat": 9}, headers=NEW),
    }
    for name, reply in replies.items():
        policy = reply.headers["content-security-policy"]
        assert "default-src 'none'" in policy, name
        assert "frame-ancestors 'none'" in policy, name
        assert "unsafe-inline" not in policy, name
        assert reply.headers["x-content-type-options"] == "nosniff", name
        assert reply.headers["referrer-policy"] == "no-referrer", name
        assert reply.headers["cache-control"] == "no-store", name
    assert replies["no such table"].status_code == 404
    for name in ("home", "table"):
        html = replies[name].text
        policy = dict(
            part.strip().split(" ", 1) for part in replies[name].headers["content-security-policy"].split(";")
        )
        scripts = re.findall(r"<script>(.*?)</script>", html, re.S)
        assert sorted(policy["script-src"].split()) == sorted(sha256(code) for code in scripts), name
        assert policy["style-src"] == sha256(re.findall(r"<style>(.*?)</style>", html, re.S)[0])
        assert policy["connect-src"] == "'self'"  # the websocket to this server


def test_sockets_per_table_are_capped(client):
    url = new_table(client)
    with contextlib.ExitStack() as stack:
        for _ in range(MAX_SOCKETS):
            ws = stack.enter_context(client.websocket_connect(WS + url + "/ws"))
            assert ws.receive_json()["type"] == "state"
        with client.websocket_connect(WS + url + "/ws") as extra, pytest.raises(WebSocketDisconnect) as closed:
            extra.receive_json()
        assert closed.value.code == 4429
        assert "windows" in closed.value.reason
    # once they are closed, the table can be opened again
    with client.websocket_connect(WS + url + "/ws") as ws:
        assert ws.receive_json()["type"] == "state"


# -- through a real uvicorn server ------------------------------------------------------------------


@pytest.fixture(scope="module")
def live() -> Iterator[tuple[int, Any]]:
    """A server on a free port of 127.0.0.1, listening as `serve` does (its own socket)."""
    sock = listen("127.0.0.1", 0)
    port = sock.getsockname()[1]
    app = create_app(Settings(delay=0, port=port))
    instance = uvicorn.Server(uvicorn_config(app, "127.0.0.1", port))
    thread = threading.Thread(target=instance.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + 60
    while not instance.started:
        assert time.monotonic() < deadline, "the server did not start"
        time.sleep(0.05)
    yield port, app
    instance.should_exit = True
    thread.join(timeout=60)
    sock.close()


def live_request(port: int, method: str, path: str, **options: Any) -> tuple[int, bytes]:
    with contextlib.closing(http.client.HTTPConnection("127.0.0.1", port, timeout=60)) as connection:
        connection.request(method, path, **options)
        reply = connection.getresponse()
        return reply.status, reply.read()


def live_table(port: int) -> str:
    headers = {"Content-Type": "application/json", **NEW}
    status, body = live_request(port, "POST", "/tables", body=json.dumps({"seat": 0}), headers=headers)
    assert status == 200
    return str(json.loads(body)["url"])


def test_a_websocket_message_is_limited_in_size_as_it_arrives(live):
    # uvicorn's default (16 MiB) was held whole before the length check: the protocol now stops at WS_MAX_SIZE
    port, _app = live
    address = f"ws://127.0.0.1:{port}{live_table(port)}/ws"
    assert uvicorn_config(create_app(Settings()), "127.0.0.1", port).ws_max_size == WS_MAX_SIZE
    assert MAX_MESSAGE < WS_MAX_SIZE <= 16 * 1024
    with connect(address, open_timeout=60) as ws:
        assert json.loads(ws.recv(timeout=60))["type"] == "state"
        ws.send("x" * (MAX_MESSAGE + 1))  # within the size limit: an error back, the socket stays
        assert json.loads(ws.recv(timeout=60)) == {"type": "error", "message": "message too long"}
        ws.send("x" * (WS_MAX_SIZE + 1))
        with pytest.raises(ConnectionClosedError) as closed:
            ws.recv(timeout=60)
        assert closed.value.rcvd is not None
        assert closed.value.rcvd.code == 1009  # message too big


def test_a_real_server_refuses_foreign_origins_and_hosts(live):
    port, _app = live
    address = f"ws://127.0.0.1:{port}{live_table(port)}/ws"
    with pytest.raises(InvalidStatus) as refused:
        connect(address, origin="http://evil.example", open_timeout=60)  # type: ignore[arg-type]
    assert refused.value.response.status_code == 403
    with connect(address, origin=f"http://127.0.0.1:{port}", open_timeout=60) as ws:  # type: ignore[arg-type]
        assert json.loads(ws.recv(timeout=60))["type"] == "state"
    assert live_request(port, "GET", "/", headers={"Host": f"evil.example:{port}"})[0] == 403
    assert live_request(port, "GET", "/", headers={"Host": f"localhost:{port}"})[0] == 200


# -- the command --------------------------------------------------------------------------------------


def test_play_announces_the_address_only_once_it_serves(capsys, monkeypatch):
    # a bad SPEC, a busy port or a port out of range: one line, exit 2, and no "open http://..." before it
    assert main(["play", "--partner", "no-such-bot", "--port", "0"]) == 2
    captured = capsys.readouterr()
    assert "open http" not in captured.out
    assert "no-such-bot" in captured.err
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        assert main(["play", "--port", str(port)]) == 2
        captured = capsys.readouterr()
        assert "open http" not in captured.out
        assert f"cannot listen on 127.0.0.1:{port}" in captured.err
    assert main(["play", "--port", "70000"]) == 2
    assert "--port is 0..65535" in capsys.readouterr().err
    # serving (uvicorn's loop replaced by a return): the address is printed, with the port it got
    ran: list[Any] = []
    monkeypatch.setattr(uvicorn.Server, "run", lambda _self, sockets=None: ran.append(sockets))
    assert main(["play", "--port", "0"]) == 0
    captured = capsys.readouterr()
    assert re.fullmatch(r"tichu-fast play: open http://127\.0\.0\.1:\d+/ in a browser \(Ctrl-C stops\)\n", captured.out)
    assert ":0/" not in captured.out
    assert not captured.err
    assert len(ran) == 1


def test_play_warns_when_it_listens_beyond_this_machine(capsys, monkeypatch):
    monkeypatch.setattr(uvicorn.Server, "run", lambda _self, **_options: None)
    assert main(["play", "--host", "0.0.0.0", "--port", "0"]) == 0
    captured = capsys.readouterr()
    assert "warning: --host 0.0.0.0 opens the table to the network, without TLS" in captured.err
    assert "open http://127.0.0.1:" in captured.out
    for host in ("127.0.0.1", "localhost"):
        assert main(["play", "--host", host, "--port", "0"]) == 0
        assert not capsys.readouterr().err
    assert [server.is_loopback(h) for h in ("127.0.0.5", "[::1]", "::", "0.0.0.0")] == [True, True, False, False]
