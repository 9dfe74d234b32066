import { z } from 'zod';
import { linkSchema } from '../url-schemas.ts';
import { defineBlockType } from './define.ts';

export const CARDS_COLUMNS = ['2', '3', '4'] as const;
export type CardsColumns = (typeof CARDS_COLUMNS)[number];

/** A cards block holds 1 to 12 cards. */
export const MIN_CARDS = 1;
export const MAX_CARDS = 12;
export const MAX_CARD_TITLE_LENGTH = 200;
export const MAX_CARD_TEXT_LENGTH = 500;

/**
 * A card's key: it names the card's texts in every language apart from its place, so that a card
 * keeps its texts when it moves (the order is the options', the same in every language).
 */
export const CARD_KEY_PATTERN = /^[a-z0-9]{1,16}$/;
const cardKey = z.string().regex(CARD_KEY_PATTERN);

/** The key of a new block's first card (its options' default and `newContent` name the same card). */
export const FIRST_CARD_KEY = 'k1';

/** A key no card of `taken` has (a new card's). */
export function newCardKey(taken: readonly string[]): string {
  for (;;) {
    const key = `k${Math.random().toString(36).slice(2, 10)}`;
    if (!taken.includes(key)) return key;
  }
}

/** A card's texts in one language, empty: what the editor starts a new card with. */
export const emptyCardTexts = () => ({ title: '', text: '', alt: '' });

export const cardsBlock = defineBlockType({
  /**
   * Per language, each card's texts by its key: a title (required: it names the card and its link),
   * a short plain text, and an alt text of its own for the image (empty: what the media library says
   * of the image, as the image and gallery blocks do). A key of a card no longer in the block is
   * ignored.
   */
  content: z.object({
    cards: z
      .record(
        cardKey,
        z.object({
          title: z.string().trim().min(1).max(MAX_CARD_TITLE_LENGTH),
          text: z.string().max(MAX_CARD_TEXT_LENGTH).default(''),
          alt: z.string().trim().max(300).default(''),
        }),
      )
      .default({})
      .refine((cards) => Object.keys(cards).length <= MAX_CARDS, {
        message: 'validation.maxItems',
        params: { maximum: MAX_CARDS },
      }),
  }),
  options: z.object({
    /** How many columns the grid has from the medium breakpoint up (SPEC 9; fewer on smaller screens). */
    columns: z.enum(CARDS_COLUMNS).default('3'),
    /**
     * The cards in the order shown, the same in every language: each one's key, its image (a
     * library asset guid, issue 27; null: none) and its link (the one link rule, also a page or
     * item reference from the link picker; absent: the card links nowhere).
     */
    cards: z
      .array(
        z.object({
          key: cardKey,
          imageGuid: z
            .uuid()
            .transform((guid) => guid.toLowerCase())
            .nullable()
            .default(null),
          href: linkSchema.optional(),
        }),
      )
      .min(MIN_CARDS)
      .max(MAX_CARDS)
      .default(() => [{ key: FIRST_CARD_KEY, imageGuid: null }])
      .refine((cards) => new Set(cards.map((card) => card.key)).size === cards.length, {
        message: 'validation.duplicate',
      }),
  }),
  isLocalized: true,
  newContent: () => ({ cards: { [FIRST_CARD_KEY]: emptyCardTexts() } }),
});

/** A card's image as visitors get it: a 4:3 crop around the asset's focal point. */
export type CardImage = {
  src: string;
  srcSet: string;
  /** '' for a decorative image (the card's title says what it is about). */
  alt: string;
};

/** One card as visitors get it. */
export type CardView = {
  key: string;
  title: string;
  text: string;
  image: CardImage | null;
  /** Where the card links (a page or item reference resolved); null: nowhere. */
  href: string | null;
  /** 'nl' when the card's texts are the Dutch ones (the block's language has none for it yet). */
  lang?: 'nl';
};

/**
 * What visitors get: the cards that have a title in this language (or, for a card not translated
 * yet, in Dutch), in order (none: the block shows nothing), and the images' `sizes` after the grid's
 * columns.
 */
export type CardsBlockData = {
  cards: CardView[];
  columns: CardsColumns;
  sizes: string;
};
