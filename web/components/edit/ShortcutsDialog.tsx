import { Kbd, Modal, Stack, Table, Title } from '@mantine/core';
import { Fragment, type ReactNode } from 'react';
import { useTranslation } from '../../i18n';
import '../../i18n/editor';

type Row = { keys: ReactNode; does: string };

/**
 * Edit mode's keyboard shortcuts (issue 35), from "Meer" → "Sneltoetsen" or the ? key: moving
 * around, moving a block by keyboard (dnd-kit's keys), and the rich-text editor's keys and
 * typed shortcuts (Tiptap's StarterKit).
 */
export default function ShortcutsDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const key = (name: string) => t(`editBar.keys.${name}`);
  const mod = (letter: string, shift = false) => (
    <>
      <Kbd>{key('mod')}</Kbd> + {shift ? <Kbd>Shift</Kbd> : null}
      {shift ? ' + ' : null}
      <Kbd>{letter}</Kbd>
    </>
  );
  const groups: { title: string; rows: Row[] }[] = [
    {
      title: key('general'),
      rows: [
        { keys: <Kbd>?</Kbd>, does: key('openList') },
        {
          keys: (
            <>
              <Kbd>Tab</Kbd> / <Kbd>Shift</Kbd> + <Kbd>Tab</Kbd>
            </>
          ),
          does: key('nextControl'),
        },
        { keys: <Kbd>Esc</Kbd>, does: key('closeDialog') },
      ],
    },
    {
      title: key('move'),
      rows: [
        {
          keys: (
            <>
              <Kbd>{key('space')}</Kbd> / <Kbd>Enter</Kbd>
            </>
          ),
          does: key('lift'),
        },
        { keys: <Kbd>{key('arrowKeys')}</Kbd>, does: key('arrows') },
        { keys: <Kbd>Esc</Kbd>, does: key('cancelMove') },
      ],
    },
    {
      title: key('text'),
      rows: [
        { keys: mod('B'), does: key('bold') },
        { keys: mod('I'), does: key('italic') },
        { keys: mod('U'), does: key('underline') },
        { keys: mod('Z'), does: key('undo') },
        { keys: mod('Z', true), does: key('redo') },
        {
          keys: (
            <>
              <Kbd>##</Kbd> {key('then')} <Kbd>{key('space')}</Kbd>
            </>
          ),
          does: key('heading'),
        },
        {
          keys: (
            <>
              <Kbd>-</Kbd> {key('then')} <Kbd>{key('space')}</Kbd>
            </>
          ),
          does: key('bullets'),
        },
        {
          keys: (
            <>
              <Kbd>1.</Kbd> {key('then')} <Kbd>{key('space')}</Kbd>
            </>
          ),
          does: key('numbers'),
        },
        {
          keys: (
            <>
              <Kbd>&gt;</Kbd> {key('then')} <Kbd>{key('space')}</Kbd>
            </>
          ),
          does: key('quote'),
        },
        { keys: <Kbd>Tab</Kbd>, does: key('leaveText') },
      ],
    },
  ];
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('editBar.shortcutsTitle')}
      size="lg"
      returnFocus={false}
    >
      <Stack gap="md">
        {groups.map((group) => (
          <Fragment key={group.title}>
            <Title order={3} size="h5">
              {group.title}
            </Title>
            <Table>
              <Table.Tbody>
                {group.rows.map((row) => (
                  <Table.Tr key={row.does}>
                    <Table.Th scope="row" w="40%" fw={400}>
                      {row.keys}
                    </Table.Th>
                    <Table.Td>{row.does}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Fragment>
        ))}
      </Stack>
    </Modal>
  );
}
