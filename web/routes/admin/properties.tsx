import { Alert, Anchor, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Fragment, useRef, useState } from 'react';
import { Link } from 'react-router';
import { PROPERTY_CATEGORIES } from '../../../common/profile-properties';
import { accountMeta } from '../../account/meta';
import { accountQueries } from '../../account/queries';
import { useTask } from '../../account/tasks';
import { api, unwrap } from '../../api/client';
import { AdminPage } from '../../components/admin/AdminPage';
import { PropertyDeleteDialog, PropertyDialog } from '../../components/admin/PropertyDialogs';
import { type AdminPropertyDefinition, adminQueries, useAccessGuard } from '../../components/admin/queries';
import { useTranslation } from '../../i18n';
import type { Route } from './+types/properties';
import '../../i18n/admin';
import '../../i18n/account';

export function meta({ matches }: Route.MetaArgs) {
  return accountMeta(matches, 'adminPeople.properties.title');
}

type Dialog =
  | { kind: 'create' }
  | { kind: 'edit'; definition: AdminPropertyDefinition }
  | { kind: 'delete'; definition: AdminPropertyDefinition }
  | null;

/** Profile property definitions (SPEC 3): the site's own, and the built-ins' presentation and order. */
export default function AdminPropertiesPage() {
  const { t, i18n } = useTranslation();
  const run = useTask();
  const queryClient = useQueryClient();
  const definitions = useQuery(adminQueries.propertyDefinitions);
  useAccessGuard(definitions.error);
  const [dialog, setDialog] = useState<Dialog>(null);
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const language = i18n.language === 'en' ? 'en' : 'nl';
  const label = (definition: AdminPropertyDefinition) =>
    (language === 'en' && definition.label.en) || definition.label.nl;

  async function move(group: AdminPropertyDefinition[], index: number, by: -1 | 1) {
    const keys = group.map((definition) => definition.key);
    const [key] = keys.splice(index, 1);
    if (!key) return;
    keys.splice(index + by, 0, key);
    const done = await run(t('adminPeople.properties.moveTask'), async () => {
      await unwrap(api.POST('/api/profilepropertydefinitions:reorder', { body: { keys } }));
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: adminQueries.propertyDefinitions.queryKey }),
        queryClient.invalidateQueries({ queryKey: accountQueries.properties.queryKey }),
      ]);
      return true;
    });
    // The moved row's button in the same direction keeps the focus (or the other one at an end).
    if (done) {
      const position = index + by;
      const edge = (by === -1 && position === 0) || (by === 1 && position === keys.length - 1);
      buttons.current.get(`${key}:${edge ? -by : by}`)?.focus();
    }
  }

  const all = definitions.data ?? [];
  return (
    <AdminPage
      title={t('adminPeople.properties.title')}
      description={
        <>
          {t('adminPeople.properties.description')}{' '}
          <Anchor component={Link} to="/admin/users" underline="always">
            {t('adminPeople.properties.back')}
          </Anchor>
        </>
      }
      actions={
        <Button onClick={() => setDialog({ kind: 'create' })}>{t('adminPeople.properties.create')}</Button>
      }
    >
      {definitions.isPending ? (
        <Text c="dimmed">{t('table.loading')}</Text>
      ) : definitions.isError ? (
        <Alert color="red">
          <Group justify="space-between">
            <Text size="sm">{t('tasks.failedText')}</Text>
            <Button size="xs" variant="light" onClick={() => void definitions.refetch()}>
              {t('tasks.retry')}
            </Button>
          </Group>
        </Alert>
      ) : (
        <Stack gap="lg">
          {all.every((definition) => definition.isBuiltIn) ? (
            <Alert variant="light">{t('adminPeople.properties.empty')}</Alert>
          ) : null}
          {PROPERTY_CATEGORIES.map((category) => {
            const inCategory = all.filter((definition) => definition.category === category);
            if (inCategory.length === 0) return null;
            const sections = [...new Set(inCategory.map((definition) => definition.section))];
            const categoryName = t(`adminPeople.properties.categories.${category}`);
            return (
              <Card withBorder key={category} component="section" aria-labelledby={`properties-${category}`}>
                <Title order={2} size="h4" mb="sm" id={`properties-${category}`}>
                  {categoryName}
                </Title>
                {sections.map((section) => {
                  const group = inCategory.filter((definition) => definition.section === section);
                  return (
                    <Fragment key={section}>
                      {section ? (
                        <Text size="sm" c="dimmed" fw={600} mt="xs">
                          {t(`account.sections.${section}`, { defaultValue: section })}
                        </Text>
                      ) : null}
                      <ul
                        style={{ listStyle: 'none', padding: 0, margin: 0 }}
                        aria-label={t('adminPeople.properties.listLabel', {
                          category: `${categoryName} ${section}`.trim(),
                        })}
                      >
                        {group.map((definition, index) => (
                          <li key={definition.key}>
                            <Group justify="space-between" wrap="wrap" gap="xs" py={6}>
                              <div>
                                <Text size="sm" fw={600} span>
                                  {label(definition)}
                                </Text>{' '}
                                <Text size="xs" c="dimmed" span>
                                  <code>{definition.key}</code> ·{' '}
                                  {t(`adminPeople.properties.inputTypes.${definition.inputType}`)} ·{' '}
                                  {t('adminPeople.properties.valueCount', { count: definition.valueCount })}
                                </Text>{' '}
                                {definition.isBuiltIn ? (
                                  <Badge size="xs" variant="light" color="gray">
                                    {t('adminPeople.properties.builtIn')}
                                  </Badge>
                                ) : null}{' '}
                                {definition.isRequired ? (
                                  <Badge size="xs" variant="light">
                                    {t('adminPeople.properties.required')}
                                  </Badge>
                                ) : null}{' '}
                                {definition.isMettOnly ? (
                                  <Badge size="xs" variant="outline">
                                    {t('adminPeople.properties.operatorOnly')}
                                  </Badge>
                                ) : null}
                              </div>
                              <Group gap={4} wrap="nowrap">
                                <Button
                                  size="xs"
                                  variant="default"
                                  disabled={index === 0}
                                  aria-label={t('adminPeople.properties.moveUp', {
                                    label: label(definition),
                                  })}
                                  ref={(element) => {
                                    if (element) buttons.current.set(`${definition.key}:-1`, element);
                                  }}
                                  onClick={() => void move(group, index, -1)}
                                >
                                  ↑
                                </Button>
                                <Button
                                  size="xs"
                                  variant="default"
                                  disabled={index === group.length - 1}
                                  aria-label={t('adminPeople.properties.moveDown', {
                                    label: label(definition),
                                  })}
                                  ref={(element) => {
                                    if (element) buttons.current.set(`${definition.key}:1`, element);
                                  }}
                                  onClick={() => void move(group, index, 1)}
                                >
                                  ↓
                                </Button>
                                <Button
                                  size="xs"
                                  variant="light"
                                  aria-label={t('adminPeople.properties.editLabel', {
                                    label: label(definition),
                                  })}
                                  onClick={() => setDialog({ kind: 'edit', definition })}
                                >
                                  {t('adminPeople.properties.edit')}
                                </Button>
                                {definition.isBuiltIn ? null : (
                                  <Button
                                    size="xs"
                                    variant="light"
                                    color="red"
                                    aria-label={t('adminPeople.properties.deleteLabel', {
                                      label: label(definition),
                                    })}
                                    onClick={() => setDialog({ kind: 'delete', definition })}
                                  >
                                    {t('buttons.delete')}
                                  </Button>
                                )}
                              </Group>
                            </Group>
                          </li>
                        ))}
                      </ul>
                    </Fragment>
                  );
                })}
              </Card>
            );
          })}
        </Stack>
      )}
      <PropertyDialog
        opened={dialog?.kind === 'create' || dialog?.kind === 'edit'}
        definition={dialog?.kind === 'edit' ? dialog.definition : null}
        onClose={() => setDialog(null)}
      />
      <PropertyDeleteDialog
        definition={dialog?.kind === 'delete' ? dialog.definition : null}
        onClose={() => setDialog(null)}
      />
    </AdminPage>
  );
}
