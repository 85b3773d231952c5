"""Plain async callables that answer the CLI's control requests: dispatch, permissions, hooks, elicitation,
MCP routing and the mcp-package bridge."""
