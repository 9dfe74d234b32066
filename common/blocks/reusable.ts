import { z } from 'zod';
import { defineBlockType } from './define.ts';
import type { BlockView } from './index.ts';

/**
 * A reusable block (issue 31): a place on a page that shows a block kept in one place, a template
 * of kind `block` (`pages.kind = 'template'`, `template_kind = 'block'`) with drafts, publishing and
 * history of its own. Its options name that template; it has no content of its own.
 */
export const reusableBlock = defineBlockType({
  content: z.object({}),
  options: z.object({
    /** The reusable block shown here (null only while a new block has none chosen: not saved so). */
    templateId: z
      .uuid()
      .transform((guid) => guid.toLowerCase())
      .nullable()
      .default(null),
  }),
  isLocalized: false,
  newContent: () => ({}),
});

/**
 * What visitors get: the reusable block's published blocks, prepared for this language, in order
 * (server/domains/pages/site.ts fills them in after preparing the page; none: nothing shown), and
 * its name for edit mode's label.
 */
export type ReusableBlockData = {
  templateGuid: string;
  title: string;
  blocks: BlockView[];
};
