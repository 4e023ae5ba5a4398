import { paths } from '@/config/paths';

interface NavItem {
  label: string;
  to: string;
  /** `programme-only`: shown only while the site has a programme (the server marks the page). */
  className?: string;
}

export const navItems: readonly NavItem[] = [
  { label: 'About', to: paths.anchor('about') },
  { label: 'Schedule', to: paths.schedule, className: 'programme-only' },
  { label: 'Venue', to: paths.anchor('venue') },
  { label: 'Tickets', to: paths.anchor('tickets') },
  { label: 'Merchandise', to: paths.anchor('merchandise') },
  { label: 'Sponsorship', to: paths.sponsorship },
];

export const registerItem = { label: 'Register', to: paths.anchor('register') } as const;
