import type { Locale } from '../../common/localized-text.ts';
import type { MailMessage } from './mailer.ts';

type Template = (input: {
  to: string;
  siteName: string;
  url: string;
  name?: string | undefined;
}) => MailMessage;

const greeting = (locale: Locale, name: string | undefined) =>
  locale === 'nl' ? `Beste ${name?.trim() || 'lezer'},` : `Dear ${name?.trim() || 'reader'},`;

/** The platform's mails, one per purpose, in the recipient's language. Plain text: every client shows it. */
export const MAIL_TEMPLATES: Record<
  'verifyEmail' | 'resetPassword' | 'invitation',
  Record<Locale, Template>
> = {
  verifyEmail: {
    nl: ({ to, siteName, url, name }) => ({
      to,
      subject: `Bevestig je e-mailadres voor ${siteName}`,
      text: `${greeting('nl', name)}\n\nBevestig je e-mailadres door deze link te openen:\n\n${url}\n\nDe link is 24 uur geldig. Heb je geen account aangemaakt? Dan kun je deze mail negeren.\n\n${siteName}`,
    }),
    en: ({ to, siteName, url, name }) => ({
      to,
      subject: `Confirm your e-mail address for ${siteName}`,
      text: `${greeting('en', name)}\n\nConfirm your e-mail address by opening this link:\n\n${url}\n\nThe link is valid for 24 hours. Did not create an account? Then you can ignore this mail.\n\n${siteName}`,
    }),
  },
  resetPassword: {
    nl: ({ to, siteName, url, name }) => ({
      to,
      subject: `Nieuw wachtwoord instellen voor ${siteName}`,
      text: `${greeting('nl', name)}\n\nJe hebt gevraagd om een nieuw wachtwoord. Kies er een via deze link:\n\n${url}\n\nDe link is 1 uur geldig en werkt één keer. Heb je dit niet gevraagd? Dan hoef je niets te doen.\n\n${siteName}`,
    }),
    en: ({ to, siteName, url, name }) => ({
      to,
      subject: `Set a new password for ${siteName}`,
      text: `${greeting('en', name)}\n\nYou asked for a new password. Choose one with this link:\n\n${url}\n\nThe link is valid for 1 hour and works once. Did not ask for this? Then you need not do anything.\n\n${siteName}`,
    }),
  },
  invitation: {
    nl: ({ to, siteName, url }) => ({
      to,
      subject: `Uitnodiging voor ${siteName}`,
      text: `Hallo,\n\nJe bent uitgenodigd om lid te worden van ${siteName}. Neem de uitnodiging aan via deze link:\n\n${url}\n\n${siteName}`,
    }),
    en: ({ to, siteName, url }) => ({
      to,
      subject: `Invitation to ${siteName}`,
      text: `Hello,\n\nYou have been invited to join ${siteName}. Accept the invitation with this link:\n\n${url}\n\n${siteName}`,
    }),
  },
};

type FormSubmissionMail = (input: {
  to: string;
  siteName: string;
  /** The receipt (copy to the submitter) or the submission in the admin area. */
  url: string;
  formTitle: string;
  answers: { label: string; text: string }[];
  at: Date;
  /** A copy for the submitter, rather than a notification for the form's recipients. */
  copy: boolean;
}) => MailMessage;

const answerLines = (answers: { label: string; text: string }[], empty: string) =>
  answers.map((answer) => `${answer.label}:\n${answer.text || empty}`).join('\n\n');

const formatMoment = (at: Date, locale: Locale) =>
  new Intl.DateTimeFormat(locale === 'nl' ? 'nl-NL' : 'en-GB', {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: 'Europe/Amsterdam',
  }).format(at);

/** A form's answers (the Notify action): to its recipients, or as a copy to the submitter. */
export const FORM_SUBMISSION_MAIL: Record<Locale, FormSubmissionMail> = {
  nl: ({ to, siteName, url, formTitle, answers, at, copy }) => ({
    to,
    subject: copy ? `Je antwoorden op "${formTitle}"` : `Nieuwe inzending: ${formTitle}`,
    text: `${copy ? `Bedankt voor het invullen van "${formTitle}". Dit zijn je antwoorden` : `Er is een inzending binnengekomen op "${formTitle}"`} (${formatMoment(at, 'nl')}):\n\n${answerLines(answers, '(niet ingevuld)')}\n\n${copy ? 'Je ontvangstbewijs' : 'Bekijk de inzending'}: ${url}\n\n${siteName}`,
  }),
  en: ({ to, siteName, url, formTitle, answers, at, copy }) => ({
    to,
    subject: copy ? `Your answers to "${formTitle}"` : `New submission: ${formTitle}`,
    text: `${copy ? `Thank you for filling in "${formTitle}". These are your answers` : `A submission came in for "${formTitle}"`} (${formatMoment(at, 'en')}):\n\n${answerLines(answers, '(not answered)')}\n\n${copy ? 'Your receipt' : 'See the submission'}: ${url}\n\n${siteName}`,
  }),
};

type SignInAttackMail = (input: {
  to: string;
  siteName: string;
  name?: string | undefined;
  /** Failed sign-ins from other addresses in the window. */
  attempts: number;
  windowMinutes: number;
  /** Where to choose a new password. */
  resetUrl: string;
}) => MailMessage;

/** To an account's owner, once a window, when its sign-in limit is reached from other addresses (issue 34). */
export const SIGN_IN_ATTACK_MAIL: Record<Locale, SignInAttackMail> = {
  nl: ({ to, siteName, name, attempts, windowMinutes, resetUrl }) => ({
    to,
    subject: `Mislukte inlogpogingen op je account bij ${siteName}`,
    text: `${greeting('nl', name)}\n\nIemand heeft in de afgelopen ${windowMinutes} minuten ${attempts} keer met een verkeerd wachtwoord geprobeerd in te loggen op je account. Je wachtwoord is daarbij niet geraden.\n\nJij kunt gewoon blijven inloggen: vanaf apparaten en netwerken waar je eerder inlogde zoals altijd, en van elders na een korte automatische controle in je browser.\n\nWas jij dit niet en is je wachtwoord kort of gebruik je het ook ergens anders? Kies dan een nieuw wachtwoord:\n\n${resetUrl}\n\nDeze mail krijg je hooguit één keer per ${windowMinutes} minuten.\n\n${siteName}`,
  }),
  en: ({ to, siteName, name, attempts, windowMinutes, resetUrl }) => ({
    to,
    subject: `Failed sign-in attempts on your account at ${siteName}`,
    text: `${greeting('en', name)}\n\nIn the last ${windowMinutes} minutes someone tried ${attempts} times to sign in to your account with a wrong password. Your password was not guessed.\n\nYou can keep signing in: as always from devices and networks you signed in from before, and from elsewhere after a short automatic check in your browser.\n\nWas this not you, and is your password short or used elsewhere too? Then choose a new password:\n\n${resetUrl}\n\nYou get this mail at most once every ${windowMinutes} minutes.\n\n${siteName}`,
  }),
};
