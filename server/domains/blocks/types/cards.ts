import type { CardImage, CardsBlockData, CardsColumns } from '../../../../common/blocks/cards.ts';
import type { BlockContent, BlockOptions } from '../../../../common/blocks/index.ts';
import { imageUrl, SITE_IMAGES } from '../../../../common/media.ts';
import { AppError } from '../../../errors.ts';
import { referencedMedia } from '../../media/references.ts';
import type { PreparedAsset, ServerBlockType } from './define.ts';

/**
 * How wide a card's image is drawn (site.css `.cards-block`): one column below the small
 * breakpoint, two up to the medium one, the block's count from there (SPEC 9).
 */
function imageSizes(columns: CardsColumns): string {
  const count = Number(columns);
  return `(max-width: 599.98px) 100vw, (max-width: 1023.98px) 50vw, (max-width: 1440px) ${Math.ceil(100 / count)}vw, ${Math.ceil(1440 / count)}px`;
}

/**
 * A card's image: the gallery's 4:3 crops around the asset's focal point (the same variants, so a
 * picture in both is made once), with the file version in every URL. The card's own alt text
 * overrides the asset's; a decorative asset says nothing.
 */
function cardImage(guid: string, asset: PreparedAsset, ownAlt: string): CardImage {
  const v = asset.version;
  const [small] = SITE_IMAGES.galleryThumbnails;
  return {
    src: imageUrl(guid, { ...small, v }),
    srcSet: SITE_IMAGES.galleryThumbnails
      .map((query) => `${imageUrl(guid, { ...query, v })} ${query.width}w`)
      .join(', '),
    alt: ownAlt || (asset.isDecorative ? '' : asset.alt),
  };
}

/**
 * The cards as visitors get them (issue 31): those with a title in this language, in the editor's
 * order, each with its image while the library has it and its link while it leads somewhere (a
 * page or item reference that is gone or unpublished: the card shows without it). No card left:
 * null, so visitors see nothing.
 */
export function cardsBlockData(
  content: BlockContent<'cards'>,
  options: BlockOptions<'cards'>,
  link: (href: string) => string | null,
  asset: (guid: string) => PreparedAsset | null | undefined,
  /** The Dutch content when `content` is a translation: a card it lacks shows in Dutch. */
  dutch: () => BlockContent<'cards'> | undefined = () => undefined,
): CardsBlockData | null {
  const textsIn = (texts: BlockContent<'cards'> | undefined, key: string) =>
    texts && Object.hasOwn(texts.cards, key) && texts.cards[key]?.title.trim() ? texts.cards[key] : undefined;
  const cards = options.cards.flatMap((card) => {
    const own = textsIn(content, card.key);
    const texts = own ?? textsIn(dutch(), card.key);
    if (!texts) return [];
    const found = card.imageGuid ? asset(card.imageGuid) : null;
    return [
      {
        key: card.key,
        title: texts.title.trim(),
        text: texts.text.trim(),
        image: card.imageGuid && found ? cardImage(card.imageGuid, found, texts.alt) : null,
        href: card.href ? link(card.href) : null,
        ...(own ? {} : { lang: 'nl' as const }),
      },
    ];
  });
  if (cards.length === 0) return null;
  return { cards, columns: options.columns, sizes: imageSizes(options.columns) };
}

export const cards: ServerBlockType<'cards'> = {
  prepare: ({ content, dutch, options, link, asset }) => cardsBlockData(content, options, link, asset, dutch),
  /** Every card's image must be one the block may name (a library asset, or one uploaded for it). */
  async checkOptions(tx, { actor, blockGuid, options }) {
    const guids = options.cards.flatMap((card) => (card.imageGuid ? [card.imageGuid] : []));
    if (guids.length === 0) return options;
    const found = await referencedMedia(tx, actor, { kind: 'block', guid: blockGuid }, guids);
    const index = options.cards.findIndex((card) => card.imageGuid !== null && !found.get(card.imageGuid));
    if (index >= 0) {
      throw new AppError('validation_failed', 'unknown image', [
        { path: `options.cards.${index}.imageGuid`, message: 'validation.blockImage' },
      ]);
    }
    return options;
  },
};
