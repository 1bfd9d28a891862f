# One image for every role; ROLE=api|projector|worker picks what a container runs.
FROM node:20-bookworm-slim AS build
# npm 11 honours the install-script approvals in package.json ("allowScripts").
RUN npm install -g npm@11.19.1
WORKDIR /app
COPY package.json package-lock.json turbo.json tsconfig.base.json ./
COPY contracts/package.json contracts/
COPY services/package.json services/
COPY projections/package.json projections/
COPY workers/package.json workers/
COPY web/package.json web/
RUN npm ci
COPY . .
RUN npm run build && npm prune --omit=dev

FROM node:20-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production
COPY --from=build /app /app
# DATA_DIR (mail files when no SMTP server is set; the embedded PostgreSQL when no DATABASE_URL is set).
RUN mkdir -p /app/.data && chown node:node /app/.data
USER node
EXPOSE 3000
# A young generation of 32 MB semi-spaces (V8's default is 16): half the scavenges, each about as long (README,
# "Node flags"). The supervised role processes inherit it.
CMD ["node", "--max-semi-space-size=32", "services/dist/main.js"]
