import { Anchor, List, Paper, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../api/client';
import { useTranslation } from '../../i18n';
import '../../i18n/editor';

/**
 * Where a reusable block is used (issue 31), on its own edit screen: the pages (and templates) that
 * place it, published or in a draft, each linked to its edit mode. Only for a reusable block (the
 * uses answer 404 for a header or footer template).
 */
export function ReusableBlockUses({ templateGuid }: { templateGuid: string }) {
  const { t } = useTranslation();
  const uses = useReusableBlockUses(templateGuid);
  if (!uses.data) return null;
  const pages = uses.data.pages;
  return (
    <Paper
      component="section"
      withBorder
      p="md"
      m="md"
      aria-labelledby="reusable-uses-title"
      data-reusable-uses
    >
      <Title order={2} size="h4" id="reusable-uses-title">
        {t('blockEditor.reusable.usesTitle')}
      </Title>
      {pages.length === 0 ? (
        <Text size="sm" mt="xs">
          {t('blockEditor.reusable.usesNone')}
        </Text>
      ) : (
        <>
          <Text size="sm" mt="xs">
            {t('blockEditor.reusable.usesIntro')}
          </Text>
          <List size="sm" mt="xs">
            {pages.map((page) => (
              <List.Item key={page.guid}>
                <Anchor href={page.editUrl} size="sm">
                  {page.isTemplate
                    ? `${page.title} (${t('blockEditor.reusable.templateSuffix')})`
                    : page.title}
                </Anchor>
              </List.Item>
            ))}
          </List>
        </>
      )}
    </Paper>
  );
}

/** A reusable block's uses. */
function useReusableBlockUses(templateGuid: string) {
  return useQuery({
    queryKey: ['reusableblocks', 'uses', templateGuid] as const,
    queryFn: () =>
      unwrap(api.GET('/api/reusableblocks/{id}/uses', { params: { path: { id: templateGuid } } })),
    retry: false,
  });
}
