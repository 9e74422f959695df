export * from './member-removal-steps.ts';
export * from './protected-members.ts';
export * from './removal-dispatch.ts';
export * from './removal-jobs.ts';
