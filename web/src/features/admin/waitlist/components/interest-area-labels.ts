import type { Interest } from '../api/waitlist';

/** "AI, Cloud" for the areas chosen, or `none` when there are none. */
export function interestAreaLabels(values: string[], interests: Interest[], none: string): string {
  if (values.length === 0) return none;
  return values.map((value) => interests.find((interest) => interest.value === value)?.label ?? value).join(', ');
}
