"""Build hook: compile the default policy pack into the snapshot the hook reads.

Everything else about the package is declared in pyproject.toml.
"""

import sys
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

HERE = Path(__file__).resolve().parent


class BuildWithSnapshot(build_py):
    def run(self):
        super().run()
        sys.path.insert(0, str(HERE / "engine"))
        from claude_rego.claudecode.vocabulary import VOCABULARY
        from claude_rego.policy import policyset

        snapshot = policyset.compile_sources([str(HERE / "policies")], check=True, vocabulary=VOCABULARY)
        target = Path(self.build_lib) / "claude_rego" / policyset.DEFAULT_SNAPSHOT_NAME
        target.parent.mkdir(parents=True, exist_ok=True)
        policyset.write_snapshot(snapshot, target)


setup(cmdclass={"build_py": BuildWithSnapshot})
