/** Where the starred sessions' slugs are kept, as a JSON array: the visitor's schedule, without an account. */
export const STARS_KEY = 'programme-stars';

export interface StarStore {
  starred(): Set<string>;
  /** Stars or unstars the session; answers whether it is now starred. */
  toggle(slug: string): boolean;
}

/** The browser's storage, or nothing where reading it throws (storage disabled, some private modes). */
function browserStorage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

function parse(text: string | null): string[] {
  if (!text) return [];
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter((slug): slug is string => typeof slug === 'string') : [];
  } catch {
    return [];
  }
}

/**
 * The stars, read from storage on each use so another tab's changes count. Where storage cannot be read or
 * written (full, disabled, private mode) the stars live in memory for the page's life instead of being lost.
 */
export function starStore(storage: Storage | undefined = browserStorage()): StarStore {
  let memory: string[] | undefined;
  const read = (): string[] => {
    if (memory) return memory;
    try {
      return parse(storage?.getItem(STARS_KEY) ?? null);
    } catch {
      return [];
    }
  };
  const write = (slugs: string[]) => {
    try {
      if (!storage) throw new Error('no storage');
      storage.setItem(STARS_KEY, JSON.stringify(slugs));
      memory = undefined;
    } catch {
      memory = slugs;
    }
  };
  return {
    starred: () => new Set(read()),
    toggle(slug) {
      const slugs = read();
      const starred = !slugs.includes(slug);
      write(starred ? [...slugs, slug] : slugs.filter((other) => other !== slug));
      return starred;
    },
  };
}
