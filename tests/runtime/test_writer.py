"""The CLI's stdin (``_runtime/_writer.py``): an answer is written by its handler's own task when nothing
else is queued or being written (no hop to the writer task), and whatever writes, lines stay whole and in
the order they were given; a cancelled handler never cuts its line; a broken stdin fails what waits."""

from __future__ import annotations

import contextlib
import os
import random

import pytest
import trio
import trio.testing

from trio_claude import CLIConnectionError
from trio_claude._runtime._writer import StdinWriter


class SlowStdin(trio.abc.SendStream):
    """Writes each line in two halves with a scheduler step between (a cut or interleaved line shows), the
    first half of the next write waiting for :attr:`gate` when one is set; records the writing tasks."""

    def __init__(self) -> None:
        self.data = bytearray()
        self.tasks: list[trio.lowlevel.Task] = []
        self.gate: trio.Event | None = None
        self.entered = trio.Event()
        self.closed = False

    async def send_all(self, data: bytes | bytearray | memoryview) -> None:
        self.tasks.append(trio.lowlevel.current_task())
        half = len(data) // 2
        self.data += data[:half]
        self.entered.set()
        gate, self.gate = self.gate, None
        if gate is not None:
            await gate.wait()
        else:
            await trio.lowlevel.checkpoint()
        self.data += data[half:]

    async def wait_send_all_might_not_block(self) -> None:
        pass

    async def aclose(self) -> None:
        self.closed = True


async def started(nursery: trio.Nursery, stdin: trio.abc.SendStream | None) -> StdinWriter:
    writer = StdinWriter()
    nursery.start_soon(writer.run, stdin)
    await trio.testing.wait_all_tasks_blocked()
    return writer


async def test_an_answer_is_written_by_its_own_task_when_nothing_waits() -> None:
    stdin = SlowStdin()
    async with trio.open_nursery() as nursery:
        writer = await started(nursery, stdin)
        await writer.answer(b'{"answer":1}\n')
        assert bytes(stdin.data) == b'{"answer":1}\n'  # written before answer() returned
        assert stdin.tasks == [trio.lowlevel.current_task()]
        await writer.write(b'{"prompt":1}\n')  # a prompt still goes through the writer task
        assert stdin.tasks[1] is not trio.lowlevel.current_task()
        writer.stop()


async def test_an_answer_waits_behind_a_line_being_written() -> None:
    stdin = SlowStdin()
    stdin.gate = gate = trio.Event()
    async with trio.open_nursery() as nursery:
        writer = await started(nursery, stdin)
        writer.send_nowait(b"first\n")
        await stdin.entered.wait()  # the writer task is in the middle of "first"
        await writer.answer(b"answer\n")  # queued: returns at once, nothing written yet
        assert bytes(stdin.data) == b"fir"
        gate.set()
        await writer.write(b"last\n")
        assert bytes(stdin.data) == b"first\nanswer\nlast\n"
        writer.stop()


@pytest.mark.parametrize("seed", range(8))
async def test_lines_keep_the_order_they_were_given_under_concurrency(seed: int) -> None:
    """Answers from many handler tasks, queued answers, cancellations and prompts, interleaved at random:
    stdin gets every line whole, in the order of the calls."""
    rng = random.Random(seed)
    stdin = SlowStdin()
    given: list[bytes] = []

    async def handler(name: int, steps: list[int]) -> None:
        for n, pause in enumerate(steps):
            for _ in range(pause):
                await trio.lowlevel.checkpoint()
            line = f'{{"from":{name},"n":{n},"pad":"{"x" * (name % 7)}"}}\n'.encode()
            kind = (name + n) % 3
            given.append(line)  # no checkpoint between recording and giving the line
            if kind == 0:
                await writer.answer(line)
            elif kind == 1:
                writer.send_nowait(line)
            else:
                await writer.write(line)

    async with trio.open_nursery() as nursery:
        writer = await started(nursery, stdin)
        async with trio.open_nursery() as handlers:
            for name in range(5):
                handlers.start_soon(handler, name, [rng.randrange(40) for _ in range(8)])
        await writer.write(b"end\n")
        writer.stop()
    assert bytes(stdin.data) == b"".join(given) + b"end\n"
    assert len(set(stdin.tasks)) > 1  # some answers were written by their handlers, others queued


