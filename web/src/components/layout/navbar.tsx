import { MenuIcon, WavesIcon, XIcon } from '@/components/icons';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation } from '@/lib/router';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useConfig } from '@/features/config/api/get-config';
import { cn } from '@/lib/cn';
import { navItems, registerItem } from './nav-items';

const SCROLL_THRESHOLD = 20;
const MOBILE_MENU_ID = 'mobile-menu';

export function Navbar() {
  const { data: config } = useConfig();
  const { pathname, key } = useLocation();
  const [scrolled, setScrolled] = useState(false);
  const [menuOpen, setMenuOpen] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);

  // Any change of page (the back and forward buttons included) closes the menu.
  const [menuKey, setMenuKey] = useState(key);
  if (menuKey !== key) {
    setMenuKey(key);
    setMenuOpen(false);
  }

  // Opening moves focus to the menu's first link, so keyboard and screen reader users land in it.
  useEffect(() => {
    if (menuOpen) menuRef.current?.querySelector<HTMLElement>('a')?.focus();
  }, [menuOpen]);

  useEffect(() => {
    const onScroll = () => setScrolled(window.scrollY > SCROLL_THRESHOLD);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);

  useEffect(() => {
    if (!menuOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setMenuOpen(false);
      toggleRef.current?.focus();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [menuOpen]);

  // Over the home page's night-blue hero the bar starts transparent; elsewhere it is always solid.
  const solid = scrolled || menuOpen || pathname !== paths.home;
  const closeMenu = () => setMenuOpen(false);

  return (
    <header
      className={cn(
        'fixed inset-x-0 top-0 z-40 text-night-foreground transition-[background-color,box-shadow] duration-300',
        solid ? 'bg-night/95 shadow-lg shadow-night/20 backdrop-blur' : 'bg-transparent',
      )}
    >
      <nav aria-label="Main">
        <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6">
          <Link
            to={paths.home}
            onClick={closeMenu}
            className="flex items-center gap-2 rounded-md font-display text-lg font-bold tracking-tight focus-visible:outline-night-foreground"
          >
            <span className="flex size-9 items-center justify-center rounded-full bg-linear-to-br from-sunset to-primary">
              <WavesIcon className="size-5 text-white" aria-hidden="true" />
            </span>
            <span>{config?.event.shortName ?? <span className="sr-only">Home</span>}</span>
          </Link>

          <ul className="hidden items-center gap-1 md:flex">
            {navItems.map((item) => (
              <li key={item.label} className={item.className}>
                <Link
                  to={item.to}
                  className="rounded-md px-3 py-2 text-sm font-medium text-night-foreground/90 transition-colors hover:bg-white/10 hover:text-night-foreground focus-visible:outline-night-foreground"
                >
                  {item.label}
                </Link>
              </li>
            ))}
            <li className="ml-2">
              <Button asChild size="sm">
                <Link to={registerItem.to}>{registerItem.label}</Link>
              </Button>
            </li>
          </ul>

          <Button
            ref={toggleRef}
            variant="ghost"
            size="icon"
            className="text-night-foreground hover:bg-white/10 focus-visible:outline-night-foreground md:hidden"
            aria-expanded={menuOpen}
            aria-controls={MOBILE_MENU_ID}
            aria-label={menuOpen ? 'Close menu' : 'Open menu'}
            onClick={() => {
              // Closing returns focus here; a click already put it here, a tap on a phone may not.
              if (menuOpen) toggleRef.current?.focus();
              setMenuOpen(!menuOpen);
            }}
          >
            {menuOpen ? (
              <XIcon className="size-6" aria-hidden="true" />
            ) : (
              <MenuIcon className="size-6" aria-hidden="true" />
            )}
          </Button>
        </div>

        <div
          ref={menuRef}
          id={MOBILE_MENU_ID}
          hidden={!menuOpen}
          className="border-t border-white/10 bg-night md:hidden"
        >
          <ul className="mx-auto flex max-w-7xl flex-col gap-1 px-4 py-3 sm:px-6">
            {navItems.map((item) => (
              <li key={item.label} className={item.className}>
                <Link
                  to={item.to}
                  onClick={closeMenu}
                  className="block rounded-md px-3 py-3 text-base font-medium hover:bg-white/10 focus-visible:outline-night-foreground"
                >
                  {item.label}
                </Link>
              </li>
            ))}
            <li className="pt-2">
              <Button asChild className="w-full">
                <Link to={registerItem.to} onClick={closeMenu}>
                  {registerItem.label}
                </Link>
              </Button>
            </li>
          </ul>
        </div>
      </nav>
    </header>
  );
}
