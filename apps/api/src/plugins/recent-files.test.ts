import { describe, expect, it } from 'vitest';
import { createRecentFiles } from './recent-files';

const bytes = (n: number) => Buffer.alloc(n, 1);

describe('the shown files kept in memory', () => {
  it('drops the least recently read first, never holds more than its budget, skips large files', () => {
    const recent = createRecentFiles({ maxBytes: 10, maxFileBytes: 6 });
    recent.keep('a', bytes(4));
    recent.keep('b', bytes(4));
    // Read again: 'a' is now the most recent, so 'b' goes when 'c' needs room.
    expect(recent.get('a')).toHaveLength(4);
    recent.keep('c', bytes(4));
    expect(recent.get('b')).toBeUndefined();
    expect(recent.get('a')).toHaveLength(4);
    expect(recent.get('c')).toHaveLength(4);
    expect(recent.size).toEqual({ files: 2, bytes: 8 });

    recent.keep('large', bytes(7));
    expect(recent.get('large')).toBeUndefined();
    recent.drop('a');
    expect(recent.size).toEqual({ files: 1, bytes: 4 });
  });
});
