import { decodePDFRawStream, PDFDocument, PDFRawStream } from 'pdf-lib';

/** The text a PDF prints (each shown string on its own line), to assert what a statement says. */
export async function pdfText(bytes: Uint8Array): Promise<string> {
  const document = await PDFDocument.load(bytes);
  let text = '';
  for (const [, object] of document.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFRawStream)) continue;
    const content = Buffer.from(decodePDFRawStream(object).decode()).toString('latin1');
    for (const match of content.matchAll(/<([0-9A-Fa-f]*)>\s*Tj/g)) text += `${Buffer.from(match[1]!, 'hex').toString('latin1')}\n`;
  }
  return text;
}
