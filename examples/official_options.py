"""Options written for the official Python SDK: the dict forms become typed values, mistakes fail at once.

Usage: ``python examples/official_options.py`` (starts no CLI).
"""

from __future__ import annotations

from trio_claude import ClaudeAgentOptions


def main() -> None:
    # Written as official-SDK code writes it: dicts for the preset, thinking, agents and plugins.
    options = ClaudeAgentOptions(
        tools={"type": "preset", "preset": "claude_code"},
        system_prompt={"type": "preset", "preset": "claude_code", "append": "Answer in French."},
        thinking={"type": "enabled", "budget_tokens": 4096},
        agents={"reviewer": {"description": "Reviews code", "prompt": "You review.", "maxTurns": 3}},
        plugins=[{"type": "local", "path": "/opt/plugins/demo"}],
    )
    # Afterwards every field holds its typed value.
    print("tools:", options.tools)
    print("system_prompt:", options.system_prompt)
    print("thinking:", options.thinking)
    print("agents:", options.agents)
    print("plugins:", options.plugins)

    # A value that cannot mean what it seems to fails when the options are built, naming the option.
    mistakes: list[dict[str, object]] = [
        {"allowed_tools": {"Read": True}},
        {"max_turns": 0},
        {"max_buffer_size": 8_000_000},
    ]
    for mistake in mistakes:
        try:
            ClaudeAgentOptions(**mistake)  # type: ignore[arg-type]
        except (TypeError, ValueError) as error:
            print(f"{type(error).__name__}: {error}")


if __name__ == "__main__":
    main()
