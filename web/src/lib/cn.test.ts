import { twMerge } from 'tailwind-merge';
import { describe, expect, it } from 'vitest';
import { cn, mergeClasses } from './cn';

const sources = import.meta.glob<string>(['/src/**/*.{ts,tsx}', '!/src/**/*.test.{ts,tsx}'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

/** Every word in the source's strings that tailwind-merge takes for a Tailwind class. */
function classesInSource() {
  const words = new Set<string>();
  for (const text of Object.values(sources)) {
    for (const [, , body] of text.matchAll(/(['"`])((?:(?!\1)[^\\\n]|\\.)*)\1/g)) {
      for (const word of body.split(/\s+/)) if (word) words.add(word);
    }
  }
  return [...words].filter((word) => twMerge(`${word} ${word}`) === word);
}

describe('cn', () => {
  it('lets a later utility of the same kind win, per variant', () => {
    expect(cn('px-4 py-2 text-sm', 'px-6')).toBe('py-2 text-sm px-6');
    expect(cn('p-2', 'px-4')).toBe('p-2 px-4');
    expect(cn('px-4', 'p-2')).toBe('p-2');
    expect(cn('text-sm text-muted-foreground', 'text-primary')).toBe('text-sm text-primary');
    expect(cn('hover:bg-muted bg-card', 'bg-transparent')).toBe('hover:bg-muted bg-transparent');
    expect(cn('border border-input', 'border-0', false, undefined, 'custom')).toBe('border-input border-0 custom');
  });

  it('answers as tailwind-merge does for every pair of classes the app writes', () => {
    const classes = classesInSource();
    expect(classes.length).toBeGreaterThan(400);
    const differences: string[] = [];
    for (const first of classes) {
      for (const second of classes) {
        const input = `${first} ${second}`;
        const expected = twMerge(input);
        if (mergeClasses(input) !== expected) differences.push(`${input} → ${expected}`);
      }
    }
    expect(differences).toEqual([]);
    // Hundreds of thousands of pairs: about 2 s alone, far longer while other test files share the cores.
  }, 60_000);
});
