# The bot's image: python:3.11-slim, the project installed into a virtualenv in a build stage,
# only that virtualenv copied into the final stage, run as an unprivileged user.
#
#   docker build -t nardy-bot .
#   docker run --env-file .env -p 127.0.0.1:8443:8443 nardy-bot
#
# One HTTP server on port 8443 (HTTP_LISTEN) serves Telegram's webhook, /metrics, /healthz and
# the web board's /board/; put it behind a TLS proxy that passes on the webhook's path and
# /board/ only.
#
# The board fonts ship inside the ``renderers`` package (renderers/fonts), so the image needs no
# system fonts.  The process stops gracefully on SIGTERM (docker stop): it finishes the updates
# in flight and exits 0; every table lives in Redis.

ARG PYTHON_IMAGE=python:3.11-slim

FROM ${PYTHON_IMAGE} AS build
ENV PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1
WORKDIR /src
RUN python -m venv /opt/venv
COPY pyproject.toml README.md LICENSE ./
COPY engine ./engine
COPY renderers ./renderers
COPY bot ./bot
RUN /opt/venv/bin/pip install --no-cache-dir . \
    && find /opt/venv -name '__pycache__' -prune -exec rm -rf {} + \
    && /opt/venv/bin/python -m compileall -q /opt/venv/lib

FROM ${PYTHON_IMAGE} AS runtime
ENV PATH=/opt/venv/bin:$PATH \
    PYTHONUNBUFFERED=1 \
    PYTHONDONTWRITEBYTECODE=1 \
    HTTP_LISTEN=0.0.0.0:8443 \
    LOG_JSON=true
RUN groupadd --system --gid 10001 nardy \
    && useradd --system --uid 10001 --gid nardy --no-create-home --home-dir /nonexistent \
        --shell /usr/sbin/nologin nardy
COPY --from=build /opt/venv /opt/venv
WORKDIR /app
USER nardy:nardy
EXPOSE 8443
STOPSIGNAL SIGTERM
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
    CMD ["python", "-c", "import os, urllib.request; urllib.request.urlopen('http://127.0.0.1:%s/healthz' % (os.environ.get('HTTP_LISTEN') or ':8443').rpartition(':')[2], timeout=4)"]
ENTRYPOINT ["nardy-bot"]
