import { useLayoutEffect, useRef, type ReactNode } from 'react';
import { cn } from '@/lib/cn';

/**
 * A step's heading. A step that replaces the previous one takes focus, so keyboard and
 * screen-reader users continue from it instead of from a button that no longer exists.
 */
export function StepHeading({
  children,
  focusOnMount = false,
  level = 2,
  className,
}: {
  children: ReactNode;
  focusOnMount?: boolean;
  /** 1 when the step is the page itself, as on the confirmation pages. */
  level?: 1 | 2;
  className?: string;
}) {
  const ref = useRef<HTMLHeadingElement>(null);
  // Before the browser paints the step, in the same task that puts it in the page: nothing
  // (a reader, a test waiting for the heading) sees the new step before the focus is on it.
  useLayoutEffect(() => {
    if (focusOnMount) ref.current?.focus();
  }, [focusOnMount]);

  const Heading = level === 1 ? 'h1' : 'h2';
  return (
    <Heading
      ref={ref}
      tabIndex={-1}
      className={cn('font-display text-2xl font-bold tracking-tight outline-none', className)}
    >
      {children}
    </Heading>
  );
}
