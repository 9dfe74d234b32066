import { describe, expect, it } from 'vitest';
import { createLineCounter, fileNameOf } from './csv-download';

const bytes = (text: string) => new TextEncoder().encode(text);

describe('createLineCounter', () => {
  it('counts CRLF line ends, also when a CR and its LF arrive in different chunks', () => {
    const counter = createLineCounter();
    counter.push(bytes('\uFEFFa,b\r'));
    expect(counter.lines).toBe(0);
    counter.push(bytes('\n1,2\r\n3,4\r\n'));
    expect(counter.lines).toBe(3);
  });

  it('leaves line breaks inside quoted cells (and doubled quotes) out', () => {
    const counter = createLineCounter();
    counter.push(bytes('vraag\r\n"regel 1\r\nregel ""2"""\r\n"x'));
    counter.push(bytes('\r\ny"\r\n'));
    expect(counter.lines).toBe(3);
  });

  it('does not count a bare LF', () => {
    const counter = createLineCounter();
    counter.push(bytes('a\nb\r\n'));
    expect(counter.lines).toBe(1);
  });
});

describe('fileNameOf', () => {
  it('reads the quoted file name of an attachment', () => {
    expect(fileNameOf('attachment; filename="aanmelding-v2.csv"')).toBe('aanmelding-v2.csv');
    expect(fileNameOf(null)).toBeNull();
  });
});
