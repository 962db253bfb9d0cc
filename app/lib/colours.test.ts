import { describe, expect, it } from 'vitest';
import { carriesWhiteText, contrastRatio, DEFAULT_THEME_COLOUR, mixColours } from './colours';

describe('colours', () => {
  it('measures contrast as WCAG 2 does', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#ffffff')).toBe(1);
    expect(contrastRatio('#767676', '#ffffff')).toBeCloseTo(4.54, 2);
  });

  it('takes a theme colour only when white text reads on it', () => {
    expect(carriesWhiteText(DEFAULT_THEME_COLOUR)).toBe(true);
    expect(carriesWhiteText('#7f1d1d')).toBe(true);
    expect(carriesWhiteText('#e6ad2e')).toBe(false);
    expect(carriesWhiteText('#ffffff')).toBe(false);
    expect(carriesWhiteText('navy')).toBe(false);
    expect(carriesWhiteText('#12345')).toBe(false);
  });

  it('mixes towards another colour', () => {
    expect(mixColours('#1b2f57', '#000000', 0)).toBe('#1b2f57');
    expect(mixColours('#1b2f57', '#000000', 1)).toBe('#000000');
    expect(mixColours('#ffffff', '#000000', 0.5)).toBe('#808080');
  });
});
