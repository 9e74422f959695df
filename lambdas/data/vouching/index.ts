export * from './verification-records.ts';
export * from './vouch-codes.ts';
export * from './vouch-months.ts';
export * from './vouch-strikes.ts';
export * from './vouches.ts';
