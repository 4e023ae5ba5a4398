import { fetchBadges, type BadgeChoice } from '@/features/admin/shared/api/badges';

/** How long the PDF's object URL is kept: Firefox reads it after the click returns. */
const KEEP_OBJECT_URL_MS = 30_000;

/**
 * Fetches the badges `choice` asks for and saves them as a PDF named after the layout. The saving is
 * written out here rather than taken from `lib/save-file`: a module the back office shared with the
 * public pages would become a chunk of its own, whose name the landing page's bundle would carry.
 */
export async function downloadBadges(choice: BadgeChoice): Promise<void> {
  const href = URL.createObjectURL(await fetchBadges(choice));
  const link = document.createElement('a');
  link.href = href;
  link.download = choice.layout ? `badges-${choice.layout}.pdf` : 'badges.pdf';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), KEEP_OBJECT_URL_MS);
}
