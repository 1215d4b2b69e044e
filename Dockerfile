# The game's server (API, game client and admin console on one origin) as an image.
# docker-compose.yml runs it beside MySQL; see README.md, "Docker".

FROM node:20-bookworm-slim AS build
# better-sqlite3 is a native addon: npm ci compiles it when no prebuilt binary can be fetched.
RUN apt-get update \
  && apt-get install -y --no-install-recommends python3 make g++ \
  && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY . .
RUN npm ci --no-audit --no-fund
RUN npm run build
# Only what the server needs at run time goes on to the final image.
RUN npm prune --omit=dev --no-audit --no-fund

FROM node:20-bookworm-slim
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000
WORKDIR /app
COPY --from=build --chown=node:node /app /app
# data/ holds MAIL_OUTBOX (and a SQLite file if DATABASE_URL points there); the node user owns it.
RUN mkdir -p /app/data && chown node:node /app/data
USER node
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s --start-period=20s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:3000/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"
CMD ["node", "api/dist/index.js"]
