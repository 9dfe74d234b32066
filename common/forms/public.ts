import type { FormDefinition } from './definition.ts';
import type { FormAvailability } from './settings.ts';

/** Why a visitor may not fill a form in: how to get in (sign in, verify), or that it is not for them. */
export type FormBarrier = 'signIn' | 'verifyEmail' | 'notForYou' | 'alreadySubmitted' | 'full';

/** What a visitor gets of a form: the version to fill in and whether, and why not, they may. */
export type PublicFormView = {
  guid: string;
  title: string;
  version: number;
  definition: FormDefinition;
  availability: FormAvailability;
  openDate: string | null;
  closeDate: string | null;
  /** Why this visitor may not fill it in (null: they may, when it is open). */
  barrier: FormBarrier | null;
  closingMessage: string | null;
};

/** Field names of a form block's HTML form beside the answers (which are named by field key). */
export const FORM_POST_FIELDS = {
  form: '_form',
  block: '_block',
  version: '_version',
  xsrf: '_xsrf',
  honeypot: 'website',
  /** The proof-of-work answer (see FORM_PROOF). */
  proof: '_proof',
  /** Set by a form shown through a preview link (issue 26): the server refuses such a post. */
  preview: '_preview',
} as const;

/**
 * The proof-of-work challenge of anonymous submissions (issue 11): the browser searches on average
 * maxCounter / 2 SHA-256 hashes (well under a second on a phone) while the visitor types. An
 * address may send `withProof` submissions per form in the window, of which at most `withoutProof`
 * anonymous ones without a proof (visitors without JavaScript, and bots that skip the work).
 */
export const FORM_PROOF = {
  maxCounter: 50_000,
  expiresMinutes: 20,
  /** Longest proof accepted (base64 of the challenge and its solution). */
  maxLength: 4000,
  windowMinutes: 10,
  withProof: 5,
  withoutProof: 3,
} as const;

/** What the page's action answers a form block whose submission was refused (it redirects on success). */
export type FormActionResult = {
  blockGuid: string;
  /** The answers as sent, so nothing typed is lost. */
  values: Record<string, string | string[]>;
  /** Per field key, the message in the visitor's language. */
  fieldErrors: Record<string, string>;
  /** A problem with the form as a whole (closed, full, sign in, try again). */
  formError: string | null;
};

/** The page's action after a form block's post: where the receipt is, or why it was refused. */
export type SiteFormSubmitResult =
  | { kind: 'stored'; receiptUrl: string; setCookie: string | null }
  | { kind: 'refused'; result: FormActionResult };

/** One answer as people read it, with its question in the reader's language. */
export type FormAnswerRow = {
  key: string;
  kind: string;
  label: string;
  value: string | number | string[] | null;
  text: string;
};

/** A receipt (`submission/{submissionGuid}`): the submitter's answers and the time. */
export type FormReceipt = {
  guid: string;
  formGuid: string;
  formTitle: string;
  version: number;
  createdAt: string;
  locale: 'nl' | 'en';
  handledAt: string | null;
  isAnonymous: boolean;
  answers: FormAnswerRow[];
  abilities: { delete: boolean };
  /** The session's XSRF token for the delete form (signed-in visitors). */
  xsrf?: string | undefined;
};
