// The contract of the REST API and the live channel: what the server validates and the console types its
// calls with. Only re-exports: the endpoint registry is in registry.ts, each area's schemas in its file.
export * from './endpoint';
export * from './error';
export * from './query';
export * from './text';
export * from './primitives';
export * from './live-events';
export * from './auth';
export * from './equipment';
export * from './commands';
export * from './staging';
export * from './dashboard';
export * from './tickets';
export * from './updates';
export * from './scheduler';
export * from './users';
export * from './notifications';
export * from './messages';
export * from './ezadas';
export * from './pairings';
export * from './camera-cal';
export * from './ai';
export * from './sim';
export * from './audits';
export * from './registry';
