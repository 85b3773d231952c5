"""Port of the official SDK's ``examples/stderr_callback_example.py``: ``stderr=`` gets each line the CLI
writes on stderr while a query runs, and the messages are read duck-typed (``hasattr(message,
"content")``).

Written in our words; what differs from official code: the imports, ``open_query`` for the official
``query()`` generator, and ``trio.run``.
"""

import trio

from trio_claude import ClaudeAgentOptions, open_query


async def main(extra_args: dict[str, str | None] | None = None) -> list[str]:
    lines: list[str] = []

    def on_stderr(line: str) -> None:
        lines.append(line)
        if "[ERROR]" in line:
            print(f"CLI error: {line}")

    options = ClaudeAgentOptions(stderr=on_stderr, extra_args=extra_args or {})
    async with open_query(prompt="What is 9 - 3?", options=options) as messages:
        async for message in messages:
            if hasattr(message, "content"):
                # (duck-typed, as in the official example: type checkers cannot follow hasattr)
                content = message.content  # pyright: ignore
                print(f"Content: {content if isinstance(content, str) else len(content)}")  # pyright: ignore
    print(f"{len(lines)} stderr lines")
    return lines


if __name__ == "__main__":
    trio.run(main)
