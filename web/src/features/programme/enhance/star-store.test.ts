import { afterEach, describe, expect, it, vi } from 'vitest';
import { STARS_KEY, starStore } from './star-store';

afterEach(() => {
  localStorage.clear();
  vi.restoreAllMocks();
});

describe('the stars', () => {
  it('are kept in localStorage as a JSON array, and read back by a new page', () => {
    const store = starStore();
    expect(store.toggle('opening')).toBe(true);
    expect(store.toggle('rust-web')).toBe(true);
    expect(localStorage.getItem(STARS_KEY)).toBe('["opening","rust-web"]');
    expect(starStore().starred()).toEqual(new Set(['opening', 'rust-web']));
    expect(store.toggle('opening')).toBe(false);
    expect(starStore().starred()).toEqual(new Set(['rust-web']));
  });

  it('ignore what is not an array of slugs', () => {
    localStorage.setItem(STARS_KEY, '{"opening":true}');
    expect(starStore().starred()).toEqual(new Set());
    localStorage.setItem(STARS_KEY, 'not json');
    expect(starStore().starred()).toEqual(new Set());
    localStorage.setItem(STARS_KEY, '["opening", 3, null]');
    expect(starStore().starred()).toEqual(new Set(['opening']));
  });

  it('stay for the page where storage refuses them (private mode, full)', () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('quota', 'QuotaExceededError');
    });
    const store = starStore();
    expect(store.toggle('opening')).toBe(true);
    expect(store.starred()).toEqual(new Set(['opening']));
    expect(store.toggle('opening')).toBe(false);
    expect(store.starred()).toEqual(new Set());
  });

  it('work without any storage, and where reading it throws', () => {
    const store = starStore(undefined);
    store.toggle('opening');
    expect(store.starred()).toEqual(new Set(['opening']));
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    expect(starStore().starred()).toEqual(new Set());
  });
});
