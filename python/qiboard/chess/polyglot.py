"""Polyglot opening books (``.bin``).

``Book(path)`` reads a book an entry at a time with positioned reads, so a
book of any size costs a few reads per lookup; ``Book(data)`` holds the
bytes given. ``find_all(position, minimum_weight=1)``, ``find(position)``
and ``weighted_choice(position, random=rng)`` answer as python-chess's
``chess.polyglot`` reader does (entries whose move is not legal in the
position are passed over; weighted choice draws ``rng.randint(0, total -
1)``). ``encode(move)`` and ``decode(position, raw_move)`` convert
Polyglot's move encoding, castling written as the king taking its rook.
"""

from .._qiboard import chess as _chess

globals().update((name, getattr(_chess.polyglot, name)) for name in ("Book", "Entry", "decode", "encode"))
