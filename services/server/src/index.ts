export { type Config, type ConfigResult, loadConfig } from './config.ts';
export { type RunningServer, type StartOptions, startServer, VERSION } from './server.ts';
