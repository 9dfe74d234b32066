import { Alert, Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { data, Form, Link, redirect, useNavigation } from 'react-router';
import { appContext } from '#app-context';
import { FORM_POST_FIELDS } from '../../common/forms/public';
import { safeReturnPath } from '../../common/urls';
import { formatMoment } from '../account/format';
import { StatusPage } from '../components/StatusPage';
import { SubmissionFileLink } from '../components/SubmissionFileLink';
import { sharedCatalogue, useTranslation } from '../i18n';
import type { RootLoaderData } from '../root';
import type { Route } from './+types/submission';

/**
 * `submission/{submissionGuid}` (SPEC 2, issue 11): the receipt after a form was sent, with the
 * answers and the time. Only the submitter (by session, or by this unguessable link for an
 * anonymous one) and those who read the form's results can open it. The submitter can delete it
 * here; the button is a plain form post, so it works without JavaScript.
 */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const receipt = await app.site.getReceipt({ guid: params.submissionGuid, locale: app.locale });
  const query = new URL(request.url).searchParams;
  // Right after sending (the form's redirect says so, and from which page): thanks, and the way back.
  const isJustSent = query.get('sent') === '1';
  const backTo = query.has('from') ? safeReturnPath(query.get('from'), '/') : null;
  // After the submitter deleted it, the same address says so (and reveals nothing else).
  if (!receipt && query.get('deleted') === '1') return { receipt: null, isJustSent: false, backTo: null };
  if (!receipt) throw data(null, { status: 404 });
  return { receipt, isJustSent, backTo };
}

export async function action({ context, params, request }: Route.ActionArgs) {
  const app = context.get(appContext);
  const body = await request.formData().catch(() => null);
  const xsrf = body?.get(FORM_POST_FIELDS.xsrf);
  const deleted = await app.site.deleteReceipt({
    guid: params.submissionGuid,
    xsrf: typeof xsrf === 'string' ? xsrf : undefined,
    locale: app.locale,
  });
  if (deleted) throw redirect(`/submission/${params.submissionGuid}?deleted=1`, 303);
  return data({ deleted }, { status: 400 });
}

export function meta({ matches }: Route.MetaArgs) {
  const root = matches.find((match) => match?.id === 'root')?.loaderData as RootLoaderData | undefined;
  const title = sharedCatalogue(root?.shell.locale ?? 'nl').forms.receipt.title;
  return [
    { title: `${title} | ${root?.shell.settings.platformName ?? 'Bouwsteen'}` },
    // A receipt is personal: never indexed, never followed.
    { name: 'robots', content: 'noindex, nofollow' },
  ];
}

export default function SubmissionReceipt({ loaderData, actionData }: Route.ComponentProps) {
  const { receipt, isJustSent, backTo } = loaderData;
  const { t, i18n } = useTranslation();
  const navigation = useNavigation();
  const [confirming, setConfirming] = useState(false);
  const resultRef = useRef<HTMLDivElement>(null);
  const confirmRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (actionData) resultRef.current?.focus();
  }, [actionData]);
  useEffect(() => {
    if (confirming) confirmRef.current?.focus();
  }, [confirming]);
  useEffect(() => {
    if (!receipt) resultRef.current?.focus();
  }, [receipt]);
  // Arriving here (after sending, or by the receipt's link), the focus goes to the page's heading.
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    headingRef.current?.focus({ preventScroll: true });
  }, []);
  if (!receipt) {
    return (
      <div className="container">
        <Stack py="xl" maw={720} gap="sm" ref={resultRef} tabIndex={-1}>
          <Title order={1}>{t('forms.receipt.title')}</Title>
          <Alert role="status" variant="light" color="green">
            {t('forms.receipt.deleted')}
          </Alert>
          <Anchor component={Link} to="/">
            {t('forms.receipt.home')}
          </Anchor>
        </Stack>
      </div>
    );
  }
  const moment = formatMoment(receipt.createdAt, i18n.language);
  const wayBack = (
    <Anchor component={Link} to={backTo ?? '/'}>
      {backTo && backTo !== '/' ? t('forms.receipt.back') : t('forms.receipt.home')}
    </Anchor>
  );
  return (
    <div className="container receipt-page">
      <Stack py="xl" maw={720} gap="md">
        <Title order={1} ref={headingRef} tabIndex={-1} className="receipt-heading">
          {isJustSent ? t('forms.receipt.thanks') : t('forms.receipt.title')}
        </Title>
        {isJustSent ? (
          <Alert role="status" variant="light" color="green">
            <Text>{t('forms.receipt.received', { title: receipt.formTitle })}</Text>
            <Text mt="xs">{t('forms.receipt.next')}</Text>
          </Alert>
        ) : null}
        {isJustSent ? wayBack : null}
        <Title order={2} size="h3">
          {t('forms.receipt.answers')}
        </Title>
        <Text>{t('forms.receipt.intro', { title: receipt.formTitle })}</Text>
        <Text c="dimmed">{t('forms.receipt.submittedAt', { date: moment })}</Text>
        <dl className="receipt-answers">
          {receipt.answers.map((answer) => (
            <div key={answer.key} className="receipt-answer">
              <dt>{answer.label}</dt>
              <dd>
                {answer.kind === 'file' && answer.text ? (
                  // The file itself, for the submitter only (the same rule as this receipt).
                  <SubmissionFileLink submissionGuid={receipt.guid} answer={answer} />
                ) : (
                  answer.text || <span className="receipt-empty">{t('forms.receipt.notAnswered')}</span>
                )}
              </dd>
            </div>
          ))}
        </dl>
        {receipt.isAnonymous ? (
          <Alert variant="light" color="blue">
            {t('forms.receipt.keepLink')}
          </Alert>
        ) : null}
        {isJustSent ? null : wayBack}
        <div ref={resultRef} tabIndex={-1}>
          {actionData ? (
            <Alert role="alert" color="red" variant="light">
              {t('forms.receipt.deleteFailed')}
            </Alert>
          ) : null}
        </div>
        {receipt.abilities.delete ? (
          <Form method="post" className="receipt-delete">
            {receipt.xsrf ? <input type="hidden" name={FORM_POST_FIELDS.xsrf} value={receipt.xsrf} /> : null}
            {confirming ? (
              <Stack gap="xs" role="group" aria-labelledby="receipt-delete-question">
                <Text id="receipt-delete-question">{t('forms.receipt.deleteConfirm')}</Text>
                <Group gap="sm">
                  <Button
                    type="submit"
                    color="red"
                    ref={confirmRef}
                    loading={navigation.state === 'submitting'}
                  >
                    {t('forms.receipt.delete')}
                  </Button>
                  <Button type="button" variant="default" onClick={() => setConfirming(false)}>
                    {t('forms.receipt.cancel')}
                  </Button>
                </Group>
              </Stack>
            ) : (
              <Button
                type="submit"
                variant="outline"
                // red.9: its text keeps 4.5:1 against the hover tint too (the theme's red is red.8).
                color="red.9"
                // With JavaScript a second step asks first; without, the post deletes at once.
                onClick={(event) => {
                  event.preventDefault();
                  setConfirming(true);
                }}
              >
                {t('forms.receipt.delete')}
              </Button>
            )}
          </Form>
        ) : null}
      </Stack>
    </div>
  );
}

export function ErrorBoundary() {
  const { t } = useTranslation();
  return (
    <StatusPage
      title={t('forms.receipt.title')}
      text={t('forms.receipt.notFound')}
      status={404}
      showHomeLink
    />
  );
}
