export * from './us-places.ts';
