import { Suspense, useEffect, useRef } from 'react';
import { Outlet, useLocation, useNavigationType } from '@/lib/router';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { Footer } from './footer';
import { Navbar } from './navbar';

/**
 * After a navigation: to '/#x' scroll to (and focus) the section, otherwise to the top.
 * Back/forward keeps the browser's own scroll restoration.
 */
function useScrollOnNavigate() {
  const { pathname, hash, key } = useLocation();
  const navigationType = useNavigationType();
  const firstRender = useRef(true);

  useEffect(() => {
    const isFirst = firstRender.current;
    firstRender.current = false;
    if (navigationType === 'POP' && !isFirst) return;

    const target = hash ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
    if (target) {
      target.scrollIntoView();
      target.focus({ preventScroll: true });
    } else if (!isFirst) {
      window.scrollTo({ top: 0, behavior: 'instant' });
    }
  }, [pathname, hash, key, navigationType]);
}

function PageFallback() {
  return (
    <div className="flex min-h-[60vh] items-center justify-center" role="status">
      <span className="size-8 animate-spin rounded-full border-4 border-muted border-t-primary motion-reduce:animate-none" />
      <span className="sr-only">Loading page…</span>
    </div>
  );
}

export function SiteLayout() {
  const { pathname } = useLocation();
  useScrollOnNavigate();

  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-card px-4 py-2 font-semibold text-foreground focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to content
      </a>
      <Navbar />
      {/* the home hero runs under the fixed bar; every other page starts below it */}
      <main id="main" tabIndex={-1} className={cn('flex-1 outline-none', pathname !== paths.home && 'pt-16')}>
        <Suspense fallback={<PageFallback />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
    </div>
  );
}
