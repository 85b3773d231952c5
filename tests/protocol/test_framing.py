"""LineFramer: bytes in any chunking → the same non-blank lines, with a size limit that never hangs."""

from __future__ import annotations

import itertools
import pickle
import time
from collections.abc import Iterable, Sequence

import pytest
from hypothesis import given, settings, strategies as st

from trio_claude._errors import LineTooLongError, LocalProtocolError, ProtocolError, RemoteProtocolError
from trio_claude.protocol._framing import EOF, NEED_DATA, LineFramer, NoLine


def drain(framer: LineFramer, into: list[bytes] | None = None) -> list[bytes]:
    """Pull lines until the framer needs data or reports EOF; append them to ``into`` as they come."""
    lines: list[bytes] = [] if into is None else into
    while True:
        line = framer.next_line()
        if line is NEED_DATA or line is EOF:
            return lines
        lines.append(line)


def frame(chunks: Iterable[bytes], *, max_line_bytes: int = 1 << 24, pull_each: bool = True) -> list[bytes]:
    """Feed ``chunks`` then EOF, pulling after every chunk (or only at the end); return all lines."""
    framer = LineFramer(max_line_bytes=max_line_bytes)
    lines: list[bytes] = []
    for chunk in chunks:
        framer.feed(chunk)
        if pull_each:
            lines += drain(framer)
    framer.feed(b"")
    lines += drain(framer)
    assert framer.next_line() is EOF
    return lines


def expected_lines(lines: Sequence[bytes]) -> list[bytes]:
    """The model: drop one trailing ``\\r``, skip lines that are empty or only whitespace."""
    stripped = (line[:-1] if line.endswith(b"\r") else line for line in lines)
    return [line for line in stripped if line.strip()]


def cut(data: bytes, points: Iterable[int]) -> list[bytes]:
    """Split ``data`` at the given offsets (any order, duplicates allowed: empty chunks are skipped)."""
    bounds = [0, *sorted(points), len(data)]
    return [data[a:b] for a, b in itertools.pairwise(bounds) if b > a]


# --- examples ---------------------------------------------------------------------------------------------


def test_lines_in_one_chunk() -> None:
    assert frame([b'{"a":1}\n{"b":2}\n']) == [b'{"a":1}', b'{"b":2}']


def test_line_spanning_many_chunks() -> None:
    assert frame([b'{"a"', b":", b"1", b"}\n"]) == [b'{"a":1}']


def test_blank_and_whitespace_lines_are_skipped() -> None:
    assert frame([b"\n\n  \n\t\r\n\r\nx\n \x0b\x0c \n"]) == [b"x"]


def test_crlf_strips_one_cr_only() -> None:
    assert frame([b"a\r\nb\r\r\nc\rd\n"]) == [b"a", b"b\r", b"c\rd"]


def test_crlf_split_between_chunks() -> None:
    assert frame([b"a\r", b"\nb\r", b"\n"]) == [b"a", b"b"]


def test_inner_whitespace_is_kept() -> None:
    assert frame([b"  {} \n"]) == [b"  {} "]


def test_unterminated_tail_is_delivered_at_eof() -> None:
    framer = LineFramer()
    framer.feed(b'{"a":1}\n{"partial":')
    assert framer.next_line() == b'{"a":1}'
    assert framer.next_line() is NEED_DATA
    framer.feed(b"")
    assert framer.next_line() == b'{"partial":'
    assert framer.next_line() is EOF
    assert framer.next_line() is EOF


def test_blank_tail_at_eof_is_skipped() -> None:
    assert frame([b"x\n  \r"]) == [b"x"]


def test_tail_at_eof_strips_cr() -> None:
    assert frame([b"x\r"]) == [b"x"]


def test_eof_without_data() -> None:
    framer = LineFramer()
    assert framer.next_line() is NEED_DATA
    assert framer.eof_received is False
    framer.feed(b"")
    assert framer.eof_received is True
    assert framer.next_line() is EOF


def test_lines_buffered_before_eof_are_still_delivered() -> None:
    framer = LineFramer()
    framer.feed(b"a\nb")
    framer.feed(b"\nc")
    framer.feed(b"")
    assert [framer.next_line() for _ in range(4)] == [b"a", b"b", b"c", EOF]


def test_feed_after_eof_is_a_local_error() -> None:
    framer = LineFramer()
    framer.feed(b"x\n")
    framer.feed(b"")
    framer.feed(b"")  # repeated EOF is harmless
    with pytest.raises(LocalProtocolError, match=r"^data fed to a LineFramer after EOF$"):
        framer.feed(b"y\n")
    assert framer.next_line() == b"x"
    assert framer.next_line() is EOF


def test_feed_accepts_a_buffer_that_is_reused() -> None:
    buffer = bytearray(b"ab\ncd")
    framer = LineFramer()
    framer.feed(buffer)  # type: ignore[arg-type]  # memoryview/bytearray work too; the framer copies
    buffer[:] = b"XXXXX"
    framer.feed(b"\n")
    assert drain(framer) == [b"ab", b"cd"]


