// @vitest-environment happy-dom
import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { RequestReferenceProvider } from '~/lib/request-reference';
import { SomethingWentWrong } from './route-error';

const page = (unavailable: boolean) => (
  <MemoryRouter>
    <SomethingWentWrong unavailable={unavailable} />
  </MemoryRouter>
);

describe('the error page', () => {
  it('quotes the request’s id on a 500, not on the 503 page', () => {
    const html = renderToString(<RequestReferenceProvider value="7f3a9c2e1b4d8a60">{page(false)}</RequestReferenceProvider>);
    expect(html).toContain('Reference: 7f3a9c2e1b4d8a60');
    expect(renderToString(<RequestReferenceProvider value="7f3a9c2e1b4d8a60">{page(true)}</RequestReferenceProvider>)).not.toContain('Reference');
  });

  it('keeps the reference the server wrote when the browser hydrates it, which does not know it', async () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(<RequestReferenceProvider value="7f3a9c2e1b4d8a60">{page(false)}</RequestReferenceProvider>);
    document.body.append(container);
    const recoverable = vi.fn();
    await act(async () => {
      hydrateRoot(container, page(false), { onRecoverableError: recoverable });
    });
    expect(recoverable).not.toHaveBeenCalled();
    expect(container.textContent).toContain('Reference: 7f3a9c2e1b4d8a60');
  });
});
