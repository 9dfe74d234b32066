import { z } from 'zod';
import { isSafeHref } from '../urls.ts';

/** A link a block offers: the 'link' kind of the one URL rule (common/urls.ts). */
export const hrefSchema = z.string().max(2000).refine(isSafeHref, 'validation.link');
