export * from './browser.ts';
export * from './caller.ts';
export * from './envelope.ts';
export * from './fixtures.ts';
export * from './harness.ts';
export * from './processes.ts';
export * from './push-service.ts';
export * from './social-providers.ts';
