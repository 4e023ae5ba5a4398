import { describe, expect, it } from 'vitest';
import { emailShareUrl, socialShareUrl } from './share-links';

const content = {
  url: 'https://codewave.example',
  title: 'CodeWave Miami 2026',
  description: 'Five days of code & ocean air',
  hashtags: ['CodeWave2026', 'TechConference', 'Miami'],
};

describe('share links', () => {
  it('builds a tweet with text, link and hashtags', () => {
    const url = new URL(socialShareUrl('twitter', content));
    expect(url.origin + url.pathname).toBe('https://twitter.com/intent/tweet');
    expect(url.searchParams.get('text')).toBe('CodeWave Miami 2026 - Five days of code & ocean air');
    expect(url.searchParams.get('url')).toBe('https://codewave.example');
    expect(url.searchParams.get('hashtags')).toBe('CodeWave2026,TechConference,Miami');
  });

  it('shares the link on Facebook and LinkedIn', () => {
    expect(new URL(socialShareUrl('facebook', content)).searchParams.get('u')).toBe('https://codewave.example');
    expect(new URL(socialShareUrl('linkedin', content)).searchParams.get('url')).toBe('https://codewave.example');
  });

  it('builds a mailto link with subject and body', () => {
    const href = emailShareUrl(content);
    expect(href.startsWith('mailto:?subject=CodeWave%20Miami%202026&body=')).toBe(true);
    const body = decodeURIComponent(href.split('&body=')[1]);
    expect(body).toBe(
      'Five days of code & ocean air\n\n#CodeWave2026 #TechConference #Miami\n\nhttps://codewave.example',
    );
  });
});
