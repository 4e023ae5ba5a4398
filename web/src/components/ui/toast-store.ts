import { useSyncExternalStore } from 'react';
import type { ToastOptions } from './toast-options';

// shadcn/ui's toast store: the toasts the one <Toaster /> shows, loaded with it on the first
// toast (see hooks/use-toast). The brief allows one visible toast at a time.
export const TOAST_LIMIT = 1;
// How long a dismissed toast stays mounted so Radix can play its exit.
const TOAST_REMOVE_DELAY = 1000;

export interface ToasterToast extends ToastOptions {
  id: string;
  open: boolean;
}

type Listener = () => void;

let toasts: ToasterToast[] = [];
let counter = 0;
const listeners = new Set<Listener>();
const removalTimers = new Map<string, ReturnType<typeof setTimeout>>();

function emit(next: ToasterToast[]) {
  toasts = next;
  for (const listener of listeners) listener();
}

function scheduleRemoval(id: string) {
  if (removalTimers.has(id)) return;
  removalTimers.set(
    id,
    setTimeout(() => {
      removalTimers.delete(id);
      emit(toasts.filter((t) => t.id !== id));
    }, TOAST_REMOVE_DELAY),
  );
}

export function dismiss(id?: string) {
  for (const t of toasts) if (id === undefined || t.id === id) scheduleRemoval(t.id);
  emit(toasts.map((t) => (id === undefined || t.id === id ? { ...t, open: false } : t)));
}

export function show(options: ToastOptions) {
  counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
  const id = String(counter);
  emit([{ ...options, id, open: true }, ...toasts].slice(0, TOAST_LIMIT));
}

function subscribe(listener: Listener) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const getSnapshot = () => toasts;
const getServerSnapshot = (): ToasterToast[] => [];

export function useToasts() {
  return useSyncExternalStore(subscribe, getSnapshot, getServerSnapshot);
}
