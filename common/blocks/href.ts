import { z } from 'zod';
import { isSafeHref } from '../urls.ts';

/** A link a block offers: a local link, an anchor or a public http(s) URL (common/urls.ts). */
export const hrefSchema = z
  .string()
  .max(2000)
  .refine(isSafeHref, 'must be a local link, an anchor or a public http(s) URL');
