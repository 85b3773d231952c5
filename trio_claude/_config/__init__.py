"""Pure configuration: callback type aliases, option value classes, ``ClaudeAgentOptions``, options → argv,
env and initialize, CLI discovery and versions, the session-store protocol.  Imports no trio."""
