import { isAppError } from './errors';
import { cacheControl, type ResourceHandle } from './page-policy';

/**
 * A PDF the visitor downloads (a giving statement, docs/product.md#gift-receipts), with the cache
 * rule of the route's handle (docs/architecture.md#page-policy); 404 with its message when
 * `produce` finds nothing to print.
 */
export async function pdfDownload(handle: ResourceHandle, produce: () => Promise<{ bytes: Uint8Array; fileName: string }>): Promise<Response> {
  try {
    const { bytes, fileName } = await produce();
    return new Response(new Uint8Array(bytes), {
      headers: {
        'Content-Type': 'application/pdf',
        'Content-Disposition': `attachment; filename="${fileName}"`,
        'Content-Length': String(bytes.length),
        'Cache-Control': cacheControl(handle),
      },
    });
  } catch (error) {
    if (isAppError(error, 'not_found')) return new Response(error.message, { status: 404 });
    throw error;
  }
}
