# syntax=docker/dockerfile:1
# Bouwsteen: one image for every app node. Build: docker build -t bouwsteen .
# The server runs on the Node 24 that package.json pins (node_modules/node), started with its
# built-in type stripping: no compile step for the server, the same code as in development.

ARG NODE_IMAGE=node:24-bookworm-slim

# All dependencies, for the build. NODE_EXTRA_CA_CERTS (a build argument, so only the build steps
# see it): a CA bundle mounted for the build where the registry is reached through an intercepting
# proxy (scripts/container-test.sh); never copied into the image.
FROM ${NODE_IMAGE} AS deps
ARG NODE_EXTRA_CA_CERTS
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund

# The site (React Router build, precompressed assets).
FROM deps AS build
COPY . .
RUN npm run build

# Production dependencies only.
FROM ${NODE_IMAGE} AS prod-deps
ARG NODE_EXTRA_CA_CERTS
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force

FROM ${NODE_IMAGE} AS runtime
# jemalloc returns to the system the native memory V8's background compilers and zlib's threads
# free; with glibc's allocator a node under load keeps 10-20 % more (README, "Running in production").
RUN apt-get update \
 && apt-get install -y --no-install-recommends libjemalloc2 \
 && rm -rf /var/lib/apt/lists/* \
 && ln -s "$(find /usr/lib -name libjemalloc.so.2 | head -n 1)" /usr/local/lib/libjemalloc.so.2
# background_thread: freed pages go back to the system within a second also while the node is
# idle (without it jemalloc returns them only when something allocates; bench/README, memory plateau).
ENV LD_PRELOAD=/usr/local/lib/libjemalloc.so.2 \
    MALLOC_CONF=background_thread:true,dirty_decay_ms:1000,muzzy_decay_ms:0 \
    NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/app/data \
    BUILD_DIR=/app/build
WORKDIR /app
COPY --from=prod-deps /app/node_modules ./node_modules
COPY --from=build /app/build ./build
COPY package.json ./
COPY common ./common
COPY server ./server
# The load context token the server and the site build share (package.json "imports").
COPY web/app-context.ts ./web/app-context.ts
# DATA_DIR: the embedded database and media with one node; with PostgreSQL and S3 only a cache
# (image variants, downloaded originals, upload scratch files) that may be lost at any time.
RUN mkdir -p /app/data && chown node:node /app/data
USER node
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["/app/node_modules/node/bin/node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/readyz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# SIGTERM reaches the server directly (no npm or shell in between): it finishes in-flight requests.
CMD ["/app/node_modules/node/bin/node", "server/main.ts"]
