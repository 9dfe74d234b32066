export * from './answers.ts';
export * from './definition.ts';
export * from './files.ts';
export * from './public.ts';
export * from './settings.ts';
export * from './texts.ts';
