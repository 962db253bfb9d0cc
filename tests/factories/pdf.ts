import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

type StructNode = { role?: string; alt?: string; children?: (StructNode | { type: 'content' | 'object' | 'annotation'; id: string })[] };
type TextItem = { str?: string; hasEOL?: boolean; type?: string; id?: string | null };

/**
 * What a PDF says, read with Mozilla's PDF.js as a viewer reads it:
 * - `text`: the text in logical order, a line per tagged element: where an element carries an
 *   ActualText (the site's PDFs tag every piece of text with one, docs/architecture/pdfs.md), that
 *   text, as copying it or a screen reader gives it; untagged text as drawn;
 * - `drawn`: what the glyphs on the pages map back to (their ToUnicode), in the order they are
 *   drawn: shaped Sinhala and Tamil come out in visual order here (a vowel sign before its
 *   consonant), so compare it with `sameLetters`;
 * - the document's title, subject and author, whether the viewer shows the title, and the pages.
 */
export async function readPdf(bytes: Uint8Array) {
  const loading = getDocument({ data: new Uint8Array(bytes), useSystemFonts: false, verbosity: 0 });
  const document = await loading.promise;
  try {
    const info = (await document.getMetadata()).info as Record<string, unknown>;
    const preferences = await document.getViewerPreferences();
    const text: string[] = [];
    const drawn: string[] = [];
    for (let number = 1; number <= document.numPages; number += 1) {
      const page = await document.getPage(number);
      // The ActualText of each marked piece of content, by the id PDF.js gives it.
      const actual = new Map<string, string>();
      const visit = (node: StructNode) => {
        let said = false;
        for (const child of node.children ?? []) {
          if ('type' in child) {
            // An element's ActualText stands for all its content: said once, at its first piece.
            if (child.type === 'content' && node.alt !== undefined) actual.set(child.id, said ? '' : node.alt);
            said = true;
          } else visit(child);
        }
      };
      visit(((await page.getStructTree()) ?? {}) as StructNode);
      const content = await page.getTextContent({ includeMarkedContent: true });
      const open: (string | null)[] = [];
      let line = '';
      let drawnLine = '';
      const endLine = () => {
        if (line.trim()) text.push(line.trim());
        line = '';
      };
      for (const item of content.items as TextItem[]) {
        if (item.type === 'beginMarkedContent' || item.type === 'beginMarkedContentProps') {
          const replacement = item.id ? actual.get(item.id) : undefined;
          if (replacement !== undefined) {
            endLine();
            line = replacement;
            endLine();
          }
          open.push(replacement !== undefined ? 'replaced' : null);
          continue;
        }
        if (item.type === 'endMarkedContent') {
          open.pop();
          continue;
        }
        drawnLine += item.str ?? '';
        if (!open.includes('replaced')) line += item.str ?? '';
        if (item.hasEOL) {
          drawn.push(drawnLine);
          drawnLine = '';
          if (!open.includes('replaced')) endLine();
        }
      }
      if (drawnLine) drawn.push(drawnLine);
      endLine();
    }
    return {
      text: text.join('\n'),
      drawn: drawn.join('\n'),
      title: info.Title as string | undefined,
      subject: info.Subject as string | undefined,
      author: info.Author as string | undefined,
      displaysTitle: preferences?.get('DisplayDocTitle') === true,
      pages: document.numPages,
    };
  } finally {
    await loading.destroy();
  }
}

/** The text a PDF says, in logical order, a line per piece of text (see `readPdf`). */
export async function pdfText(bytes: Uint8Array): Promise<string> {
  return (await readPdf(bytes)).text;
}

/**
 * Whether `drawn` (glyphs mapped back to text, see `readPdf`) has a line of exactly the letters of
 * `value`, in any order: shaping may reorder and split a Sinhala or Tamil vowel sign, but it draws
 * every letter, none twice, and no '?' or empty box in their place. Spaces and joiners aside.
 */
export function drawsLettersOf(drawn: string, value: string): boolean {
  const letters = (text: string) => [...text.normalize('NFD').replace(/[\s\u200c\u200d]/g, '')].sort().join('');
  const wanted = letters(value);
  return drawn.split('\n').some((line) => letters(line) === wanted);
}
