import type {
  BlockContent,
  BlockOptions,
  BlockTypeName,
  BlockViewData,
} from '../../../../common/blocks/index.ts';
import type { Executor } from '../../../db/client.ts';
import type { Actor } from '../../../policies/index.ts';

/**
 * A block type's server half: how its stored content becomes what visitors get, and which checks
 * its options need against the database before a save.
 */
export type ServerBlockType<N extends BlockTypeName> = {
  /**
   * Visitors' data in one language, prepared once per block version and kept (no actor, no I/O).
   * Null when there is nothing to show. Lists and widgets depend on who asks and the URL: the lists
   * domain fills them per request, so they prepare null here.
   */
  prepare(input: {
    content: BlockContent<N>;
    options: BlockOptions<N>;
    /**
     * The href a visitor gets for a stored link value: a page or item reference resolved to its
     * current path, null when it is not to be linked (links.ts); any other value as it is.
     */
    link(href: string): string | null;
    onError(error: unknown): void;
  }): BlockViewData[N] | null;
  /**
   * The options as stored, after the checks the schema cannot make (a referenced image, a source
   * list); throws validation_failed with the offending option's path.
   */
  checkOptions?(
    tx: Executor,
    input: {
      actor: Actor;
      blockGuid: string;
      options: BlockOptions<N>;
      /** For one of a list item's own blocks: the item (null while it is being made). */
      itemGuid?: string | null;
    },
  ): Promise<BlockOptions<N>>;
};
