import { Anchor, Badge, Button, Card, Group, List, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatMoment } from '../../account/format';
import { api, unwrap } from '../../api/client';
import { useTranslation } from '../../i18n';
import { QueryState } from '../account/QueryState';
import { editPathOf } from '../edit/EditControl';
import '../../i18n/admin';

/** The dashboard's data (issue 26), as the server's policies filtered it for the signed-in user. */
export const dashboardQuery = {
  queryKey: ['dashboard'] as const,
  queryFn: () => unwrap(api.GET('/api/dashboard')),
  staleTime: 0,
};
type DashboardData = Awaited<ReturnType<typeof dashboardQuery.queryFn>>;
type DashboardPage = DashboardData['drafts'][number]['page'];
type Who = DashboardData['recentPages'][number]['by'];

/**
 * Where an editor starts: my drafts, what is scheduled, the pages I may edit by their last change,
 * the forms I work on with their new submissions, and the lists I may add items to. Every row and
 * link is what the server sent: the browser decides nothing about rights.
 */
export function Dashboard({ headingOrder = 2 }: { headingOrder?: 2 | 3 }) {
  const query = useQuery(dashboardQuery);
  return <QueryState query={query}>{(data) => <Panels data={data} order={headingOrder} />}</QueryState>;
}

function Panels({ data, order }: { data: DashboardData; order: 2 | 3 }) {
  const { t, i18n } = useTranslation();
  const when = (iso: string) => formatMoment(iso, i18n.language);
  const isEditor =
    data.can.administerPages ||
    data.recentPages.length > 0 ||
    data.drafts.length > 0 ||
    data.forms.length > 0;
  return (
    <Stack gap="lg">
      {data.can.createPage || data.can.createForm ? (
        <Group gap="sm" aria-label={t('dashboard.quick.title')} role="group">
          {data.can.createPage ? (
            <Button component={Link} to="/admin/pages?new=page" variant="light">
              {t('dashboard.quick.newPage')}
            </Button>
          ) : null}
          {data.can.createForm ? (
            <Button component={Link} to="/admin/forms" variant="light">
              {t('dashboard.quick.forms')}
            </Button>
          ) : null}
        </Group>
      ) : null}
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        {isEditor ? (
          <Panel title={t('dashboard.drafts.title')} order={order} empty={t('dashboard.drafts.empty')}>
            {data.drafts.map((row) => (
              <List.Item key={row.page.guid}>
                <PageLink page={row.page} />
                <Text size="sm" c="dimmed">
                  {t('dashboard.drafts.savedAt', { when: when(row.savedAt) })}
                </Text>
              </List.Item>
            ))}
          </Panel>
        ) : null}
        {isEditor ? (
          <Panel title={t('dashboard.scheduled.title')} order={order} empty={t('dashboard.scheduled.empty')}>
            {data.scheduled.map((row) => (
              <List.Item key={`${row.page.guid}-${row.runAt}-${row.action}`}>
                <PageLink page={row.page} />
                <Text size="sm" c="dimmed">
                  {t(`dashboard.scheduled.${row.action}`, { when: when(row.runAt) })}
                  {row.by ? ` · ${t('dashboard.by', { who: whoName(row.by, t) })}` : ''}
                </Text>
              </List.Item>
            ))}
          </Panel>
        ) : null}
        {isEditor ? (
          <Panel title={t('dashboard.recent.title')} order={order} empty={t('dashboard.recent.empty')}>
            {data.recentPages.map((row) => (
              <List.Item key={row.page.guid}>
                <Group gap={6} wrap="wrap">
                  <PageLink page={row.page} />
                  {row.hasDraft ? (
                    <Badge size="sm" variant="light" color="gray">
                      {t('dashboard.recent.draft')}
                    </Badge>
                  ) : null}
                  {row.page.isPublished ? null : (
                    <Badge size="sm" variant="light" color="gray">
                      {t('dashboard.unpublished')}
                    </Badge>
                  )}
                </Group>
                <Text size="sm" c="dimmed">
                  {t('dashboard.recent.changed', { who: whoName(row.by, t), when: when(row.changedAt) })}
                </Text>
              </List.Item>
            ))}
          </Panel>
        ) : null}
        {data.forms.length > 0 || data.can.createForm ? (
          <Panel
            title={t('dashboard.forms.title')}
            order={order}
            empty={t('dashboard.forms.empty')}
            footer={
              <Anchor component={Link} to="/admin/forms" size="sm">
                {t('dashboard.forms.all')}
              </Anchor>
            }
          >
            {data.forms.map((form) => (
              <List.Item key={form.guid}>
                {form.abilities.viewResults ? (
                  <Anchor component={Link} to={`/admin/forms/${form.guid}`}>
                    {t('dashboard.forms.results', { title: form.title })}
                  </Anchor>
                ) : (
                  <Text span>{form.title}</Text>
                )}
                <Text size="sm" c="dimmed">
                  {form.newSubmissions > 0
                    ? t('dashboard.forms.new', { count: form.newSubmissions, days: data.newSubmissionsDays })
                    : t('dashboard.forms.noneNew', { days: data.newSubmissionsDays })}
                  {` · ${t('dashboard.forms.total', { count: form.submissions })}`}
                </Text>
              </List.Item>
            ))}
          </Panel>
        ) : null}
        <Panel title={t('dashboard.lists.title')} order={order} empty={t('dashboard.lists.empty')}>
          {data.lists.map((list) => (
            <List.Item key={list.blockGuid}>
              {list.page.path ? (
                <Anchor component={Link} to={list.page.path}>
                  {t('dashboard.lists.add', { title: list.title })}
                </Anchor>
              ) : (
                <Text span>
                  {list.title} ({t('dashboard.notInMenu')})
                </Text>
              )}
            </List.Item>
          ))}
        </Panel>
      </SimpleGrid>
    </Stack>
  );
}

function whoName(who: Who, t: ReturnType<typeof useTranslation>['t']): string {
  if (!who) return t('dashboard.system');
  return who.name;
}

/** A page's title, linking to its edit mode: by its path where a menu serves it, else by its guid. */
function PageLink({ page }: { page: DashboardPage }) {
  const { t, i18n } = useTranslation();
  const title = (i18n.language === 'en' && page.title.en) || page.title.nl;
  const to = page.path ? editPathOf(page.path) : `/edit?page=${encodeURIComponent(page.guid)}`;
  return (
    <Text span>
      <Anchor component={Link} to={to} aria-label={t('dashboard.editPage', { title })}>
        {title}
      </Anchor>
      {page.path ? null : (
        <Text span size="sm" c="dimmed">
          {' '}
          ({t('dashboard.notInMenu')})
        </Text>
      )}
    </Text>
  );
}

function Panel({
  title,
  order,
  empty,
  footer,
  children,
}: {
  title: string;
  order: 2 | 3;
  empty: string;
  footer?: ReactNode;
  children: ReactNode[];
}) {
  return (
    <Card withBorder padding="md" component="section" aria-label={title}>
      <Title order={order} size="h4" mb="sm">
        {title}
      </Title>
      {children.length === 0 ? (
        <Text c="dimmed" size="sm">
          {empty}
        </Text>
      ) : (
        <List spacing="sm" listStyleType="none">
          {children}
        </List>
      )}
      {footer ? <Group mt="sm">{footer}</Group> : null}
    </Card>
  );
}