async def test_a_handler_cancelled_mid_write_never_cuts_its_line() -> None:
    stdin = SlowStdin()
    stdin.gate = gate = trio.Event()
    async with trio.open_nursery() as nursery:
        writer = await started(nursery, stdin)
        with trio.CancelScope() as handler_scope:

            async def cancel_mid_write() -> None:
                await stdin.entered.wait()
                handler_scope.cancel()  # the CLI withdrew the request, or the turn was interrupted
                await trio.testing.wait_all_tasks_blocked()
                gate.set()

            nursery.start_soon(cancel_mid_write)
            await writer.answer(b'{"behavior":"allow"}\n')
            await trio.lowlevel.checkpoint()  # the cancellation lands here, after the line
        assert handler_scope.cancelled_caught
        await writer.write(b"next\n")
        assert bytes(stdin.data) == b'{"behavior":"allow"}\nnext\n'
        writer.stop()


async def test_a_cli_that_exits_while_an_answer_is_written_breaks_stdin() -> None:
    """The CLI closes its stdin (exits) in the middle of a large answer: the answer's task returns (no
    hang, nothing raised into the handler), and every later write fails with CLIConnectionError."""
    read_fd, write_fd = os.pipe()
    os.set_blocking(write_fd, False)
    stdin = trio.lowlevel.FdStream(write_fd)
    big = b'{"updatedInput":"' + b"x" * (1 << 20) + b'"}\n'  # far more than the pipe holds
    async with trio.open_nursery() as nursery:
        writer = await started(nursery, stdin)

        async def cli_exits() -> None:
            await trio.testing.wait_all_tasks_blocked()  # the answer fills the pipe and waits
            os.read(read_fd, 1000)
            os.close(read_fd)

        nursery.start_soon(cli_exits)
        await writer.answer(big)  # returns once the write fails
        with pytest.raises(CLIConnectionError, match="cannot write to the CLI"):
            await writer.write(b'{"type":"user"}\n')
        writer.send_nowait(b"dropped\n")
        await writer.answer(b"dropped too\n")
        writer.stop()
    await stdin.aclose()


async def test_a_prompt_waiting_behind_an_answer_fails_when_stdin_breaks() -> None:
    read_fd, write_fd = os.pipe()
    os.set_blocking(write_fd, False)
    stdin = trio.lowlevel.FdStream(write_fd)
    failed: list[BaseException] = []
    async with trio.open_nursery() as nursery:
        writer = await started(nursery, stdin)

        async def prompt() -> None:
            with pytest.raises(CLIConnectionError) as caught:
                await writer.write(b'{"type":"user"}\n')
            failed.append(caught.value)

        async def cli_exits() -> None:
            await trio.testing.wait_all_tasks_blocked()  # the answer waits on the full pipe
            nursery.start_soon(prompt)  # queued behind the answer
            await trio.testing.wait_all_tasks_blocked()
            os.close(read_fd)

        nursery.start_soon(cli_exits)
        await writer.answer(b"x" * (1 << 20) + b"\n")
        await trio.testing.wait_all_tasks_blocked()
        writer.stop()
    assert len(failed) == 1
    await stdin.aclose()


async def test_stop_ends_an_answer_the_cli_never_reads() -> None:
    """A grandchild of the CLI may hold its stdin open without reading: the session's end (stop()) ends the
    shielded write all the same."""
    read_fd, write_fd = os.pipe()
    os.set_blocking(write_fd, False)
    stdin = trio.lowlevel.FdStream(write_fd)
    async with trio.open_nursery() as nursery:
        writer = await started(nursery, stdin)

        async def session_ends() -> None:
            await trio.testing.wait_all_tasks_blocked()
            writer.stop()

        nursery.start_soon(session_ends)
        with trio.CancelScope() as handler_scope:
            handler_scope.cancel()  # cancelling the handler alone does not cut the line
            await writer.answer(b"x" * (1 << 20) + b"\n")
    os.close(read_fd)
    await stdin.aclose()


