import type { ComponentProps, ReactNode } from 'react';
import { cn } from '@/lib/cn';

/** A home page section reachable by its anchor; focusable so keyboard users land in it. */
export function Section({ id, className, children, ...props }: ComponentProps<'section'> & { id: string }) {
  return (
    <section
      id={id}
      tabIndex={-1}
      aria-labelledby={`${id}-title`}
      className={cn('py-20 outline-none sm:py-24', className)}
      {...props}
    >
      <div className="mx-auto max-w-7xl px-4 sm:px-6">{children}</div>
    </section>
  );
}

export function SectionHeader({
  id,
  eyebrow,
  title,
  subtitle,
  className,
}: {
  /** The section's id; the title gets `${id}-title` so the section is named by it. */
  id: string;
  eyebrow?: ReactNode;
  title: ReactNode;
  subtitle?: ReactNode;
  className?: string;
}) {
  return (
    <div className={cn('mx-auto mb-12 max-w-3xl text-center', className)}>
      {eyebrow && <p className="mb-3 text-sm font-semibold tracking-widest text-secondary uppercase">{eyebrow}</p>}
      <h2 id={`${id}-title`} className="font-display text-3xl font-bold tracking-tight text-balance sm:text-4xl">
        {title}
      </h2>
      <div className="mx-auto mt-4 h-1 w-16 rounded-full bg-linear-to-r from-sunset to-ocean" aria-hidden="true" />
      {subtitle && <p className="mt-5 text-lg text-pretty text-muted-foreground">{subtitle}</p>}
    </div>
  );
}
