export * from './anchors.ts';
export * from './blocks.ts';
export * from './friendships.ts';
export * from './moderation-lists.ts';
export * from './mutes.ts';
