export * from './member-sanctions.ts';
export * from './moderation-records.ts';
export * from './reports.ts';
