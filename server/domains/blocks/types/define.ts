import type {
  BlockContent,
  BlockOptions,
  BlockTypeName,
  BlockViewData,
} from '../../../../common/blocks/index.ts';
import type { DocumentLanguage, MediaFormat } from '../../../../common/media.ts';
import type { Executor } from '../../../db/client.ts';
import type { Actor } from '../../../policies/index.ts';

/** What a block shows of a library asset, in one language (server/domains/blocks/assets.ts). */
export type PreparedAsset = {
  width: number;
  height: number;
  /** The alt text in this language (Dutch when there is none), '' when decorative or not given. */
  alt: string;
  isDecorative: boolean;
  caption: string;
  credit: string;
  /** The file version, for transform URLs that are cached for good. */
  version: number;
  focalX: number;
  focalY: number;
  /** What a download block shows of a document (issue 27): its title, format, size and language. */
  title: string;
  format: MediaFormat;
  size: number;
  language: DocumentLanguage | null;
  /** A PDF's first page can be asked as an image (width, height…), as an image's variants. */
  hasThumbnail: boolean;
};

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
    /**
     * The Dutch content when `content` is another language's, for a type whose parts each have
     * their own texts (a card added after the translation): a part the language lacks comes from
     * Dutch. Undefined when `content` is the Dutch, or the Dutch does not fit the schema.
     */
    dutch?: () => BlockContent<N> | undefined;
    options: BlockOptions<N>;
    /**
     * The href a visitor gets for a stored link value: a page or item reference resolved to its
     * current path, null when it is not to be linked (links.ts); any other value as it is.
     */
    link(href: string): string | null;
    /**
     * A media library asset as this language shows it (issue 27): null when it is gone, undefined
     * when the assets were not looked up (the block's own values then stand).
     */
    asset(guid: string): PreparedAsset | null | undefined;
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
