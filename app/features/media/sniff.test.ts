import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { sniffFile } from './sniff';

/** The first bytes of real files (ffmpeg 5.1's output for each format), padded to 32 bytes. */
const header = (hex: string) => {
  const bytes = new Uint8Array(32);
  bytes.set(Buffer.from(hex, 'hex'));
  return bytes;
};
const text = (value: string) => new TextEncoder().encode(value);

describe('sniffFile', () => {
  it.each(['jpeg', 'png', 'gif', 'webp', 'avif'] as const)('knows a %s picture', async (format) => {
    const bytes = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#336699' } })
      .toFormat(format)
      .toBuffer();
    expect(sniffFile(new Uint8Array(bytes))).toEqual({ kind: 'image', mimeType: `image/${format}` });
  });

  it.each([
    ['MP3 with an ID3 tag', '49443304000000000023545353450000', 'audio/mpeg'],
    ['MP3 without one (MPEG-2 layer III frame)', 'fff340c40014688670175818007fe4a0', 'audio/mpeg'],
    ['M4A', '0000001c667479704d34412000000200', 'audio/mp4'],
    ['M4A with the mp42 brand', '0000001c667479706d70343200000200', 'audio/mp4'],
    ['Ogg Vorbis', '4f676753000200000000000000007aa3', 'audio/ogg'],
    ['WebM', '1a45dfa39f4286810142f7810142f281', 'audio/webm'],
    ['WAV', '52494646f433000057415645666d7420', 'audio/wav'],
    ['FLAC', '664c614300000022090009000002ad00', 'audio/flac'],
  ])('knows a recording: %s', (_name, hex, mimeType) => {
    expect(sniffFile(header(hex))).toEqual({ kind: 'audio', mimeType });
  });

  it('knows a PDF', () => {
    expect(sniffFile(text('%PDF-1.7\n%\u00e2\u00e3\n1 0 obj'))).toEqual({ kind: 'document', mimeType: 'application/pdf' });
  });

  it.each([
    ['SVG (it can carry scripts)', text('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')],
    ['SVG behind an XML declaration', text('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"/>')],
    ['HTML', text('<!doctype html><html><script>alert(1)</script></html>')],
    ['a Windows program', header('4d5a90000300000004000000ffff')],
    ['a ZIP archive', header('504b03041400000008007674775d3979')],
    ['a TIFF picture', header('49492a0042000000ffd8ffc000110800')],
    ['a QuickTime film', header('00000014667479707174202000000200')],
    ['a HEIC photo', header('0000001c6674797068656963000000006d696631')],
    ['fewer than 12 bytes', header('89504e470d0a1a0a').subarray(0, 11)],
    ['nothing at all', new Uint8Array()],
  ])('knows nothing else: %s', (_name, bytes) => {
    expect(sniffFile(bytes)).toBeNull();
  });
});
