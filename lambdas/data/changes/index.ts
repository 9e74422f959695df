export * from './table-changes.ts';
