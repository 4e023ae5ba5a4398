import { createContext, use, useId, useRef, type ComponentProps, type KeyboardEvent } from 'react';
import { cn } from '@/lib/cn';

// WAI-ARIA tabs with automatic activation (arrow keys, Home and End), as Radix's Tabs behave,
// without shipping a library to the home page.

interface TabsContextValue {
  value: string;
  onValueChange: (value: string) => void;
  id: string;
}

const TabsContext = createContext<TabsContextValue | null>(null);

function useTabs() {
  const context = use(TabsContext);
  if (!context) throw new Error('Tabs parts must be inside <Tabs>');
  return context;
}

const tabId = (id: string, value: string) => `${id}-tab-${value}`;
const panelId = (id: string, value: string) => `${id}-panel-${value}`;

export function Tabs({
  value,
  onValueChange,
  className,
  children,
  ...props
}: Omit<ComponentProps<'div'>, 'onChange'> & { value: string; onValueChange: (value: string) => void }) {
  const id = useId();
  return (
    <TabsContext value={{ value, onValueChange, id }}>
      <div data-slot="tabs" className={className} {...props}>
        {children}
      </div>
    </TabsContext>
  );
}

export function TabsList({ className, ...props }: ComponentProps<'div'>) {
  const list = useRef<HTMLDivElement>(null);
  const { onValueChange } = useTabs();

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const tabs = Array.from(list.current?.querySelectorAll<HTMLButtonElement>('[role="tab"]') ?? []);
    const current = tabs.indexOf(document.activeElement as HTMLButtonElement);
    if (current < 0) return;
    const next = {
      ArrowRight: (current + 1) % tabs.length,
      ArrowLeft: (current - 1 + tabs.length) % tabs.length,
      Home: 0,
      End: tabs.length - 1,
    }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    tabs[next].focus();
    onValueChange(tabs[next].dataset.value ?? '');
  }

  return (
    <div
      ref={list}
      role="tablist"
      aria-orientation="horizontal"
      data-slot="tabs-list"
      onKeyDown={onKeyDown}
      className={cn('inline-flex flex-wrap items-center justify-center gap-1 rounded-lg bg-muted p-1', className)}
      {...props}
    />
  );
}

export function TabsTrigger({ value, className, ...props }: ComponentProps<'button'> & { value: string }) {
  const tabs = useTabs();
  const selected = tabs.value === value;
  return (
    <button
      type="button"
      role="tab"
      id={tabId(tabs.id, value)}
      aria-selected={selected}
      aria-controls={panelId(tabs.id, value)}
      tabIndex={selected ? 0 : -1}
      data-state={selected ? 'active' : 'inactive'}
      data-value={value}
      data-slot="tabs-trigger"
      onClick={() => tabs.onValueChange(value)}
      className={cn(
        'inline-flex min-h-9 items-center justify-center rounded-md px-4 py-1.5 text-sm font-semibold whitespace-nowrap text-muted-foreground transition-colors hover:text-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring data-[state=active]:bg-card data-[state=active]:text-foreground data-[state=active]:shadow-sm',
        className,
      )}
      {...props}
    />
  );
}

export function TabsContent({ value, className, ...props }: ComponentProps<'div'> & { value: string }) {
  const tabs = useTabs();
  if (tabs.value !== value) return null;
  return (
    <div
      role="tabpanel"
      id={panelId(tabs.id, value)}
      aria-labelledby={tabId(tabs.id, value)}
      tabIndex={0}
      data-slot="tabs-content"
      className={cn(
        'mt-8 focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-ring',
        className,
      )}
      {...props}
    />
  );
}