async def test_no_answer_is_written_after_stdin_is_closed() -> None:
    stdin = SlowStdin()
    async with trio.open_nursery() as nursery:
        writer = await started(nursery, stdin)
        await writer.answer(b"before\n")
        writer.close()
        await writer.answer(b"after\n")
        await trio.testing.wait_all_tasks_blocked()
        assert stdin.closed
        assert bytes(stdin.data) == b"before\n"
        with pytest.raises(CLIConnectionError, match="closed"):
            await writer.write(b"prompt\n")
        writer.stop()


async def test_without_stdin_answers_are_dropped_and_prompts_fail() -> None:
    async with trio.open_nursery() as nursery:
        writer = await started(nursery, None)
        await writer.answer(b"answer\n")
        with pytest.raises(CLIConnectionError, match="no stdin"):
            await writer.write(b"prompt\n")
        writer.stop()


# -- a pipe stdin: the answer leaves at once -------------------------------------------------------------


def _pipe() -> tuple[int, trio.lowlevel.FdStream]:
    read_end, write_end = os.pipe()
    return read_end, trio.lowlevel.FdStream(write_end)


def _read_all(fd: int) -> bytes:
    os.set_blocking(fd, False)
    data = bytearray()
    with contextlib.suppress(BlockingIOError):
        while chunk := os.read(fd, 1 << 20):
            data += chunk
    return bytes(data)


async def test_an_answer_to_a_pipe_leaves_without_a_scheduler_step() -> None:
    read_end, stdin = _pipe()
    try:
        async with trio.open_nursery() as nursery:
            writer = await started(nursery, stdin)
            with trio.testing.assert_no_checkpoints():
                await writer.answer(b'{"answer":1}\n')
            assert _read_all(read_end) == b'{"answer":1}\n'
            await writer.write(b'{"prompt":2}\n')  # the writer task goes on after it
            assert _read_all(read_end) == b'{"prompt":2}\n'
            writer.stop()
    finally:
        os.close(read_end)
        await stdin.aclose()


async def test_what_a_full_pipe_cannot_take_is_written_whole_before_the_next_line() -> None:
    read_end, stdin = _pipe()
    big = b'{"answer":"' + b"x" * (1 << 20) + b'"}\n'  # more than any pipe holds
    received = bytearray()

    async def drain() -> None:
        await trio.testing.wait_all_tasks_blocked()  # the answer has filled the pipe and waits
        while len(received) < len(big) + len(b'{"prompt":2}\n'):
            await trio.lowlevel.wait_readable(read_end)
            received.extend(os.read(read_end, 1 << 16))

    try:
        async with trio.open_nursery() as nursery:
            writer = await started(nursery, stdin)
            os.set_blocking(read_end, False)
            nursery.start_soon(writer.answer, big)
            await trio.testing.wait_all_tasks_blocked()
            nursery.start_soon(writer.write, b'{"prompt":2}\n')  # queued behind the rest of the answer
            await drain()
            writer.stop()
    finally:
        os.close(read_end)
        await stdin.aclose()
    assert bytes(received) == big + b'{"prompt":2}\n'


async def test_an_answer_to_a_pipe_nobody_reads_breaks_stdin() -> None:
    read_end, stdin = _pipe()
    os.close(read_end)  # the CLI has exited
    try:
        async with trio.open_nursery() as nursery:
            writer = await started(nursery, stdin)
            await writer.answer(b'{"answer":1}\n')  # never raises
            with pytest.raises(CLIConnectionError, match="cannot write to the CLI"):
                await writer.write(b'{"prompt":2}\n')
            writer.stop()
    finally:
        await stdin.aclose()
