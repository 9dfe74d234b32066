/** Stable error codes the API answers with; the client turns them into translated messages. */
export const ERROR_CODES = [
  'bad_request',
  'validation_failed',
  'unauthorized',
  'forbidden',
  'not_found',
  'conflict',
  'payload_too_large',
  'unsupported_media_type',
  'image_too_large',
  'rate_limited',
  'invalid_sort',
  'invalid_filter',
  'xsrf_failed',
  'invalid_credentials',
  'weak_password',
  'wrong_password',
  'email_taken',
  'sign_up_disabled',
  'token_invalid',
  'account_inactive',
  'internal_error',
  'service_unavailable',
  'translation_unavailable',
  // Automatic translation limits (issue 34)
  'translation_not_shown',
  'translation_limit_reached',
  // Forms (issue 11)
  'form_closed',
  'form_full',
  'already_submitted',
  'version_published',
  'proof_failed',
  'form_not_on_page',
  // A form post from a preview link (issue 26)
  'form_preview',
  // Uploads (issue 34): a multipart body refused before it is read; the scratch space full
  'upload_not_accepted',
  'scratch_full',
  // Overload (issue 29): a read that needs work refused while the node has a standing queue
  'overloaded',
  // Page drafts (issue 13)
  'draft_stale',
  'accessibility_findings',
  // The media library (issue 27): an asset still used somewhere is not deleted unasked
  'media_in_use',
  // The map block's address search (issue 31): turned off, or its geocoder not answering
  'geocoder_off',
  'geocoder_unavailable',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export type ApiErrorBody = {
  error: { code: ErrorCode; message: string; details?: { path: string; message: string }[] | undefined };
};
