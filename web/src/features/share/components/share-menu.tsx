import { Share2Icon } from '@/components/icons';
import { lazy, Suspense, useState } from 'react';
import { Button } from '@/components/ui/button';
import type { ShareDropdownProps } from './share-dropdown';

const loadDropdown = () => import('./share-dropdown');
const ShareDropdown = lazy(() => loadDropdown().then((module) => ({ default: module.ShareDropdown })));

export type ShareMenuProps = ShareDropdownProps;

/**
 * The share button. Its menu (Radix, with its positioning code) loads when the visitor first
 * asks for it, and on hover or focus just before, so the landing page ships none of it.
 */
export function ShareMenu(props: ShareMenuProps) {
  const [wanted, setWanted] = useState(false);
  const button = (onClick?: () => void) => (
    <Button
      variant={props.variant}
      size={props.size}
      className={props.className}
      aria-haspopup="menu"
      aria-expanded={false}
      onClick={onClick}
      onPointerEnter={() => void loadDropdown()}
      onFocus={() => void loadDropdown()}
    >
      <Share2Icon aria-hidden="true" />
      {props.label}
    </Button>
  );
  if (!wanted) return button(() => setWanted(true));
  return (
    <Suspense fallback={button()}>
      <ShareDropdown {...props} />
    </Suspense>
  );
}
