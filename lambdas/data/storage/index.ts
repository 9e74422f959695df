export * from './member-files.ts';
export * from './photos.ts';
export * from './picture-versions.ts';
export * from './pictures.ts';
