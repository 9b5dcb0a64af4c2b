"""An agent built on the Claude Agent SDK, governed by the same Rego policies as the CLI hook.

    pip install 'claude-rego[sdk]'
    python examples/sdk_agent.py "Clean up the build directory"

PolicyHooks() loads the built-in pack (or pass policy directories / an activated
snapshot), refuses policies that fail `claude-rego check`, and answers every hook the
policies govern in process, on a warm engine.
"""

import asyncio
import sys

from claude_agent_sdk import ClaudeAgentOptions, ClaudeSDKClient

from claude_rego.sdk import PolicyHooks


async def main(prompt: str) -> None:
    options = ClaudeAgentOptions(hooks=PolicyHooks().hooks(), allowed_tools=["Bash", "Read", "Edit"])
    async with ClaudeSDKClient(options=options) as client:
        await client.query(prompt)
        async for message in client.receive_response():
            print(message)


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1] if len(sys.argv) > 1 else "List the files in this project."))
