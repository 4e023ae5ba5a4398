/**
 * Back-office routes kept out of `config/paths.ts`, which is part of the landing page's bundle (and of its
 * byte budget): this file loads with the back office only.
 */
export const backOfficePaths = {
  badges: '/admin/badges',
} as const;
