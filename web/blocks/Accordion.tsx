import { Accordion } from '@mantine/core';
import type { BlockOptions } from '../../common/blocks';
import type { BlockProps } from './registry';

export function AccordionBlock({ block }: BlockProps) {
  const { items } = block.data as { items: { title: string; html: string }[] };
  const { multiple } = block.options as BlockOptions<'accordion'>;
  const panels = items.map((item, index) => (
    <Accordion.Item key={item.title} value={String(index)}>
      <Accordion.Control>{item.title}</Accordion.Control>
      <Accordion.Panel>
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: produced by the server's schema renderer from validated JSON */}
        <div className="rich-text" dangerouslySetInnerHTML={{ __html: item.html }} />
      </Accordion.Panel>
    </Accordion.Item>
  ));
  return multiple ? (
    <Accordion multiple variant="separated">
      {panels}
    </Accordion>
  ) : (
    <Accordion variant="separated">{panels}</Accordion>
  );
}
