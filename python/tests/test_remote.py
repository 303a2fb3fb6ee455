"""qiboard.remote: the HTTP client of qiboard-server.

A stand-in server (http.server, answering what qiboard-server answers)
checks the client's reading of answers and errors; a real qiboard-server,
when its binary is built (target/debug or target/release, or
QIBOARD_SERVER_BIN), is checked against the extension's Tablebase on the
same directory.
"""

import json
import os
import socket
import subprocess
import threading
import time
import urllib.parse
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

from qiboard import xiangqi
from qiboard.remote import (
    BadPosition,
    Building,
    NotCovered,
    RemoteDtm,
    RemoteError,
    RemoteTablebase,
    ServerError,
)

KRK = "3k5/9/9/9/9/9/9/9/4R4/5K3 w"

ANSWER = {
    "fen": KRK + " - - 0 1",
    "category": "win",
    "dtm": 5,
    "dtm_to": "mate",
    "by_rules": False,
    "moves": [
        {"uci": "e1e5", "category": "win", "dtm": 5, "dtm_to": "mate", "by_rules": False},
        {"uci": "f0f1", "category": "draw", "dtm": None, "dtm_to": None, "by_rules": False},
    ],
}


class _StandIn(BaseHTTPRequestHandler):
    def log_message(self, *args):
        pass

    def do_GET(self):
        url = urllib.parse.urlsplit(self.path)
        fen = urllib.parse.parse_qs(url.query).get("fen", [""])[0]
        replies = {
            "bad": (400, {"error": "bad FEN", "status": 400}),
            "missing": (404, {"error": "no table for KRRK", "status": 404}),
            "large": (422, {"error": "too large", "status": 422}),
            "building": (202, {"status": "building", "material": "KRKN"}),
            "busy": (503, {"error": "saturated", "status": 503}),
        }
        status, body = replies.get(fen, (200, ANSWER))
        if url.path == "/xiangqi/mainline" and status == 200:
            body = {"mainline": [{"uci": "e1e5"}, {"uci": "d9d8"}]}
        data = json.dumps(body).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)


@pytest.fixture
def stand_in():
    server = ThreadingHTTPServer(("127.0.0.1", 0), _StandIn)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield RemoteTablebase(f"http://127.0.0.1:{server.server_address[1]}/")
    server.shutdown()
    server.server_close()


def test_answers_are_read(stand_in):
    assert stand_in.probe_wdl(KRK) == "win"
    assert stand_in.probe_dtm(KRK) == RemoteDtm("win", 5, "mate", False)
    ranked = stand_in.probe_root(xiangqi.Position(KRK))
    assert [move for move, _ in ranked] == ["e1e5", "f0f1"]
    assert ranked[1][1] == RemoteDtm("draw", 0, "mate", False)
    assert stand_in.best_move(KRK)[0] == "e1e5"
    assert stand_in.line(KRK) == ["e1e5", "d9d8"]


@pytest.mark.parametrize(
    "fen, error",
    [
        ("bad", BadPosition),
        ("missing", NotCovered),
        ("large", NotCovered),
        ("building", Building),
        ("busy", ServerError),
    ],
)
def test_errors_are_value_errors(stand_in, fen, error):
    with pytest.raises(error) as raised:
        stand_in.probe_dtm(fen)
    assert isinstance(raised.value, ValueError) and isinstance(raised.value, RemoteError)


def test_no_server_is_a_server_error():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    with pytest.raises(ServerError):
        RemoteTablebase(f"http://127.0.0.1:{port}", timeout=5).probe_wdl(KRK)
    with pytest.raises(TypeError):
        RemoteTablebase("http://127.0.0.1:1").probe_wdl(42)


def _server_binary():
    root = Path(__file__).resolve().parents[2]
    candidates = [os.environ.get("QIBOARD_SERVER_BIN", "")]
    candidates += [str(root / "target" / kind / "qiboard-server") for kind in ("release", "debug")]
    return next((path for path in candidates if path and os.path.isfile(path)), None)


def test_a_real_server_agrees_with_the_extension(tmp_path):
    binary = _server_binary()
    if binary is None:
        pytest.skip("qiboard-server is not built (cargo build -p qiboard-server)")
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    process = subprocess.Popen(
        [binary, "--dir", str(tmp_path), "--listen", f"127.0.0.1:{port}"],
        stderr=subprocess.DEVNULL,
    )
    try:
        remote = RemoteTablebase(f"http://127.0.0.1:{port}")
        answer = None
        for _ in range(600):
            try:
                answer = remote.probe_root(KRK)
                break
            except (Building, ServerError):
                time.sleep(0.1)
        assert answer is not None, "KRK was not built"
        local = xiangqi.Tablebase(tmp_path)
        expected = [(str(move), dtm) for move, dtm in local.probe_root(KRK)]
        assert [move for move, _ in answer] == [move for move, _ in expected]
        for (_, got), (_, want) in zip(answer, expected):
            assert (got.wdl, got.plies, got.to, got.by_rules) == (
                want.wdl,
                want.plies,
                want.to,
                want.by_rules,
            )
        assert remote.line(KRK) == [str(move) for move in local.line(KRK)]
        with pytest.raises(BadPosition):
            remote.probe_wdl("not a fen")
    finally:
        process.terminate()
        process.wait(timeout=30)


def test_the_client_is_qiboard_xiangqi_s() -> None:
    from qiboard import xiangqi

    assert xiangqi.RemoteTablebase is RemoteTablebase
    assert "RemoteTablebase" in xiangqi.__all__
