# Production image: compiled server + built client on Node 24.
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev

FROM node:24-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production PORT=4000
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY --from=build /app/client/dist ./client/dist
COPY --from=build /app/client/dist-ssr ./client/dist-ssr
# The blog and help centre are read from their Markdown files at run time (docs/product.md §Blog and help).
COPY --from=build /app/content ./content
USER node
EXPOSE 4000
HEALTHCHECK --interval=10s --timeout=3s --retries=5 CMD node -e "fetch('http://127.0.0.1:4000/api/health').then(r => process.exit(r.ok ? 0 : 1), () => process.exit(1))"
# Flags: server/src/runtime-flags.ts (why); runtime-flags.test.ts checks they are the same here.
CMD ["node", "--max-semi-space-size=32", "--max-old-space-size=1024", "dist/server/src/main.js"]
