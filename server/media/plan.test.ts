import { describe, expect, it } from 'vitest';
import { PLACEHOLDER, SITE_IMAGE_QUERIES, SITE_IMAGES, SRCSET_WIDTHS } from '../../common/media.ts';
import { imageBlockData } from '../domains/blocks/types/image.ts';
import { AppError } from '../errors.ts';
import { isSiteVariant, planVariant, type VariantQuery, variantSizes } from './plan.ts';

/** A 99-megapixel photo, 4:3. */
const HUGE = { width: 11_500, height: 8_600 };
const PHOTO = { width: 4000, height: 3000 };
const AVIF_BUDGET = 1_000_000;
const AVIF_ACCEPT = 'image/avif,image/webp,*/*';

function plan(query: VariantQuery, source = PHOTO, accept = AVIF_ACCEPT) {
  return planVariant(query, accept, source, AVIF_BUDGET);
}

function refusal(query: VariantQuery, source = PHOTO): AppError {
  try {
    plan(query, source);
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error(`expected ${JSON.stringify(query)} to be refused`);
}

describe('variantSizes', () => {
  it('follows sharp: proportional inside and outside, the box for contain, never enlarged', () => {
    expect(variantSizes(PHOTO, { width: 800, height: 600, fit: 'inside' }).most).toEqual({
      pixels: 800 * 600,
      longestSide: 800,
    });
    expect(
      variantSizes({ width: 400, height: 300 }, { width: 1200, height: 1200, fit: 'cover' }).most,
    ).toEqual({ pixels: 400 * 300, longestSide: 400 });
    expect(
      variantSizes({ width: 400, height: 300 }, { width: 1200, height: 1200, fit: 'contain' }).least.pixels,
    ).toBe(1200 * 1200);
    expect(variantSizes(PHOTO, { width: 3000, height: 3000, fit: 'outside' }).least.longestSide).toBe(4000);
  });

  it('gives both orientations (the stored size is before EXIF rotation)', () => {
    // 800 wide: 800×600 upright, 800×1067 turned a quarter.
    expect(variantSizes(PHOTO, { width: 800, height: null, fit: 'inside' })).toEqual({
      least: { pixels: 800 * 600, longestSide: 800 },
      most: { pixels: 800 * 1067, longestSide: 1067 },
    });
  });

  it('puts a request without a size, or with one side, inside 3000×3000', () => {
    expect(variantSizes(HUGE, { width: null, height: null, fit: 'inside' }).most.longestSide).toBe(3000);
    // A 100-megapixel panorama asked by its height alone.
    const panorama = { width: 50_000, height: 2000 };
    expect(variantSizes(panorama, { width: null, height: 2000, fit: 'inside' }).most.longestSide).toBe(3000);
  });
});

describe('planVariant', () => {
  it('rounds and caps sizes, defaults to WebP at quality 80 inside', () => {
    expect(plan({ width: 333 })).toEqual({
      params: { width: 350, height: null, quality: 80, fit: 'inside', format: 'webp' },
      negotiated: false,
    });
    expect(plan({ width: 5000, height: 100_000, fit: 'cover', quality: 50, format: 'png' }).params).toEqual({
      width: 3000,
      height: 3000,
      quality: 50,
      fit: 'cover',
      format: 'png',
    });
  });

  it('names a request without a size as the 3000×3000 box, and one side with the fit that applies', () => {
    expect(plan({}).params).toMatchObject({ width: 3000, height: 3000, fit: 'inside' });
    expect(plan({ width: 800, fit: 'contain' }).params).toMatchObject({
      width: 800,
      height: null,
      fit: 'inside',
    });
  });

  it('negotiates AVIF for format=auto when the variant is within the budget and Accept allows it', () => {
    expect(plan({ width: 800, format: 'auto' })).toMatchObject({
      params: { format: 'avif' },
      negotiated: true,
    });
    expect(plan({ width: 800, format: 'auto' }, PHOTO, 'image/webp,*/*').params.format).toBe('webp');
  });

  it('answers WebP to format=auto above the AVIF budget, however large or small the original', () => {
    expect(plan({ width: 3000, format: 'auto' }, HUGE)).toMatchObject({
      params: { format: 'webp' },
      negotiated: true,
    });
    expect(plan({ width: 1200, format: 'auto' }, PHOTO).params.format).toBe('webp');
    // The budget is on the variant: a 99-megapixel original still gets AVIF at a small size.
    expect(plan({ width: 800, format: 'auto' }, HUGE).params.format).toBe('avif');
    // Not knowing the orientation, auto counts the larger: 1000×750 upright, 1000×1333 turned.
    expect(plan({ width: 1000, format: 'auto' }, PHOTO).params.format).toBe('webp');
  });

  it('refuses an explicit format=avif above the budget with a 400 naming the format', () => {
    const error = refusal({ width: 3000, format: 'avif' }, HUGE);
    expect(error).toMatchObject({ code: 'validation_failed', status: 400 });
    expect(error.details?.[0]?.path).toBe('querystring/format');
    expect(error.details?.[0]?.message).toMatch(/1000000 pixels/);
    expect(refusal({ format: 'avif' }).code).toBe('validation_failed');
    expect(plan({ width: 800, format: 'avif' }, HUGE).params.format).toBe('avif');
    // A refusal counts the smaller orientation: 1000×750 is within the budget, whichever way it turns.
    expect(plan({ width: 1000, format: 'avif' }, PHOTO).params.format).toBe('avif');
  });

  it('refuses fit=outside that would come out over 3000 on a side', () => {
    expect(refusal({ width: 3000, height: 3000, fit: 'outside' })).toMatchObject({
      code: 'validation_failed',
      details: [{ path: 'querystring/fit' }],
    });
    expect(plan({ width: 2000, height: 1500, fit: 'outside' }).params.fit).toBe('outside');
  });
});

describe('isSiteVariant (issue 34)', () => {
  /** How GET /a/{guid} plans a URL's query, then whether it is one of the site's own. */
  function isSite(url: string, source = PHOTO): boolean {
    const search = new URL(url, 'http://localhost').searchParams;
    const number = (name: string) => (search.has(name) ? Number(search.get(name)) : undefined);
    const query: VariantQuery = {
      width: number('width'),
      height: number('height'),
      quality: number('quality'),
      fit: (search.get('fit') ?? undefined) as VariantQuery['fit'],
      format: (search.get('format') ?? undefined) as VariantQuery['format'],
    };
    return isSiteVariant(plan(query, source, 'image/webp').params, source);
  }

  it('knows every URL an image block renders: srcset, src and placeholder, a narrow original at its own width', () => {
    for (const source of [PHOTO, { width: 1234, height: 800 }, { width: 320, height: 200 }]) {
      const data = imageBlockData(
        { alt: '', caption: '' },
        { imageGuid: '00000000-0000-4000-8000-000000000000', ...source, size: 'medium' },
      );
      if (!data) throw new Error('no image block data');
      const urls = [
        data.src,
        data.placeholder,
        ...data.srcSet.split(', ').map((entry) => entry.split(' ')[0] ?? ''),
      ];
      for (const url of urls) expect(isSite(url, source), url).toBe(true);
    }
  });

  it('knows the other sizes the site links to: header image, item pages and cards, crops, favicon, logo', () => {
    for (const query of SITE_IMAGE_QUERIES) {
      expect(isSiteVariant(plan(query, PHOTO, 'image/webp').params, PHOTO), JSON.stringify(query)).toBe(true);
    }
    expect(isSite(`/a/x?width=${SITE_IMAGES.headerWidths.desktop}&format=webp`)).toBe(true);
    expect(isSite('/a/x?width=160&height=160&fit=cover')).toBe(true);
    expect(isSite('/a/x?width=64&height=64&format=png')).toBe(true);
    // The logo at twice a height of 72 (144, served as 150).
    expect(isSite('/a/x?height=144')).toBe(true);
    expect(SRCSET_WIDTHS.every((width) => isSite(`/a/x?width=${width}`))).toBe(true);
    expect(
      isSite(`/a/x?width=${PLACEHOLDER.width}&height=${PLACEHOLDER.height}&quality=${PLACEHOLDER.quality}`),
    ).toBe(true);
  });

  it('does not count other sizes, qualities, formats or crops, nor the original’s width in another form', () => {
    expect(isSite('/a/x?width=450')).toBe(false);
    expect(isSite('/a/x?width=400&quality=79')).toBe(false);
    expect(isSite('/a/x?width=400&format=jpeg')).toBe(false);
    expect(isSite('/a/x?width=400&height=400&fit=cover')).toBe(false);
    expect(isSite('/a/x?width=3000')).toBe(false);
    expect(isSite('/a/x')).toBe(false);
    expect(isSite('/a/x?height=550')).toBe(false);
    expect(isSite('/a/x?width=4000&quality=50')).toBe(false);
    // The original's own width is the site's only for an original narrower than the widest srcset entry.
    expect(isSite('/a/x?width=1234', { width: 1234, height: 800 })).toBe(true);
    expect(isSite('/a/x?width=1250')).toBe(false);
    expect(isSite('/a/x?width=3000', { width: 3000, height: 2000 })).toBe(false);
  });
});
