import { Anchor } from '@mantine/core';
import { Link } from 'react-router';

/** A part of an activity sentence as the server tells it: text, or a link to what it names. */
export type SentencePart = { text: string; href: string | null };

/**
 * An audit event as the server words it in the reader's language ("Anna wijzigde de pagina
 * Nieuws"), with the account and the record as links where the reader may go (issue 26).
 */
export function ActivitySentence({ parts }: { parts: readonly SentencePart[] }) {
  return (
    <>
      {parts.map((part, index) =>
        part.href ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one sentence never reorder
          <Anchor key={index} component={Link} to={part.href}>
            {part.text}
          </Anchor>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one sentence never reorder
          <span key={index}>{part.text}</span>
        ),
      )}
    </>
  );
}
