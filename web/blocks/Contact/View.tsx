import type { ReactNode } from 'react';
import { jsonLdScriptText } from '../../../common/discovery';
import { useTranslation } from '../../i18n';
import type { BlockViewProps } from '../registry';

/**
 * A contact card (site.css `.contact-block`): the name as an h2 (as other block titles), the role
 * below it, then the ways to reach them in an `<address>` (contact information; it may hold no
 * heading, so the name stands before it) as a list of labelled details: the phone as a `tel:` link
 * (the number as typed, the link dialled), the e-mail as a `mailto:` link, the address and opening
 * hours with their line breaks. The card is also written as schema.org JSON-LD (prepared on the
 * server): a data block the browser does not run, escaped so that no text can end the script.
 */
export function ContactBlock({ block }: BlockViewProps<'contact'>) {
  const { t, i18n } = useTranslation();
  const { name, role, phone, email, address, openingHours, jsonLd } = block.data;
  // The labels are in the page's language, also where the card shows Dutch for want of a translation.
  const labelLang = block.contentLang ? i18n.language : undefined;
  const detail = (key: string, label: string, value: ReactNode, className = '') => (
    <div key={key} className="contact-block-detail">
      <dt lang={labelLang}>{label}</dt>
      <dd className={className || undefined}>{value}</dd>
    </div>
  );
  const details = [
    phone ? detail('phone', t('contact.phone'), <a href={phone.href}>{phone.text}</a>) : null,
    email ? detail('email', t('contact.email'), <a href={email.href}>{email.text}</a>) : null,
    address ? detail('address', t('contact.address'), address, 'contact-block-lines') : null,
    openingHours ? detail('hours', t('contact.openingHours'), openingHours, 'contact-block-lines') : null,
  ].filter((item) => item !== null);
  return (
    <div className="contact-block">
      <h2 className="contact-block-name">{name}</h2>
      {role ? <p className="contact-block-role">{role}</p> : null}
      {details.length > 0 ? (
        <address className="contact-block-details">
          <dl>{details}</dl>
        </address>
      ) : null}
      <script
        type="application/ld+json"
        // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON made on the server, escaped by jsonLdScriptText so it cannot end the script
        dangerouslySetInnerHTML={{ __html: jsonLdScriptText(jsonLd) }}
      />
    </div>
  );
}
