import { paths } from '@/config/paths';

export const navItems = [
  { label: 'About', to: paths.anchor('about') },
  { label: 'Venue', to: paths.anchor('venue') },
  { label: 'Tickets', to: paths.anchor('tickets') },
  { label: 'Merchandise', to: paths.anchor('merchandise') },
  { label: 'Sponsorship', to: paths.sponsorship },
] as const;

export const registerItem = { label: 'Register', to: paths.anchor('register') } as const;
