import type { z } from 'zod';
import { BLOCK_TYPES, type BlockTypeName, isBlockTypeName } from '../../../common/blocks/index.ts';
import { BLOCK_PERMISSIONS_KEY } from '../../../common/blocks/permissions.ts';
import type { SchemaIssue } from '../../../common/issues.ts';
import type { Localized } from '../../../common/localized-text.ts';
import { LOCALES } from '../../../common/localized-text.ts';
import { AppError, type ErrorDetail, issueDetail } from '../../errors.ts';

/** A validation problem at a path of the request (`content.nl.alt`, `options.size`). */
export type Issue = ErrorDetail;

export function issuesOf(error: z.ZodError, prefix: string): Issue[] {
  return error.issues.map((issue) =>
    issueDetail([prefix, ...issue.path.map(String)].filter(Boolean).join('.'), issue as SchemaIssue),
  );
}

export function requireBlockType(name: string, path = 'buildingBlockName'): BlockTypeName {
  if (!isBlockTypeName(name)) {
    throw new AppError('validation_failed', 'unknown building block type', [
      { path, message: 'validation.blockType' },
    ]);
  }
  return name;
}

/**
 * A block's content per language, each checked against its type's content schema (defaults filled
 * in). Dutch is required; English is optional and falls back to Dutch when shown.
 */
export function parseBlockContent(
  name: BlockTypeName,
  content: Localized<unknown>,
  prefix = 'content',
): { content: Localized<unknown>; issues: Issue[] } {
  const schema = BLOCK_TYPES[name].content;
  const result: Localized<unknown> = { nl: undefined };
  const issues: Issue[] = [];
  for (const locale of LOCALES) {
    const value = content[locale];
    if (value === undefined && locale !== 'nl') continue;
    const parsed = schema.safeParse(value);
    if (parsed.success) result[locale] = parsed.data;
    else issues.push(...issuesOf(parsed.error, `${prefix}.${locale}`));
  }
  return { content: result, issues };
}

/** A block's options checked against its type's schema; the permissions have their own call. */
export function parseBlockOptions(
  name: BlockTypeName,
  options: Record<string, unknown>,
  prefix = 'options',
): { options: Record<string, unknown>; issues: Issue[] } {
  const { [BLOCK_PERMISSIONS_KEY]: _permissions, ...rest } = options;
  const parsed = BLOCK_TYPES[name].options.safeParse(rest);
  return parsed.success
    ? { options: { ...parsed.data }, issues: [] }
    : { options: {}, issues: issuesOf(parsed.error, prefix) };
}

export function throwIfInvalid(issues: Issue[], message: string): void {
  if (issues.length > 0) throw new AppError('validation_failed', message, issues);
}
