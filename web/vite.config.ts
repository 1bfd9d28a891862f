import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// Where `npm run dev` / `npm run preview` send API calls (the services' HTTP server).
const api = process.env.CRM_API_URL ?? 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [react()],
  server: {
    proxy: {
      '/trpc': api,
      '/api': api,
      '/healthz': api,
    },
  },
  preview: {
    proxy: {
      '/trpc': api,
      '/api': api,
      '/healthz': api,
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // scripts/post-build.mjs reads it to measure what the landing page downloads.
    manifest: true,
    // The entry chunk is react-dom + Chakra + React Query/tRPC (~490 kB, ~150 kB gzip); the admin area is a
    // separate lazy chunk and each language's dictionary another.
    chunkSizeWarningLimit: 600,
  },
});
