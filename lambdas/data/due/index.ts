export * from './due-items.ts';
