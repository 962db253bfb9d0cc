// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { showImageFallbacks } from './image-fallback';

describe('image fallbacks', () => {
  showImageFallbacks(window);

  it('show the fallback of an image that fails, once, without its srcset', () => {
    document.body.innerHTML = '<img src="/media/1/w640" srcset="/media/1/w320 320w" data-fallback="/placeholder.svg" alt="">';
    const image = document.querySelector('img')!;
    image.dispatchEvent(new Event('error'));
    expect(image.getAttribute('src')).toBe('/placeholder.svg');
    expect(image.hasAttribute('srcset')).toBe(false);
    // The fallback failing too does not loop.
    image.dispatchEvent(new Event('error'));
    expect(image.getAttribute('src')).toBe('/placeholder.svg');
  });

  it('leave images without a fallback alone', () => {
    document.body.innerHTML = '<img src="/media/2/w640" srcset="/media/2/w320 320w" alt="">';
    const image = document.querySelector('img')!;
    image.dispatchEvent(new Event('error'));
    expect(image.getAttribute('src')).toBe('/media/2/w640');
    expect(image.hasAttribute('srcset')).toBe(true);
  });
});
