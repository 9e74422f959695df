export * from './live-connections.ts';
export * from './live-management.ts';
export * from './live-push.ts';
