/**
 * The people of tests/fixtures/real-input/people.json, for journeys and screenshots: names in
 * Sinhala and Tamil script, accented and extended Latin, and the long email that must wrap on a
 * phone. Journeys share one server, and an address signs up once: `longEmail(tag)` gives each
 * journey its own copy of the long address, as long as the real one.
 */
import { readFileSync } from 'node:fs';
import { expect, type Page } from '@playwright/test';

export type RealPerson = { name: string; email: string; note: string };

export const realPeople = JSON.parse(readFileSync(new URL('../fixtures/real-input/people.json', import.meta.url), 'utf8')) as RealPerson[];

const named = (pattern: RegExp) => {
  const person = realPeople.find((candidate) => pattern.test(candidate.name));
  if (!person) throw new Error(`people.json has no name matching ${pattern}`);
  return person;
};

export const sinhala = named(/[\u0D80-\u0DFF]/);
export const tamil = named(/[\u0B80-\u0BFF]/);
export const accented = named(/ë/);
export const longest = realPeople.reduce((longestSoFar, person) => (person.email.length > longestSoFar.email.length ? person : longestSoFar));

/**
 * The long address (77 characters) with its class year replaced by a four-character tag, and the
 * hyphens of its local part written as underscores: browsers break a line after a hyphen, so the
 * real one happens to wrap; the same length with 60 characters and no place to break is what a page
 * must cope with too (an address without hyphens, a pasted id).
 */
export function longEmail(tag: string): string {
  if (tag.length !== 4) throw new Error('longEmail: the tag replaces the class year and must be 4 characters');
  const [local, domain] = longest.email.split('@') as [string, string];
  const email = `${local.replace(/\d{4}$/, tag).replaceAll('-', '_')}@${domain}`;
  if (email.length !== longest.email.length || !email.includes(tag)) throw new Error('longEmail: people.json’s long address no longer ends its local part with a year');
  return email;
}

/** A long record id like those the pages print (a provider's checkout session), 66 characters without a break. */
export const longRecordId = `cs_test_${'a1B2c3D4e5F6g7H8i9J0'.repeat(3)}kLmNoPqRsT`.slice(0, 66);

/** Whether the page at its present width scrolls sideways: what sticks out furthest, or null. */
export async function sidewaysScroll(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const width = window.innerWidth;
    const scrolled = document.documentElement.scrollWidth;
    if (scrolled <= width) return null;
    // Name the text or element that reaches furthest right, so the failure says where to look:
    // a long word overflows its box without widening it, so text is measured by itself.
    let culprit = '';
    let right = width;
    // What a box of its own scrolls or clips (a bar of tabs) does not widen the page.
    const contained = (element: Element | null) => {
      for (let parent = element?.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
        if (getComputedStyle(parent).overflowX !== 'visible') return true;
      }
      return false;
    };
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    const range = document.createRange();
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (!node.textContent?.trim()) continue;
      range.selectNodeContents(node);
      const box = range.getBoundingClientRect();
      if (box.width > 0 && box.right > right + 0.5 && !contained(node.parentElement)) {
        right = box.right;
        culprit = `"${node.textContent.replace(/\s+/g, ' ').trim().slice(0, 60)}" in <${node.parentElement?.tagName.toLowerCase()}>`;
      }
    }
    for (const element of document.body.querySelectorAll('*')) {
      const box = element.getBoundingClientRect();
      if (box.width > 0 && box.right > right + 0.5 && !contained(element)) {
        right = box.right;
        culprit = `<${element.tagName.toLowerCase()}${element.id ? ` id="${element.id}"` : ''}>`;
      }
    }
    return `the page scrolls sideways: ${scrolled} px wide in a ${width} px window; ${culprit || 'something'} reaches ${Math.round(right)} px`;
  });
}

export async function expectNoSidewaysScroll(page: Page): Promise<void> {
  await expect.poll(() => sidewaysScroll(page), { message: `${new URL(page.url()).pathname} at ${page.viewportSize()?.width} px` }).toBeNull();
}
