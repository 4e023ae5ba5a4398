import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

/** The browser's own checkbox in the app's colours: every keyboard, screen reader and form works with it. */
export function Checkbox({
  className,
  onCheckedChange,
  ...props
}: Omit<ComponentProps<'input'>, 'type'> & { onCheckedChange?: (checked: boolean) => void }) {
  return (
    <input
      type="checkbox"
      data-slot="checkbox"
      onChange={(event) => onCheckedChange?.(event.target.checked)}
      className={cn(
        'peer size-5 shrink-0 cursor-pointer rounded-sm accent-secondary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:cursor-not-allowed disabled:opacity-60',
        className,
      )}
      {...props}
    />
  );
}
