import { describe, expect, it } from 'vitest';
import { clashes, overlaps } from './clashes';
import type { SessionTime } from './sessions';

const at = (slug: string, start: string, end: string): SessionTime => ({
  slug,
  title: slug,
  startText: start,
  start: Date.parse(start),
  end: Date.parse(end),
});

const a = at('a', '2026-05-18T10:00:00-04:00', '2026-05-18T11:00:00-04:00');
const b = at('b', '2026-05-18T10:30:00-04:00', '2026-05-18T11:30:00-04:00');
const c = at('c', '2026-05-18T11:00:00-04:00', '2026-05-18T12:00:00-04:00');
const d = at('d', '2026-05-18T09:00:00-04:00', '2026-05-18T13:00:00-04:00');

describe('clashes', () => {
  it('are sessions overlapping in time; back to back is no clash', () => {
    expect(overlaps(a, b)).toBe(true);
    expect(overlaps(a, c)).toBe(false);
    expect(overlaps(c, a)).toBe(false);
    expect(overlaps(d, c)).toBe(true);
  });

  it('are listed for each session involved, and only those', () => {
    expect(clashes([a, c])).toEqual(new Map());
    const found = clashes([a, b, c]);
    expect([...found.keys()]).toEqual(['a', 'b', 'c']);
    expect(found.get('a')?.map((s) => s.slug)).toEqual(['b']);
    expect(found.get('b')?.map((s) => s.slug)).toEqual(['a', 'c']);
    expect(
      clashes([a, d])
        .get('d')
        ?.map((s) => s.slug),
    ).toEqual(['a']);
  });
});
