import { PasswordInput } from '@mantine/core';
import { passwordProblemKey } from '../../account/password';
import { useTranslation } from '../../i18n';

/** True when a new password passes the rule and its repetition matches. */
export const isNewPasswordAcceptable = (password: string, repeat: string) =>
  passwordProblemKey(password) === null && password === repeat;

/** "New password" and "repeat it", with the rule and, after a submit attempt, what is wrong. */
export function NewPasswordFields({
  password,
  repeat,
  onPasswordChange,
  onRepeatChange,
  showErrors,
}: {
  password: string;
  repeat: string;
  onPasswordChange(value: string): void;
  onRepeatChange(value: string): void;
  showErrors: boolean;
}) {
  const { t } = useTranslation();
  const problem = showErrors ? passwordProblemKey(password) : null;
  return (
    <>
      <PasswordInput
        label={t('auth.password.new')}
        description={t('auth.password.rule')}
        autoComplete="new-password"
        required
        value={password}
        error={problem ? t(problem) : null}
        onChange={(event) => onPasswordChange(event.currentTarget.value)}
      />
      <PasswordInput
        label={t('auth.password.repeat')}
        autoComplete="new-password"
        required
        value={repeat}
        error={showErrors && repeat !== password ? t('auth.password.mismatch') : null}
        onChange={(event) => onRepeatChange(event.currentTarget.value)}
      />
    </>
  );
}
