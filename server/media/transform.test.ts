import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { isTimeout } from './transform.ts';

describe('isTimeout', () => {
  it('recognises sharp’s own time limit among libvips’ messages, and nothing else', async () => {
    // 36 megapixels of noise into a maximally compressed PNG: many seconds of work, stopped after one.
    const error = await sharp({
      create: {
        width: 6000,
        height: 6000,
        channels: 3,
        background: '#808080',
        noise: { type: 'gaussian', mean: 128, sigma: 60 },
      },
    })
      .timeout({ seconds: 1 })
      .png({ compressionLevel: 9 })
      .toBuffer()
      .then(
        () => null,
        (reason: unknown) => reason,
      );
    expect(isTimeout(error)).toBe(true);
    const broken = await sharp(Buffer.from('geen afbeelding'))
      .toBuffer()
      .then(
        () => null,
        (reason: unknown) => reason,
      );
    expect(broken).toBeInstanceOf(Error);
    expect(isTimeout(broken)).toBe(false);
  });
});
