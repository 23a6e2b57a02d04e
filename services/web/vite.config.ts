import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// In development (`npm run dev`) Vite serves the app with hot reload and forwards /api to the
// server, wherever `npm run dev` started it (REORDER_API_URL).
const api = process.env.REORDER_API_URL ?? 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [react()],
  server: { port: 5173, proxy: { '/api': { target: api, ws: false } } },
  build: {
    outDir: 'dist',
    sourcemap: true,
    target: 'es2022',
    assetsInlineLimit: 0,
  },
});
