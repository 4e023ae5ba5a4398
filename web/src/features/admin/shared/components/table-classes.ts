/** The back office's tables share one look. */
export const tableClasses = {
  wrapper: 'overflow-x-auto rounded-lg border border-border bg-card',
  table: 'w-full min-w-max border-collapse text-left text-sm',
  head: 'border-b border-border bg-muted px-3 py-2 font-semibold whitespace-nowrap',
  cell: 'border-b border-border px-3 py-2 align-top',
};