def test_sentinels() -> None:
    assert NEED_DATA is NoLine.NEED_DATA
    assert EOF is NoLine.EOF
    assert repr(NEED_DATA) == "NEED_DATA"
    assert repr(EOF) == "EOF"


def test_repr() -> None:
    framer = LineFramer(max_line_bytes=10)
    framer.feed(b"abc\nde")
    assert repr(framer) == "<LineFramer open, ~6 bytes buffered, max_line_bytes=10>"
    assert framer.max_line_bytes == 10


def test_repr_counts_the_bytes_not_yet_delivered_in_every_state() -> None:
    framer = LineFramer(max_line_bytes=10)
    framer.feed(b"abc\nxy\nde")
    framer.feed(b"f")
    assert repr(framer) == "<LineFramer open, ~10 bytes buffered, max_line_bytes=10>"
    assert framer.next_line() == b"abc"  # "xy" waits as a split line, "de" as the tail, "f" unsplit
    assert repr(framer) == "<LineFramer open, ~5 bytes buffered, max_line_bytes=10>"
    assert framer.next_line() == b"xy"
    assert repr(framer) == "<LineFramer open, ~3 bytes buffered, max_line_bytes=10>"
    framer.feed(b"")
    assert repr(framer) == "<LineFramer eof, ~3 bytes buffered, max_line_bytes=10>"
    assert framer.next_line() == b"def"
    assert repr(framer) == "<LineFramer eof, ~0 bytes buffered, max_line_bytes=10>"


def test_repr_of_a_framer_whose_next_line_is_overlong() -> None:
    framer = LineFramer(max_line_bytes=3)
    framer.feed(b"ab\n" + b"y" * 10 + b"\nzz")
    assert framer.next_line() == b"ab"
    # The overlong line's bytes are dropped already; what is left is the tail, "zz".
    assert repr(framer) == "<LineFramer open, ~2 bytes buffered, max_line_bytes=3>"
    with pytest.raises(LineTooLongError):
        framer.next_line()


@pytest.mark.parametrize("limit", [0, -1])
def test_limit_must_be_positive(limit: int) -> None:
    with pytest.raises(ValueError, match="max_line_bytes"):
        LineFramer(max_line_bytes=limit)


# --- the line limit ---------------------------------------------------------------------------------------


def test_line_exactly_at_the_limit_is_accepted() -> None:
    assert frame([b"12345\n"], max_line_bytes=5) == [b"12345"]
    assert frame([b"12345"], max_line_bytes=5) == [b"12345"]  # unterminated tail at EOF


def test_cr_counts_towards_the_limit() -> None:
    assert frame([b"1234\r\n"], max_line_bytes=5) == [b"1234"]
    with pytest.raises(LineTooLongError):
        frame([b"12345\r\n"], max_line_bytes=5)


def test_line_one_over_the_limit_raises() -> None:
    framer = LineFramer(max_line_bytes=5)
    framer.feed(b"ok\n123456\nnever\n")
    assert framer.next_line() == b"ok"
    with pytest.raises(LineTooLongError) as info:
        framer.next_line()
    assert (info.value.limit, info.value.size) == (5, 6)
    assert "6" in str(info.value) and "5" in str(info.value)


def test_a_line_at_the_limit_before_an_overlong_one_in_the_same_chunk_is_delivered() -> None:
    framer = LineFramer(max_line_bytes=5)
    framer.feed(b"12345\n1234567\n")
    assert framer.next_line() == b"12345"
    with pytest.raises(LineTooLongError) as info:
        framer.next_line()
    assert (info.value.limit, info.value.size) == (5, 7)


def test_blank_lines_count_towards_the_limit() -> None:
    with pytest.raises(LineTooLongError):
        frame([b" " * 6 + b"\n"], max_line_bytes=5)


def test_limit_hit_while_the_line_is_incomplete() -> None:
    framer = LineFramer(max_line_bytes=5)
    framer.feed(b"ok\n123")
    assert framer.next_line() == b"ok"
    assert framer.next_line() is NEED_DATA
    framer.feed(b"45")
    assert framer.next_line() is NEED_DATA  # 5 bytes so far: still acceptable
    framer.feed(b"6")
    with pytest.raises(LineTooLongError) as info:
        framer.next_line()  # no newline in sight, and no hang either
    assert (info.value.limit, info.value.size) == (5, 6)


def test_endless_line_is_reported_without_buffering_it() -> None:
    framer = LineFramer(max_line_bytes=1000)
    with pytest.raises(LineTooLongError) as info:
        for _ in range(1_000_000):
            framer.feed(b"x" * 100)
            assert framer.next_line() is NEED_DATA
    assert info.value.size == 1100


def test_lines_before_an_overlong_line_in_the_same_chunk_come_first() -> None:
    framer = LineFramer(max_line_bytes=3)
    framer.feed(b"a\nb\nc\n" + b"y" * 10)
    assert [framer.next_line() for _ in range(3)] == [b"a", b"b", b"c"]
    with pytest.raises(LineTooLongError):
        framer.next_line()


