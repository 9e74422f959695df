export * from './notification-changes.ts';
export * from './notification-removal.ts';
export * from './notifications.ts';
export * from './vouch-notice-changes.ts';
