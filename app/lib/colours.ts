/**
 * Colours as Settings keeps them ('#1b2f57'): the theme colour browsers paint their bar with, and
 * the link-preview cards' background (docs/architecture/previews.md#cards). Pure.
 */

/** The theme colour a site starts with: the crest's navy. */
export const DEFAULT_THEME_COLOUR = '#1b2f57';

export const HEX_COLOUR = /^#[0-9a-f]{6}$/i;

function channels(hex: string): [number, number, number] {
  const value = Number.parseInt(hex.slice(1), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

const toHex = (values: number[]) => `#${values.map((value) => Math.round(value).toString(16).padStart(2, '0')).join('')}`;

/** `hex` moved `amount` (0–1) of the way to `towards`: a darker or lighter shade. */
export function mixColours(hex: string, towards: string, amount: number): string {
  const from = channels(hex);
  const to = channels(towards);
  return toHex(from.map((value, index) => value + (to[index]! - value) * amount));
}

/** WCAG 2's relative luminance of a colour. */
function luminance(hex: string): number {
  const [r, g, b] = channels(hex).map((value) => {
    const c = value / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG 2's contrast ratio of two colours, from 1 (the same) to 21 (black on white). */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** White text reads on it at WCAG AA for normal text (4.5:1): the cards write white on the theme colour. */
export function carriesWhiteText(hex: string): boolean {
  return HEX_COLOUR.test(hex) && contrastRatio(hex, '#ffffff') >= 4.5;
}
