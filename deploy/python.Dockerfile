# One image for the api, the Temporal worker, the sandbox providers and the migrate one-shot;
# docker-compose.yml picks the command per service.
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    UV_PROJECT_ENVIRONMENT=/opt/venv \
    UV_PYTHON_DOWNLOADS=never \
    UV_LINK_MODE=copy \
    UV_COMPILE_BYTECODE=1 \
    PATH=/opt/venv/bin:$PATH

RUN pip install --no-cache-dir uv==0.9.9
# DejaVu Sans: the statements' PDFs print any asset name (store/statement_pdf.py; without it, Latin-1 only)
RUN apt-get update && apt-get install -y --no-install-recommends fonts-dejavu-core && rm -rf /var/lib/apt/lists/*

WORKDIR /app
# Dependencies first, so that a code change does not reinstall them.
COPY pyproject.toml uv.lock ./
RUN uv sync --frozen --no-dev --no-install-project --no-cache

COPY . .

RUN useradd --system --uid 10001 --no-create-home --home-dir /app vitrine \
    && mkdir -p /data/documents \
    && chown -R vitrine /data
USER vitrine

EXPOSE 8000 8100
CMD ["uvicorn", "api.app:app", "--host", "0.0.0.0", "--port", "8000", "--no-proxy-headers"]
