# syntax=docker/dockerfile:1
# Reorder as one image: the server with the web app (docs/decisions.md §7).
#   docker build -t reorder .
#   docker run -p 3000:3000 -v reorder-data:/data reorder
# With PostgreSQL, see compose.yaml. Configuration is by environment (README, "Operations").

# Build: argon2 compiles from source, so this stage has Debian's compilers (the full image).
FROM node:20-bookworm AS build
ARG PNPM=pnpm@10.34.9
ENV npm_config_update_notifier=false \
    PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
WORKDIR /src
# Dependencies first: this layer stays cached while the lockfile does not change.
# The patches too: pnpm reads each one the workspace names (patchedDependencies) before it fetches.
COPY pnpm-lock.yaml pnpm-workspace.yaml ./
COPY patches ./patches
RUN npx --yes "$PNPM" fetch --frozen-lockfile
COPY . .
RUN npx --yes "$PNPM" install --offline --frozen-lockfile \
 && node tooling/scripts/assemble.mjs /out

# Run: the slim image, the assembled app owned by root and read-only to the user that runs it.
FROM node:20-bookworm-slim
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
COPY --from=build /out /app
RUN mkdir -p /data && chown node:node /data && chmod 700 /data
USER node
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "/app/services/server/healthcheck.mjs"]
CMD ["node", "--max-semi-space-size=64", "--no-allocation-site-pretenuring", "/app/services/server/dist/main.js"]
