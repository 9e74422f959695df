export * from './invite-codes.ts';
export * from './invite-consumption.ts';
export * from './invite-reservations.ts';
export * from './invite-tree.ts';