def test_framer_refuses_further_use_after_the_limit_error() -> None:
    framer = LineFramer(max_line_bytes=2)
    framer.feed(b"abc\n")
    with pytest.raises(LineTooLongError) as first:
        framer.next_line()
    for call in (framer.next_line, lambda: framer.feed(b"x\n"), lambda: framer.feed(b"")):
        with pytest.raises(LineTooLongError) as again:
            call()
        assert (again.value.limit, again.value.size) == (first.value.limit, first.value.size)
    assert repr(framer) == "<LineFramer broken, ~0 bytes buffered, max_line_bytes=2>"  # buffers dropped


def test_a_broken_framer_drops_everything_it_buffered() -> None:
    framer = LineFramer(max_line_bytes=4)
    framer.feed(b"123456789")  # an incomplete line already over the limit
    framer.feed(b"more\nlines\n")
    with pytest.raises(LineTooLongError):
        framer.next_line()
    assert repr(framer) == "<LineFramer broken, ~0 bytes buffered, max_line_bytes=4>"


def test_error_hierarchy() -> None:
    assert issubclass(LineTooLongError, RemoteProtocolError)
    assert issubclass(RemoteProtocolError, ProtocolError)
    assert issubclass(LocalProtocolError, ProtocolError)
    assert not issubclass(LocalProtocolError, RemoteProtocolError)


def test_line_too_long_error_pickles() -> None:
    error = pickle.loads(pickle.dumps(LineTooLongError(10, 12)))
    assert (error.limit, error.size, str(error)) == (10, 12, str(LineTooLongError(10, 12)))


# --- performance: linear in the input, whatever the chunking ----------------------------------------------


@pytest.mark.wall_clock
def test_many_lines_frame_quickly() -> None:
    line = b'{"type":"stream_event","event":{"delta":{"text":"' + b"x" * 240 + b'"}}}\n'
    data = line * 100_000
    chunks = cut(data, range(65536, len(data), 65536))
    start = time.perf_counter()
    lines = frame(chunks)
    elapsed = time.perf_counter() - start
    assert len(lines) == 100_000
    assert elapsed < 1.0  # about 0.03 s in practice; generous so a loaded CI box does not flake


@pytest.mark.wall_clock
def test_one_long_line_in_small_chunks_is_not_quadratic() -> None:
    chunks = [b"x" * 100] * 20_000  # a 2 MB line in 100-byte pieces
    start = time.perf_counter()
    assert frame([*chunks, b"\n"]) == [b"x" * 2_000_000]
    assert time.perf_counter() - start < 1.0


# --- properties -------------------------------------------------------------------------------------------


def without_newlines(raw: bytes) -> bytes:
    # named, not a lambda: hypothesis 6.100.2 and older (the dependency floors) parse a lambda's source file
    # again each time ``map`` draws a value (hypothesis issue 3963)
    return raw.replace(b"\n", b"")


# Lines (without "\n") made of pieces that stress the rules: whitespace, CR in every position, JSON-ish text.
line_strategy = st.lists(
    st.sampled_from([b"a", b"{", b"}", b" ", b"\t", b"\r", b"\x0b", b"\xff", b"\x00", b"abc" * 5]),
    max_size=12,
).map(b"".join) | st.binary(max_size=40).map(without_newlines)


@st.composite
def streams(draw: st.DrawFn) -> tuple[list[bytes], list[bytes]]:
    """A list of lines and one arbitrary chunking of their concatenation (with or without a final \\n)."""
    lines = draw(st.lists(line_strategy, max_size=15))
    data = b"\n".join(lines)
    if draw(st.booleans()):
        data += b"\n"
    points = draw(st.lists(st.integers(0, len(data)), max_size=20))
    return lines, cut(data, points)


@settings(max_examples=400, deadline=None)
@given(stream=streams(), pull_each=st.booleans())
def test_any_chunking_gives_exactly_the_non_blank_lines(
    stream: tuple[list[bytes], list[bytes]], pull_each: bool
) -> None:
    lines, chunks = stream
    assert frame(chunks, pull_each=pull_each) == expected_lines(lines)


@settings(max_examples=400, deadline=None)
@given(stream=streams(), limit=st.integers(1, 20), pull_each=st.booleans())
def test_limit_error_iff_some_line_exceeds_the_limit(
    stream: tuple[list[bytes], list[bytes]], limit: int, pull_each: bool
) -> None:
    lines, chunks = stream
    overlong = [i for i, line in enumerate(lines) if len(line) > limit]
    framer = LineFramer(max_line_bytes=limit)
    seen: list[bytes] = []
    try:
        for chunk in [*chunks, b""]:
            framer.feed(chunk)
            if pull_each:
                drain(framer, seen)
        drain(framer, seen)
    except LineTooLongError as error:
        assert overlong, "raised although no line exceeds the limit"
        first = overlong[0]
        # Everything before the first overlong line was delivered, and nothing after it.
        assert seen == expected_lines(lines[:first])
        assert error.limit == limit
        assert limit < error.size <= len(lines[first])
        with pytest.raises(LineTooLongError):
            framer.next_line()
    else:
        assert not overlong, "an overlong line was accepted"
        assert seen == expected_lines(lines)
        assert framer.next_line() is EOF
