# Kaksha in one image: the built PWA and the server (docs/deployment.md). Untested here: our build
# machines cannot pull base images; CI checks the same topology with tests/api/several-processes.test.ts.
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev

FROM node:20-bookworm-slim
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    STATIC_DIR=/app/dist \
    DATA_DIR=/app/data \
    TRUST_PROXY=1
WORKDIR /app
COPY --from=build /app /app
RUN mkdir -p /app/data && chown -R node:node /app/data
USER node
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=3s --start-period=60s \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# server/main.ts directly: the image is built already (npm start would check the build first).
CMD ["node", "node_modules/tsx/dist/cli.mjs", "server/main.ts"]
