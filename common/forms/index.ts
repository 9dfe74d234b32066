export * from './answers.ts';
export * from './definition.ts';
export * from './public.ts';
export * from './settings.ts';
