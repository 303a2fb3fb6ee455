"""A client for qiboard-server: the probes of ``qiboard.xiangqi.Tablebase``
answered over HTTP by a server (``qiboard-server``), in pure Python with
the standard library's ``urllib``.

Values come back as :class:`RemoteDtm` (``wdl``, ``plies``, ``to``,
``by_rules``, like the extension's ``Dtm``) and moves as UCCI strings.
A move's value is for the side making it, as ``Tablebase.probe_root``
gives it. Errors are ``ValueError`` subclasses: :class:`BadPosition`
(the server refused the FEN), :class:`NotCovered` (no table covers the
position, or it will not be built), :class:`Building` (the server is
building the table: ask again), :class:`ServerError` (anything else).

    >>> tb = RemoteTablebase("http://127.0.0.1:9000")      # doctest: +SKIP
    >>> tb.probe_wdl("3k5/9/9/9/9/9/9/9/4R4/5K3 w")          # doctest: +SKIP
    'win'
"""

from __future__ import annotations

import json
import urllib.error
import urllib.parse
import urllib.request
from dataclasses import dataclass
from typing import Any, Dict, List, Optional, Tuple, Union

__all__ = [
    "RemoteTablebase",
    "RemoteDtm",
    "RemoteError",
    "BadPosition",
    "NotCovered",
    "Building",
    "ServerError",
]


class RemoteError(ValueError):
    """A request the server did not answer with a value."""

    def __init__(self, message: str, status: int, body: Optional[Dict[str, Any]] = None):
        super().__init__(message)
        self.status = status
        self.body = body or {}


class BadPosition(RemoteError):
    """The server refused the FEN or the moves (400)."""


class NotCovered(RemoteError):
    """No table covers the position, and none will be built (404, 422)."""


class Building(RemoteError):
    """The server is building the position's table (202); ask again later."""


class ServerError(RemoteError):
    """Any other failure: saturated (503), a damaged table (500), no answer."""


@dataclass(frozen=True)
class RemoteDtm:
    """A value for the side to move (or, for a move, for its mover)."""

    wdl: str
    plies: int
    to: str
    by_rules: bool

    @classmethod
    def from_json(cls, answer: Dict[str, Any]) -> "RemoteDtm":
        plies = answer.get("dtm")
        return cls(
            wdl=answer["category"],
            plies=0 if plies is None else int(plies),
            to=answer.get("dtm_to") or "mate",
            by_rules=bool(answer.get("by_rules")),
        )


_PositionLike = Union[str, Any]


def _fen(position: _PositionLike) -> str:
    if isinstance(position, str):
        return position
    fen = getattr(position, "fen", None)
    if callable(fen):
        return str(fen())
    if isinstance(fen, str):
        return fen
    raise TypeError("a position is a FEN string or an object with fen()")


class RemoteTablebase:
    """The tablebase served at ``url`` (e.g. ``http://127.0.0.1:9000``)."""

    def __init__(self, url: str, timeout: float = 30.0):
        self.url = url.rstrip("/")
        self.timeout = timeout

    def _get(self, path: str, **params: str) -> Dict[str, Any]:
        query = urllib.parse.urlencode(params)
        request = urllib.request.Request(
            f"{self.url}{path}?{query}", headers={"Accept": "application/json"}
        )
        try:
            with urllib.request.urlopen(request, timeout=self.timeout) as reply:
                status = reply.status
                text = reply.read()
        except urllib.error.HTTPError as error:
            status = error.code
            text = error.read()
        except (urllib.error.URLError, OSError) as error:
            raise ServerError(f"{self.url}: {error}", 0) from error
        try:
            body = json.loads(text) if text else {}
        except ValueError:
            body = {}
        if status == 200:
            return body
        message = body.get("error") or f"HTTP {status}"
        if status == 202:
            raise Building(f"building {body.get('material', 'the table')}", status, body)
        if status == 400:
            raise BadPosition(message, status, body)
        if status in (404, 422):
            raise NotCovered(message, status, body)
        raise ServerError(message, status, body)

    def probe_wdl(self, position: _PositionLike) -> str:
        """``win``, ``draw`` or ``loss`` for the side to move."""
        return self.probe_dtm(position).wdl

    def probe_dtm(self, position: _PositionLike) -> RemoteDtm:
        """The value with its distance in plies."""
        return RemoteDtm.from_json(self._get("/xiangqi", fen=_fen(position)))

    def probe_root(self, position: _PositionLike) -> List[Tuple[str, RemoteDtm]]:
        """Every legal move, best first, with its value for the mover."""
        answer = self._get("/xiangqi", fen=_fen(position))
        return [(move["uci"], RemoteDtm.from_json(move)) for move in answer["moves"]]

    def best_move(self, position: _PositionLike) -> Optional[Tuple[str, RemoteDtm]]:
        """The first of :meth:`probe_root`, or ``None`` without a legal move."""
        ranked = self.probe_root(position)
        return ranked[0] if ranked else None

    def line(self, position: _PositionLike) -> List[str]:
        """The best line to mate or to the rules' decision, as UCCI moves."""
        answer = self._get("/xiangqi/mainline", fen=_fen(position))
        return [step["uci"] for step in answer["mainline"]]
