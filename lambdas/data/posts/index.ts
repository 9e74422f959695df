export * from './author-details.ts';
export * from './comments.ts';
export * from './content-changes.ts';
export * from './feed.ts';
export * from './likes.ts';
export * from './member-contributions.ts';
export * from './member-posts.ts';
export * from './posts.ts';
