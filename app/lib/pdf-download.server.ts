import { isAppError } from './errors';
import { cacheControl, type ResourceHandle } from './page-policy';
import { asciiFileName } from './pdf-text';

/**
 * `Content-Disposition` of a download named `fileName` in any script (RFC 6266): a name beyond
 * ASCII goes in `filename*`, in UTF-8, which browsers use, after `filename` in ASCII for clients
 * that read only that.
 */
export function attachmentDisposition(fileName: string): string {
  const fallback = asciiFileName(fileName);
  if (fallback === fileName) return `attachment; filename="${fileName}"`;
  const encoded = encodeURIComponent(fileName.normalize('NFC')).replace(/['()*]/g, (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

/**
 * A PDF the visitor downloads (a giving statement, docs/product.md#gift-receipts), with the cache
 * rule of the route's handle (docs/architecture/pages.md#page-policy); 404 with its message when
 * `produce` finds nothing to print.
 */
export async function pdfDownload(handle: ResourceHandle, produce: () => Promise<{ bytes: Uint8Array; fileName: string }>): Promise<Response> {
  try {
    const { bytes, fileName } = await produce();
    return new Response(new Uint8Array(bytes), {
      headers: {
        'Content-Type': 'application/pdf',
        'Content-Disposition': attachmentDisposition(fileName),
        'Content-Length': String(bytes.length),
        'Cache-Control': cacheControl(handle),
      },
    });
  } catch (error) {
    if (isAppError(error, 'not_found')) return new Response(error.message, { status: 404 });
    throw error;
  }
}
