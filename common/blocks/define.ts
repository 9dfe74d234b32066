import type { z } from 'zod';

/**
 * One block type's shared half: what its content (per language) and options look like, which the
 * server validates and the editor checks at the field, and what a new block starts with. The
 * server's half (preparation, reference checks) lives in server/domains/blocks/types/, the web's
 * (view and editor) in web/blocks/<Type>/.
 */
export type BlockTypeDefinition<Content extends z.ZodType, Options extends z.ZodType> = {
  content: Content;
  options: Options;
  /** Whether the content differs per language (Dutch tab, English tab); a divider's does not. */
  isLocalized: boolean;
  /** The content a new block starts with in one language, before the editor fills it in. */
  newContent(): z.input<Content>;
};

export function defineBlockType<Content extends z.ZodType, Options extends z.ZodType>(
  definition: BlockTypeDefinition<Content, Options>,
): BlockTypeDefinition<Content, Options> {
  return definition;
}
