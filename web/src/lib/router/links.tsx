import type { ComponentProps, MouseEvent } from 'react';
import { href, resolve, useLocation, useRouter } from './location';

type LinkProps = Omit<ComponentProps<'a'>, 'href'> & {
  to: string;
  replace?: boolean;
  /** Load the page from the server instead of rendering it here. */
  reloadDocument?: boolean;
};

function isPlainLeftClick(event: MouseEvent<HTMLAnchorElement>) {
  return event.button === 0 && !event.metaKey && !event.altKey && !event.ctrlKey && !event.shiftKey;
}

/** An ordinary link that, on a plain click, moves within the app instead of loading a page. */
export function Link({ to, replace, reloadDocument = false, onClick, target, ...rest }: LinkProps) {
  const { location, navigate } = useRouter();
  return (
    <a
      {...rest}
      href={to}
      target={target}
      onClick={(event) => {
        onClick?.(event);
        if (event.defaultPrevented || reloadDocument || !isPlainLeftClick(event)) return;
        if (target && target !== '_self') return;
        event.preventDefault();
        // A link to where one already is does not pile up history entries.
        const same = href(resolve(to, location, location.key)) === href(location);
        navigate(to, { replace: replace ?? same });
      }}
    />
  );
}

type NavLinkProps = Omit<LinkProps, 'className'> & {
  /** Active only at `to` itself, not below it. */
  end?: boolean;
  className?: string | ((state: { isActive: boolean }) => string);
};

/** A link that knows whether it leads to the current page, and says so (aria-current). */
export function NavLink({ to, end = false, className, ...rest }: NavLinkProps) {
  const { pathname } = useLocation();
  const isActive = pathname === to || (!end && pathname.startsWith(`${to.replace(/\/$/, '')}/`));
  return (
    <Link
      {...rest}
      to={to}
      aria-current={isActive ? 'page' : undefined}
      className={typeof className === 'function' ? className({ isActive }) : className}
    />
  );
}
