"""An engine process on asyncio: lines out, bounded lines in, and an end
that always reaps it.

Lines are read from the engine's output in chunks and split here, so that
memory stays bounded whatever the engine writes: a line longer than
:data:`MAX_LINE` bytes is a protocol error, not a growing buffer. Text is
decoded as UTF-8, undecodable bytes replaced. Every way out (the engine
exits, is killed, times out) ends with ``wait()``, so no zombie is left.
"""

from __future__ import annotations

import asyncio
import logging
import os
import signal
import subprocess
from typing import Mapping, Optional, Sequence, Union

from ._errors import EngineProtocolError, EngineTerminatedError, EngineTimeoutError

#: The longest line an engine may send, in bytes. UCI lines are short; the
#: longest seen in practice are option lines listing variants (~2 KB).
MAX_LINE = 64 * 1024

_CHUNK = 64 * 1024

#: Every line to and from an engine is logged at DEBUG level here.
LOGGER = logging.getLogger("qiboard.engine")

#: What starts an engine: its path, or its argv.
Command = Union[str, "os.PathLike[str]", Sequence[str]]


def exit_text(code: Optional[int]) -> str:
    """How a process ended, in words."""
    if code is None:
        return "still running"
    if code < 0:
        try:
            return f"killed by {signal.Signals(-code).name}"
        except ValueError:
            return f"killed by signal {-code}"
    return f"exit code {code}"


class EngineProcess:
    """A started engine: send a line, read a line, end it."""

    def __init__(self, process: asyncio.subprocess.Process, name: str) -> None:
        self._process = process
        self.name = name
        self._buffer = bytearray()
        self._eof = False

    @classmethod
    async def start(
        cls,
        command: Command,
        cwd: Optional[Union[str, "os.PathLike[str]"]] = None,
        env: Optional[Mapping[str, str]] = None,
    ) -> EngineProcess:
        """Starts ``command`` (a path, or an argv list) with pipes to and
        from it; the engine's standard error is left alone."""
        argv = [os.fspath(command)] if isinstance(command, (str, os.PathLike)) else [os.fspath(a) for a in command]
        if not argv:
            raise ValueError("command: give the engine's path or its argv, not an empty list")
        process = await asyncio.create_subprocess_exec(
            *argv,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            cwd=cwd,
            env=None if env is None else dict(env),
            # A Ctrl-C in the terminal is for the caller, who then quits
            # the engine; it should not kill the engine behind its back.
            start_new_session=True,
        )
        return cls(process, os.path.basename(argv[0]))

    @property
    def pid(self) -> int:
        """The process id."""
        return self._process.pid

    @property
    def returncode(self) -> Optional[int]:
        """The exit code once the process has ended and been reaped."""
        return self._process.returncode

    async def send(self, line: str) -> None:
        """Writes ``line`` and a newline; EngineTerminatedError if the
        engine is no longer reading."""
        stdin = self._process.stdin
        assert stdin is not None
        LOGGER.debug("%s << %s", self.name, line)
        try:
            stdin.write(line.encode() + b"\n")
            await stdin.drain()
        except (BrokenPipeError, ConnectionResetError):
            code = await self._reap(1.0)
            raise EngineTerminatedError(f"{self.name} exited ({exit_text(code)}) before reading {line!r}") from None

    async def read_line(self, timeout: Optional[float]) -> str:
        """The next line, without its end; EngineTimeoutError if none comes
        within ``timeout`` seconds (None: wait as long as it takes),
        EngineTerminatedError at the end of the output, EngineProtocolError
        for a line longer than :data:`MAX_LINE`."""
        loop = asyncio.get_running_loop()
        deadline = None if timeout is None else loop.time() + timeout
        while True:
            end = self._buffer.find(b"\n")
            if end >= 0:
                line = bytes(self._buffer[:end])
                del self._buffer[: end + 1]
                text = line.decode("utf-8", "replace").rstrip("\r")
                LOGGER.debug("%s >> %s", self.name, text)
                return text
            if len(self._buffer) > MAX_LINE:
                raise EngineProtocolError(
                    f"{self.name} sent a line longer than {MAX_LINE} bytes, "
                    f"starting {bytes(self._buffer[:40]).decode('utf-8', 'replace')!r}"
                )
            if self._eof:
                code = await self._reap(1.0)
                raise EngineTerminatedError(f"{self.name} exited ({exit_text(code)})")
            remaining = None if deadline is None else max(0.0, deadline - loop.time())
            stdout = self._process.stdout
            assert stdout is not None
            try:
                # read() hands over data only when it returns, so a timeout
                # or a cancellation here loses nothing.
                chunk = await asyncio.wait_for(stdout.read(_CHUNK), remaining)
            except asyncio.TimeoutError:
                raise EngineTimeoutError(f"{self.name} did not answer within {timeout} s") from None
            if chunk:
                self._buffer += chunk
            else:
                self._eof = True

    async def end(self, grace: Optional[float]) -> int:
        """Closes the engine's input, waits up to ``grace`` seconds for it
        to exit, kills it if it has not, and reaps it; its exit code."""
        stdin = self._process.stdin
        if stdin is not None and not stdin.is_closing():
            stdin.close()
        return await self._reap(grace)

    async def kill(self) -> int:
        """Kills the engine at once and reaps it; its exit code."""
        return await self._reap(0.0)

    async def _reap(self, grace: Optional[float]) -> int:
        # wait() returns only once the output pipe is closed too, and a pipe
        # whose reader has stopped (its buffer full of unread output) never
        # notices the end: read and drop the rest while waiting.
        discard = asyncio.ensure_future(self._discard_output())
        try:
            if self._process.returncode is None and grace != 0.0:
                try:
                    await asyncio.wait_for(asyncio.shield(self._process.wait()), grace)
                except asyncio.TimeoutError:
                    pass
        finally:
            # Interrupted or not, the engine does not outlive this.
            if self._process.returncode is None:
                self._kill()
            stdin = self._process.stdin
            if stdin is not None and not stdin.is_closing():
                stdin.close()
            await asyncio.shield(discard)
        return await self._process.wait()

    def _kill(self) -> None:
        # The engine leads a process group of its own (start_new_session):
        # killing the group also ends what a wrapper script started, which
        # would otherwise hold the pipes open.
        try:
            os.killpg(self._process.pid, signal.SIGKILL)
        except OSError:
            try:
                self._process.kill()
            except ProcessLookupError:
                pass

    async def _discard_output(self) -> None:
        stdout = self._process.stdout
        assert stdout is not None
        self._buffer.clear()
        while await stdout.read(_CHUNK):
            pass
