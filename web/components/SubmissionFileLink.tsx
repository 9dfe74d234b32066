import { Anchor } from '@mantine/core';
import { submissionFileUrl } from '../../common/forms/files';
import { useTranslation } from '../i18n';

/**
 * A file a submission sent, as a download link (the receipt and the admin's submission screen; the
 * server lets only the submitter and those who read the results have it).
 */
export function SubmissionFileLink({
  submissionGuid,
  answer,
}: {
  submissionGuid: string;
  answer: { key: string; text: string };
}) {
  const { t } = useTranslation();
  return (
    <Anchor
      href={submissionFileUrl(submissionGuid, answer.key)}
      download
      aria-label={t('forms.download', { name: answer.text })}
    >
      {answer.text}
    </Anchor>
  );
}
