import { AppError } from '../errors.ts';

export * from './actor.ts';
export * from './block.ts';
export * from './list-item.ts';
export * from './media.ts';
export * from './page.ts';
export * from './site.ts';
export * from './user.ts';

/**
 * Routes call this and nothing else decides. A record the actor may not see is a 404 (its existence
 * is not revealed); an action on a record they can see but not change is a 403.
 */
export function authorize(isAllowed: boolean, options: { hide?: boolean; what?: string } = {}): void {
  if (isAllowed) return;
  throw options.hide
    ? new AppError('not_found', `${options.what ?? 'resource'} not found`)
    : new AppError('forbidden');
}
