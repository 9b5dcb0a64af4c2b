# claude-rego in a container: evaluate hook inputs with the embedded engine.
# Not built by CI here (no Docker engine on the CI machines); the install step is the
# same `pip install .` that CI exercises in a venv.
#
#   docker build -t claude-rego .
#   docker run --rm -i claude-rego hook --event PreToolUse < examples/PreToolUse-rm-rf.json
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=0 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1

WORKDIR /src
COPY pyproject.toml setup.py README.md ./
COPY engine ./engine
COPY policies ./policies
RUN pip install . && python -m compileall -q "$(python -c 'import claude_rego, os; print(os.path.dirname(claude_rego.__file__))')" \
    && rm -rf /src

RUN useradd --create-home --uid 10001 rego
USER rego
WORKDIR /home/rego
ENTRYPOINT ["claude-rego"]
CMD ["--help"]
