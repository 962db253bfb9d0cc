import { describe, expect, it } from 'vitest';
import { parseByteRange } from './http-range';

describe('parseByteRange', () => {
  it('reads a start and an end, an open end, and a suffix', () => {
    expect(parseByteRange('bytes=0-99', 1000)).toEqual({ start: 0, end: 99 });
    expect(parseByteRange('bytes=500-', 1000)).toEqual({ start: 500, end: 999 });
    expect(parseByteRange('bytes=-100', 1000)).toEqual({ start: 900, end: 999 });
    expect(parseByteRange('bytes=-5000', 1000)).toEqual({ start: 0, end: 999 });
    expect(parseByteRange('bytes=900-5000', 1000)).toEqual({ start: 900, end: 999 });
    expect(parseByteRange('bytes=0-0', 1000)).toEqual({ start: 0, end: 0 });
    expect(parseByteRange('bytes=999-999', 1000)).toEqual({ start: 999, end: 999 });
  });

  it('serves the whole file for no header, several ranges, other units or nonsense', () => {
    for (const header of [null, '', 'bytes=0-1,5-9', 'items=0-1', 'bytes=-', 'bytes=9-3', 'bytes=a-b']) {
      expect(parseByteRange(header, 1000)).toBeNull();
    }
  });

  it('says when the range starts past the end', () => {
    expect(parseByteRange('bytes=1000-', 1000)).toBe('unsatisfiable');
    expect(parseByteRange('bytes=-0', 1000)).toBe('unsatisfiable');
    expect(parseByteRange('bytes=0-', 0)).toBe('unsatisfiable');
  });

  it('serves an empty file whole when asked for its last bytes', () => {
    expect(parseByteRange('bytes=-10', 0)).toBeNull();
  });
});
