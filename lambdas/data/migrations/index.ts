export * from './migration-records.ts';
export * from './migrations-store.ts';
