# claude-rego in a container: the engine and CLI, e.g. to evaluate decision logs or serve
# as a fleet-side evaluator (see README, "Fleet layout").
#
# Not built by CI here (no Docker engine on the CI machines). The install step below is
# the one CI exercises in a fresh venv (.ci/run, "image install step"): hashed runtime
# requirements, then the package itself without dependencies.
#
# The base is pinned by digest. Re-verify the digest before building
# (`docker buildx imagetools inspect python:3.11-slim-bookworm`): it could not be
# checked from the machines this project is developed on.
#
#   docker build -t claude-rego .
#   docker run --rm -i claude-rego hook --event PreToolUse < examples/PreToolUse-rm-rf.json
FROM python:3.11-slim-bookworm@sha256:2e32f7d302adc1c37428355c1e646897c0c53f4fd60b6a551245fb90ee129f91

ENV PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1

WORKDIR /src
COPY requirements.lock pyproject.toml setup.py README.md ./
COPY engine ./engine
COPY policies ./policies
RUN pip install --require-hashes -r requirements.lock \
    && pip install --no-deps . \
    && rm -rf /src

RUN useradd --create-home --uid 10001 rego
USER rego
WORKDIR /home/rego
ENTRYPOINT ["claude-rego"]
CMD ["--help"]
