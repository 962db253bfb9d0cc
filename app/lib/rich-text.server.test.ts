import { describe, expect, it } from 'vitest';
import { leftoverDanger, xssPayloads } from '../../tests/fixtures/xss-payloads';
import { plainTextToRichText, richTextFromForm, richTextToPlain, sanitizeRichText } from './rich-text.server';

describe('sanitizeRichText', () => {
  it(`has ${xssPayloads.length} OWASP filter-evasion payloads to face (at least 50)`, () => {
    expect(xssPayloads.length).toBeGreaterThanOrEqual(50);
  });

  it.each(xssPayloads.map((payload, index) => [index + 1, payload]))('payload %i leaves nothing that could run: %s', (_n, payload) => {
    const clean = sanitizeRichText(payload);
    expect(leftoverDanger(clean)).toBeNull();
    // Sanitising again changes nothing: what is stored is already clean.
    expect(sanitizeRichText(clean)).toBe(clean);
  });

  it('keeps what a volunteer writes: headings, emphasis, links, lists, quotes and images from the media library', () => {
    const html =
      '<h2>Gala night</h2><p>Join us at <strong>the Gala</strong>, <em>dress</em> <u>smart</u>.</p>' +
      '<p><a href="https://example.org/tickets">Tickets</a> · <a href="mailto:hello@example.org">Write</a> · <a href="/events/3">Details</a></p>' +
      '<ul><li>Dinner</li><li>Dance</li></ul><ol><li>First</li></ol><blockquote><p>Best night of the year.</p></blockquote>' +
      '<p><img src="/media/0b6f7b0e-4c1b-4a38-a0f4-7c8a7d4f2a11/w960" alt="The hall"></p>';
    expect(sanitizeRichText(html)).toBe(html.replace('alt="The hall">', 'alt="The hall" />'));
  });

  it('opens links in a new tab only safely, and turns a pasted h1 into a section heading', () => {
    expect(sanitizeRichText('<a href="https://example.org" target="_blank">x</a>')).toBe('<a href="https://example.org" target="_blank" rel="noopener noreferrer nofollow">x</a>');
    expect(sanitizeRichText('<a href="https://example.org" target="_top" rel="opener">x</a>')).toBe('<a href="https://example.org">x</a>');
    expect(sanitizeRichText('<h1>Title</h1>')).toBe('<h2>Title</h2>');
  });

  it('drops images that are not from the media library or https', () => {
    expect(sanitizeRichText('<img src="http://example.org/x.png" alt="x">')).toBe('');
    expect(sanitizeRichText('<img src="/elsewhere/x.png" alt="x">')).toBe('');
    expect(sanitizeRichText('<img src="https://example.org/x.png" alt="x">')).toBe('<img src="https://example.org/x.png" alt="x" />');
  });

  it('gives a picture pasted without a description an empty one (decoration), as HTML requires', () => {
    expect(sanitizeRichText('<img src="https://example.org/x.png" onload="alert(1)">')).toBe('<img src="https://example.org/x.png" alt="" />');
    expect(sanitizeRichText('<img src="https://example.org/x.png" alt="The hall">')).toBe('<img src="https://example.org/x.png" alt="The hall" />');
  });
});

describe('plain text and rich text', () => {
  it('turns paragraphs into HTML, escaping what looks like markup', () => {
    expect(plainTextToRichText('First line.\n\nSecond <b>line</b> & more.')).toBe('<p>First line.</p><p>Second &lt;b&gt;line&lt;/b&gt; &amp; more.</p>');
    // As a browser posts a textarea without JavaScript: CR LF, and a blank line with spaces.
    expect(plainTextToRichText('First line.\r\n\r\nSecond,\r\nstill second.\r\n  \r\nThird.')).toBe('<p>First line.</p><p>Second,\r\nstill second.</p><p>Third.</p>');
  });

  it('reads the text back out of HTML', () => {
    expect(richTextToPlain('<h2>Gala</h2><p>Join <strong>us</strong>.</p>')).toBe('Gala Join us.');
    expect(richTextToPlain('<p>Fish &amp; chips &lt;3 &amp;lt;</p>')).toBe('Fish & chips <3 &lt;');
  });
});

describe('richTextFromForm', () => {
  it('sanitises the editor’s HTML and turns plain text from a browser without JavaScript into paragraphs', () => {
    expect(richTextFromForm('<p>Hi <script>x</script><b>there</b></p>')).toBe('<p>Hi <b>there</b></p>');
    expect(richTextFromForm('First line\n\nSecond <3 & more')).toBe('<p>First line</p><p>Second &lt;3 &amp; more</p>');
  });
});
