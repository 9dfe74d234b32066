import { describe, expect, it } from 'vitest';
import { formatFileSize } from './file-size.ts';
import { MAX_UPLOAD_BYTES } from './media.ts';

describe('formatFileSize', () => {
  it('shows whole bytes below 1024', () => {
    expect(formatFileSize(0, 'nl')).toBe('0 Bytes');
    expect(formatFileSize(1, 'nl')).toBe('1 Bytes');
    expect(formatFileSize(1023, 'en')).toBe('1023 Bytes');
  });

  it('steps by 1024 with a decimal comma in Dutch and a point in English', () => {
    expect(formatFileSize(1024, 'nl')).toBe('1 KB');
    expect(formatFileSize(1536, 'nl')).toBe('1,5 KB');
    expect(formatFileSize(1536, 'en')).toBe('1.5 KB');
    expect(formatFileSize(MAX_UPLOAD_BYTES, 'nl')).toBe('30 MB');
    expect(formatFileSize(1234567, 'nl')).toBe('1,18 MB');
    expect(formatFileSize(5 * 1024 ** 3, 'en')).toBe('5 GB');
  });

  it('goes up to YB and no further', () => {
    expect(formatFileSize(1024 ** 8, 'nl')).toBe('1 YB');
    expect(formatFileSize(2048 * 1024 ** 8, 'en')).toBe('2048 YB');
  });

  it('carries a value that rounds to 1024 into the next unit', () => {
    expect(formatFileSize(1024 * 1024 - 1, 'en')).toBe('1 MB');
  });

  it('treats nonsense as nothing', () => {
    expect(formatFileSize(-5, 'nl')).toBe('0 Bytes');
    expect(formatFileSize(Number.NaN, 'en')).toBe('0 Bytes');
  });
});
