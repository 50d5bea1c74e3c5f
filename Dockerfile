# Flowsight's container image: `docker build -t flowsight .` (see docs/deploy.md).
# Stage 1 installs every dependency and builds the server, the simulator and the web app; stage 2
# installs the production dependencies alone; the image takes the build output and those.

FROM node:24-bookworm-slim AS build
WORKDIR /app
# The manifests first, so a source change reuses the installed dependencies' layer.
COPY package.json package-lock.json ./
COPY packages/domain/package.json packages/domain/
COPY packages/server/package.json packages/server/
COPY packages/simulator/package.json packages/simulator/
COPY packages/web/package.json packages/web/
COPY e2e/package.json e2e/
COPY bench/package.json bench/
# No browser download: the build does not run the browser tests.
ENV PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

FROM node:24-bookworm-slim AS production-dependencies
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/domain/package.json packages/domain/
COPY packages/server/package.json packages/server/
COPY packages/simulator/package.json packages/simulator/
COPY packages/web/package.json packages/web/
COPY e2e/package.json e2e/
COPY bench/package.json bench/
# Only what the server needs at run time: its workspace and the two it imports, no dev tools.
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund \
      --workspace packages/server --workspace packages/domain --workspace packages/simulator

FROM node:24-bookworm-slim
ENV NODE_ENV=production \
    PORT=8080 \
    HOST=0.0.0.0 \
    DATA_DIR=/data
WORKDIR /app
COPY --from=production-dependencies /app/node_modules ./node_modules
COPY --from=build /app/package.json ./
COPY --from=build /app/packages/domain/package.json packages/domain/
COPY --from=build /app/packages/domain/dist packages/domain/dist
COPY --from=build /app/packages/simulator/package.json packages/simulator/
COPY --from=build /app/packages/simulator/dist packages/simulator/dist
COPY --from=build /app/packages/server/package.json packages/server/
COPY --from=build /app/packages/server/dist packages/server/dist
# The migrations are read from the sources' folder at start; the web app is served from public/.
COPY --from=build /app/packages/server/src/db/migrations packages/server/src/db/migrations
COPY --from=build /app/packages/server/public packages/server/public
# The embedded database, the generated secrets and the mail outbox live in DATA_DIR; with
# DATABASE_URL (PostgreSQL) it holds only what is not in the database.
RUN mkdir -p /data && chown node:node /data
VOLUME ["/data"]
USER node
EXPOSE 8080
# Liveness (the process answers); an orchestrator's readiness check asks /api/ready instead.
HEALTHCHECK --interval=30s --timeout=5s --start-period=120s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/api/health`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "packages/server/dist/main.js"]
