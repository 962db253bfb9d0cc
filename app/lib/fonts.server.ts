import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Font } from 'fontkit';
import type { PdfScript } from './pdf-text';

/**
 * The fonts the site draws text with where no browser does it: the PDFs (docs/architecture/pdfs.md)
 * and the link-preview cards (docs/architecture/previews.md). Noto Sans, Noto Sans Sinhala and Noto
 * Sans Tamil, regular and bold (SIL OFL), from the npm packages `@expo-google-fonts/noto-sans*`.
 */
const fontFiles: Record<PdfScript, Record<FontWeight, string>> = {
  latin: { regular: '@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf', bold: '@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf' },
  sinhala: {
    regular: '@expo-google-fonts/noto-sans-sinhala/400Regular/NotoSansSinhala_400Regular.ttf',
    bold: '@expo-google-fonts/noto-sans-sinhala/700Bold/NotoSansSinhala_700Bold.ttf',
  },
  tamil: { regular: '@expo-google-fonts/noto-sans-tamil/400Regular/NotoSansTamil_400Regular.ttf', bold: '@expo-google-fonts/noto-sans-tamil/700Bold/NotoSansTamil_700Bold.ttf' },
};

export type FontWeight = 'regular' | 'bold';

/** A loaded font's key: its script and weight, 'sinhala-bold'. */
export const fontKey = (script: PdfScript, weight: FontWeight) => `${script}-${weight}`;

/**
 * The six fonts, read and parsed once, on first use, and kept for the process (about 1.9 MB of
 * files; fontkit reads a table when it is first needed, and keeps the glyphs it has shaped).
 * fontkit itself is imported then too, not at start (docs/architecture/server.md#memory).
 */
let loadedFonts: Promise<Map<string, Font>> | undefined;
const requireFromHere = createRequire(import.meta.url);

export function loadFonts(): Promise<Map<string, Font>> {
  loadedFonts ??= (async () => {
    const { create } = await import('fontkit');
    const fonts = new Map<string, Font>();
    for (const [script, files] of Object.entries(fontFiles) as [PdfScript, Record<FontWeight, string>][]) {
      for (const [weight, file] of Object.entries(files) as [FontWeight, string][]) {
        const font = create(readFileSync(requireFromHere.resolve(file)));
        if (!('layout' in font)) throw new Error(`${file} is a font collection, not a font.`);
        fonts.set(fontKey(script, weight), font);
      }
    }
    return fonts;
  })().catch((error: unknown) => {
    loadedFonts = undefined;
    throw error;
  });
  return loadedFonts;
}
