/** How long a printed PDF's object URL and frame are kept: the print dialog, or the tab it opened in, reads it later. */
const KEEP_MS = 120_000;

/**
 * Prints a PDF with the browser's own print dialog, from a frame out of sight. Where the page may not frame
 * it (a policy that allows no frames) or the browser will not print a framed PDF, it opens in a tab of its own,
 * printed from there. Resolves whether it was printed or opened: false when that tab was blocked as a pop-up.
 */
export function printPdf(pdf: Blob): Promise<boolean> {
  const url = URL.createObjectURL(pdf);
  const frame = document.createElement('iframe');
  // Laid out, though not seen: a PDF viewer in a frame that is not displayed prints nothing.
  frame.style.cssText = 'position:fixed;right:0;bottom:0;width:0;height:0;border:0;visibility:hidden';
  frame.title = 'PDF to print';
  frame.src = url;
  setTimeout(() => {
    frame.remove();
    URL.revokeObjectURL(url);
  }, KEEP_MS);

  return new Promise((resolve) => {
    let settled = false;
    const settle = (done: boolean) => {
      settled = true;
      document.removeEventListener('securitypolicyviolation', refused);
      resolve(done);
    };
    const openInTab = () => settle(window.open(url, '_blank') !== null);
    function refused(event: SecurityPolicyViolationEvent) {
      if (!settled && event.blockedURI.startsWith('blob')) openInTab();
    }
    document.addEventListener('securitypolicyviolation', refused);
    frame.addEventListener(
      'load',
      () => {
        if (settled) return;
        try {
          // A frame the policy refused holds an error page of another origin, whose print() throws.
          frame.contentWindow?.print();
          settle(true);
        } catch {
          openInTab();
        }
      },
      { once: true },
    );
    document.body.append(frame);
  });
}
