import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { dismiss } from '@/components/ui/toast-store';
import { resetResources } from '@/lib/resource';

// findBy… and waitFor give up after a second by default: on a machine busy compiling that is sometimes too short for
// a render that always comes. A test that fails still fails, only later.
configure({ asyncUtilTimeout: 5_000 });

// Vitest globals are off, so Testing Library cannot register its own cleanup.
afterEach(() => {
  cleanup();
  dismiss();
  resetResources();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

// jsdom lacks the layout APIs Radix primitives call.
class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
globalThis.ResizeObserver ??= ResizeObserverStub as unknown as typeof ResizeObserver;
Element.prototype.scrollIntoView ??= function scrollIntoView() {};
Element.prototype.hasPointerCapture ??= () => false;
Element.prototype.releasePointerCapture ??= () => {};

// jsdom's File has no text(), which browsers have had since 2019.
File.prototype.text ??= function text(this: File) {
  return new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(this);
  });
};
