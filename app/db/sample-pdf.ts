import { renderPdf } from '~/lib/pdf.server';

/**
 * A one-page PDF with a title and paragraphs, so the sample documents the seed ships are real files
 * a browser can open (not empty placeholders). Drawn by the site's PDF writer like every PDF it
 * makes (docs/architecture/pdfs.md): the title is the document's title too.
 */
export async function samplePdf(title: string, paragraphs: string[]): Promise<Buffer> {
  const bytes = await renderPdf({ title }, (pdf) => {
    pdf.down(14);
    pdf.paragraph(title, { size: 18, weight: 'bold', role: 'H1', lineGap: 30 });
    for (const paragraph of paragraphs) {
      pdf.paragraph(paragraph, { size: 11, lineGap: 15 });
      pdf.down(15);
    }
  });
  return Buffer.from(bytes);
}
