import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';
import { useHydrated } from '@/lib/use-hydrated';

/**
 * A form's fields, disabled until the app runs the page. On a prerendered page, what a
 * visitor typed before hydration would be reset to the form's state, and a submit would
 * be the browser's own (a GET with the fields in the address) instead of the app's.
 */
export function FormBody({ className, ...props }: ComponentProps<'fieldset'>) {
  const hydrated = useHydrated();
  return <fieldset disabled={!hydrated} className={cn('min-w-0', className)} {...props} />;
}
