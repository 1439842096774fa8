import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// This file runs in Node; the console's own code has no Node types.
declare const process: { env: Record<string, string | undefined> };

/**
 * The console is built into apps/web/dist and served by the API server (`npm start`).
 * `npm run dev -w apps/web` proxies /api to TARANG_API_URL (default http://localhost:3000).
 */
export default defineConfig({
  plugins: [react()],
  resolve: { alias: { '@': decodeURIComponent(new URL('./src', import.meta.url).pathname) } },
  server: {
    proxy: { '/api': { target: process.env.TARANG_API_URL ?? 'http://localhost:3000', changeOrigin: true } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    target: 'es2022',
    chunkSizeWarningLimit: 700,
  },
});
