import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { printPdf } from './print-pdf';

const pdf = new Blob(['%PDF-1.7'], { type: 'application/pdf' });

beforeEach(() => {
  Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:http://localhost/badge-1'), revokeObjectURL: vi.fn() });
});

afterEach(() => {
  vi.restoreAllMocks();
  document.body.replaceChildren();
});

/** The frame printing the PDF, once added. */
function printingFrame(): HTMLIFrameElement {
  const frame = document.querySelector('iframe');
  if (!frame) throw new Error('no frame');
  return frame;
}

describe('printing a PDF', () => {
  it('prints it from a frame out of sight', async () => {
    const printed = printPdf(pdf);
    const frame = printingFrame();
    const print = vi.fn();
    Object.defineProperty(frame, 'contentWindow', { value: { print } });
    frame.dispatchEvent(new Event('load'));

    await expect(printed).resolves.toBe(true);
    expect(print).toHaveBeenCalledOnce();
    expect(frame.src).toBe('blob:http://localhost/badge-1');
    expect(frame.style.visibility).toBe('hidden');
  });

  it('opens it in a tab where the framed PDF cannot be printed', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue({} as Window);
    const printed = printPdf(pdf);
    const frame = printingFrame();
    const print = () => {
      throw new DOMException('Blocked a frame from accessing a cross-origin frame.', 'SecurityError');
    };
    Object.defineProperty(frame, 'contentWindow', { value: { print } });
    frame.dispatchEvent(new Event('load'));

    await expect(printed).resolves.toBe(true);
    expect(open).toHaveBeenCalledWith('blob:http://localhost/badge-1', '_blank');
  });

  it('opens it in a tab where the page’s policy refuses the frame, and says when that tab was blocked', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const printed = printPdf(pdf);
    const refusal = new Event('securitypolicyviolation');
    Object.assign(refusal, { blockedURI: 'blob' });
    document.dispatchEvent(refusal);
    printingFrame().dispatchEvent(new Event('load'));

    await expect(printed).resolves.toBe(false);
    expect(open).toHaveBeenCalledOnce();
  });
});
