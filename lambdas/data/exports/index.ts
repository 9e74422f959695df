export * from './data-export-archive.ts';
export * from './data-export-contents.ts';
export * from './data-export-dispatch.ts';
export * from './data-export-jobs.ts';
