export interface ShareContent {
  url: string;
  title: string;
  description: string;
  hashtags: readonly string[];
}

export type SocialNetwork = 'twitter' | 'facebook' | 'linkedin';

/** The share address of each social network for the given page. */
export function socialShareUrl(network: SocialNetwork, { url, title, description, hashtags }: ShareContent): string {
  switch (network) {
    case 'twitter': {
      const params = new URLSearchParams({ text: `${title} - ${description}`, url });
      if (hashtags.length > 0) params.set('hashtags', hashtags.join(','));
      return `https://twitter.com/intent/tweet?${params}`;
    }
    case 'facebook':
      return `https://www.facebook.com/sharer/sharer.php?${new URLSearchParams({ u: url })}`;
    case 'linkedin':
      return `https://www.linkedin.com/sharing/share-offsite/?${new URLSearchParams({ url })}`;
  }
}

/** A mailto: address with the title as subject and the description, hashtags and link as body. */
export function emailShareUrl({ url, title, description, hashtags }: ShareContent): string {
  const tags = hashtags.map((tag) => `#${tag}`).join(' ');
  const body = [description, tags, url].filter(Boolean).join('\n\n');
  // encodeURIComponent, not URLSearchParams: mail clients expect %20, not '+', for spaces
  return `mailto:?subject=${encodeURIComponent(title)}&body=${encodeURIComponent(body)}`;
}
