/**
 * The membership application's own behaviour on a page without React (ADR 014), as
 * membership-forms.tsx does it with React: `js=1` posted, the automatic renewal shown (and posted)
 * for the annual plan only, and the server's message about the application as a toast.
 */
export function enhanceApplication(form: HTMLFormElement, document: Document, failed: (description: string) => void): void {
  const js = document.createElement('input');
  js.type = 'hidden';
  js.name = 'js';
  js.value = '1';
  form.prepend(js);

  const renewal = form.querySelector<HTMLElement>('[data-annual-only]');
  const showRenewal = () => {
    const life = form.querySelector<HTMLInputElement>('input[name="membershipType"][value="life"]')?.checked ?? false;
    if (!renewal) return;
    renewal.hidden = life;
    for (const input of renewal.querySelectorAll('input')) input.disabled = life || form.getAttribute('aria-disabled') === 'true';
  };
  form.addEventListener('change', (event) => {
    if (event.target instanceof HTMLInputElement && event.target.name === 'membershipType') showRenewal();
  });
  showRenewal();

  const message = document.getElementById(`${form.id}-error`)?.textContent;
  if (message) failed(message);
}
