import { describe, expect, it } from 'vitest';
import { xmlElement, xmlText } from './xml';

describe('xmlText', () => {
  it('escapes what XML reads as markup, in text and attributes alike', () => {
    expect(xmlText(`Fish & chips <b>"Friday"</b> 'at' 7`)).toBe('Fish &amp; chips &lt;b&gt;&quot;Friday&quot;&lt;/b&gt; &apos;at&apos; 7');
    expect(xmlElement('title', 'A & B')).toBe('<title>A &amp; B</title>');
  });

  it('keeps Sinhala, Tamil, accents and emoji as written', () => {
    const name = 'ශ්‍රියානි පෙරේරා · முருகன் சிவராஜா · Zoë 🎉';
    expect(xmlText(name)).toBe(name);
  });

  it('leaves out the characters XML 1.0 refuses even escaped, and keeps tabs and line breaks', () => {
    expect(xmlText('a\u0000b\u0008c\u000Bd\u001Fe\uFFFEf\uFFFF')).toBe('abcdef');
    expect(xmlText('one\ttwo\nthree\r\n')).toBe('one\ttwo\nthree\r\n');
    // A lone half of a surrogate pair; a whole pair stays.
    expect(xmlText('x\uD83Dy\uDE00z')).toBe('xyz');
    expect(xmlText('\uD83D\uDE00')).toBe('😀');
  });
});
