import { CopyIcon, MailIcon, Share2Icon } from '@/components/icons';
import { useState } from 'react';
import { Button, type ButtonProps } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { Tooltip } from '@/components/ui/tooltip';
import { useToast } from '@/hooks/use-toast';
import { emailShareUrl, socialShareUrl, type SocialNetwork } from '../utils/share-links';
import { FacebookLogo, LinkedInLogo, XLogo } from './brand-icons';

const POPUP_FEATURES = 'width=600,height=450,noopener,noreferrer';

const networks: { id: SocialNetwork; label: string; Icon: typeof XLogo }[] = [
  { id: 'twitter', label: 'Twitter / X', Icon: XLogo },
  { id: 'facebook', label: 'Facebook', Icon: FacebookLogo },
  { id: 'linkedin', label: 'LinkedIn', Icon: LinkedInLogo },
];

/** What is shared; the page's own title and description when the event's details are missing. */
export interface ShareText {
  title: string;
  description: string;
  hashtags: readonly string[];
}

export interface ShareDropdownProps {
  text: ShareText | undefined;
  /** The trigger's text. */
  label: string;
  /** A short explanation shown as a tooltip on the trigger. */
  hint?: string;
  variant?: ButtonProps['variant'];
  size?: ButtonProps['size'];
  className?: string;
}

function pageText(): ShareText {
  const description = document.querySelector('meta[name="description"]')?.getAttribute('content') ?? '';
  return { title: document.title, description, hashtags: [] };
}

/**
 * Share the site (window.location.origin, read when the visitor acts) by social popup, email or clipboard.
 * Loaded on first use by `ShareMenu`, open from the start: the visitor has just asked for it.
 */
export function ShareDropdown({ text, label, hint, variant, size, className }: ShareDropdownProps) {
  const { toast } = useToast();
  const [origin, setOrigin] = useState(() => window.location.origin);

  const content = (url: string) => ({ url, ...(text ?? pageText()) });

  const openPopup = (network: SocialNetwork) => {
    window.open(socialShareUrl(network, content(window.location.origin)), '_blank', POPUP_FEATURES);
  };

  const copyLink = async () => {
    try {
      await navigator.clipboard.writeText(window.location.origin);
      toast({ title: 'Link copied!', description: 'Conference URL has been copied to clipboard' });
    } catch {
      toast({ title: 'Copy failed', description: 'Failed to copy the link to clipboard', variant: 'destructive' });
    }
  };

  const trigger = (
    <Button variant={variant} size={size} className={className}>
      <Share2Icon aria-hidden="true" />
      {label}
    </Button>
  );

  return (
    <DropdownMenu
      defaultOpen
      onOpenChange={(open) => {
        if (open) setOrigin(window.location.origin);
      }}
    >
      {hint ? (
        <Tooltip content={hint}>
          <DropdownMenuTrigger asChild>{trigger}</DropdownMenuTrigger>
        </Tooltip>
      ) : (
        <DropdownMenuTrigger asChild>{trigger}</DropdownMenuTrigger>
      )}
      <DropdownMenuContent align="start">
        <DropdownMenuLabel>Share via</DropdownMenuLabel>
        {networks.map(({ id, label: networkLabel, Icon }) => (
          <DropdownMenuItem key={id} onSelect={() => openPopup(id)}>
            <Icon />
            {networkLabel}
          </DropdownMenuItem>
        ))}
        <DropdownMenuItem asChild>
          <a href={emailShareUrl(content(origin))}>
            <MailIcon aria-hidden="true" />
            Email
          </a>
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => void copyLink()}>
          <CopyIcon aria-hidden="true" />
          Copy link
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
