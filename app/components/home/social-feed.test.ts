import { describe, expect, it } from 'vitest';
import { socialFeedEmbedUrl } from './social-feed';

describe('socialFeedEmbedUrl', () => {
  it('embeds a Facebook page through the page plugin', () => {
    const embed = new URL(socialFeedEmbedUrl('https://www.facebook.com/ppa.northamerica')!);
    expect(embed.origin + embed.pathname).toBe('https://www.facebook.com/plugins/page.php');
    expect(embed.searchParams.get('href')).toBe('https://www.facebook.com/ppa.northamerica');
    expect(embed.searchParams.get('tabs')).toBe('timeline');
  });

  it('offers no embed for other sites or malformed URLs (the page shows the link only)', () => {
    expect(socialFeedEmbedUrl('https://www.instagram.com/ppa')).toBeNull();
    expect(socialFeedEmbedUrl('https://notfacebook.com/ppa')).toBeNull();
    expect(socialFeedEmbedUrl('not a url')).toBeNull();
  });
});
