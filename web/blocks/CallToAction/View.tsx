import { Button } from '@mantine/core';
import { useId } from 'react';
import { Link } from 'react-router';
import { isLocalLink } from '../../../common/urls';
import type { BlockViewProps } from '../registry';

/**
 * A call to action: a title (h2, as list and form titles), a short text and one or two buttons, the
 * first the main action (filled), the second a secondary one (outline). Links go as the buttons
 * block's do: a local link is routed in the app, any other is a plain anchor. On the primary
 * background the colours are the menu bar's (site.css `.cta-block-primary`): text in the theme's
 * contrast colour on its readable primary shade.
 */
export function CallToActionBlock({ block }: BlockViewProps<'callToAction'>) {
  const { title, text, buttons } = block.data;
  const { background } = block.options;
  const titleId = useId();
  return (
    <section className={`cta-block cta-block-${background}`} aria-labelledby={titleId}>
      <h2 id={titleId} className="cta-block-title">
        {title}
      </h2>
      {text ? <p className="cta-block-text">{text}</p> : null}
      <div className="cta-block-buttons">
        {buttons.map((button, index) => {
          const variant = index === 0 ? 'filled' : 'outline';
          const className = `cta-block-button cta-block-button-${index === 0 ? 'primary' : 'secondary'}`;
          const key = `${index}${button.href}`;
          return isLocalLink(button.href) ? (
            <Button key={key} component={Link} to={button.href} variant={variant} className={className}>
              {button.label}
            </Button>
          ) : (
            <Button key={key} component="a" href={button.href} variant={variant} className={className}>
              {button.label}
            </Button>
          );
        })}
      </div>
    </section>
  );
}
