import { Link } from 'react-router';
import type { CardView } from '../../../common/blocks/cards';
import { isLocalLink } from '../../../common/urls';
import type { BlockViewProps } from '../registry';

/**
 * A grid of cards (issue 31; site.css `.cards-block`): one column on a phone, two from the small
 * breakpoint, the block's count from the medium one (SPEC 9). Each card is a list item with its
 * title as an h2 (as the titles of a list's items without a list title), its text and its image,
 * which CSS shows first while the heading stays first for a screen reader. A card with a link is one
 * link, the title's: CSS stretches it over the whole card, so there are no nested links and a
 * screen reader hears the title, not the whole card, as the link's name. This view is a chunk of
 * its own, loaded only on pages that show cards (registry.tsx).
 */
export function CardsBlock({ block }: BlockViewProps<'cards'>) {
  const { cards, columns, sizes } = block.data;
  return (
    <ul className="cards-block" data-columns={columns}>
      {cards.map((card) => (
        <li
          key={card.key}
          className="cards-block-card"
          data-linked={card.href ? '' : undefined}
          lang={card.lang}
        >
          <h2 className="cards-block-title">
            <CardTitle card={card} />
          </h2>
          {card.text ? <p className="cards-block-text">{card.text}</p> : null}
          {card.image ? (
            <img
              className="cards-block-image"
              src={card.image.src}
              srcSet={card.image.srcSet}
              sizes={sizes}
              alt={card.image.alt}
              width={400}
              height={300}
              loading="lazy"
              decoding="async"
            />
          ) : null}
        </li>
      ))}
    </ul>
  );
}

/** The title, as the card's link when it has one (a local link is routed in the app). */
function CardTitle({ card }: { card: CardView }) {
  if (!card.href) return card.title;
  return isLocalLink(card.href) ? (
    <Link to={card.href} className="cards-block-link">
      {card.title}
    </Link>
  ) : (
    <a href={card.href} className="cards-block-link">
      {card.title}
    </a>
  );
}
