/**
 * The association's crest, a shield in navy and gold: one drawing for the header's mark
 * (components/brand/crest.tsx), the icons (scripts/make-icons.ts) and the link-preview cards
 * (lib/preview-card.server.ts). Its box is 40 × 48.
 */
export const CREST = {
  width: 40,
  height: 48,
  navy: '#1b2f57',
  gold: '#e6ad2e',
  shield: 'M20 1 38 7v15c0 12-7.6 20.5-18 25C9.6 42.5 2 34 2 22V7z',
  cross: 'M20 9v30M10 19h20',
  boss: { cx: 20, cy: 19, r: 4.5 },
} as const;

/** The crest as SVG elements, to place in a drawing of one's own (`<g transform=…>`). */
export function crestElements(): string {
  return [
    `<path d="${CREST.shield}" fill="${CREST.navy}" stroke="${CREST.gold}" stroke-width="2"/>`,
    `<path d="${CREST.cross}" stroke="${CREST.gold}" stroke-width="2.5" stroke-linecap="round"/>`,
    `<circle cx="${CREST.boss.cx}" cy="${CREST.boss.cy}" r="${CREST.boss.r}" fill="${CREST.navy}" stroke="${CREST.gold}" stroke-width="2"/>`,
  ].join('');
}

/** The crest alone as an SVG file (public/favicon.svg). */
export function crestSvg(): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${CREST.width} ${CREST.height}">${crestElements()}</svg>`;
}
