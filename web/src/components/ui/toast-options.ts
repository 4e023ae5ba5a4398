import type { ReactNode } from 'react';

// What a toast says: shared by the call that shows one (hooks/use-toast) and the store that keeps it.
export type ToastVariant = 'default' | 'destructive';

export interface ToastOptions {
  title?: ReactNode;
  description?: ReactNode;
  variant?: ToastVariant;
  duration?: number;
}
