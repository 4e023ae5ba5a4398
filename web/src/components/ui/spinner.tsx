import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

/** A turning ring for waits; decorative, so the caller says in words what is loading. */
export function Spinner({ className, ...props }: ComponentProps<'span'>) {
  return (
    <span
      data-slot="spinner"
      aria-hidden="true"
      className={cn(
        'inline-block size-8 shrink-0 animate-spin rounded-full border-4 border-muted border-t-primary motion-reduce:animate-none',
        className,
      )}
      {...props}
    />
  );
}
