/**
 * `use-sync-external-store/shim` for React 19, which has the hook itself:
 * wouter imports the shim for React 16 and 17 (vite.config.ts aliases it here),
 * and the shim's own code would ship on every page for nothing.
 */
export { useSyncExternalStore } from 'react';
