import { describe, expect, it } from 'vitest';
import { readPdf } from '../../tests/factories/pdf';
import { samplePdf } from './sample-pdf';

describe('samplePdf', () => {
  it('is titled, and prints its title and text as written', async () => {
    const pdf = await readPdf(new Uint8Array(await samplePdf('Treasurer’s Report 2025', ['Prepared by Łukasz Dąbrowski and සමන් කුමාර පෙරේරා.'])));
    expect(pdf).toMatchObject({ title: 'Treasurer’s Report 2025', displaysTitle: true, pages: 1 });
    expect(pdf.text.split('\n')).toEqual(['Treasurer’s Report 2025', 'Prepared by Łukasz Dąbrowski and සමන් කුමාර පෙරේරා.']);
  });
});
