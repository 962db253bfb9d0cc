/**
 * The header's menus are native popovers (`popover`, `popovertarget`). In a browser without the
 * Popover API (Safari before 17, Firefox before 125) these lines do the same with an `open`
 * attribute, which app.css shows and hides: the button toggles its menu, a click outside or
 * Escape closes it, and opening one menu closes the others.
 */
export function emulatePopovers(document: Document): void {
  const view = document.defaultView;
  if (!view || 'popover' in view.HTMLElement.prototype) return;
  const closeAllBut = (keep: Element | null) => {
    for (const open of Array.from(document.querySelectorAll('[popover][open]'))) if (open !== keep) open.removeAttribute('open');
  };
  document.addEventListener('click', (event) => {
    const target = event.target instanceof view.Element ? event.target : null;
    const button = target?.closest('[popovertarget]');
    const popover = button ? document.getElementById(button.getAttribute('popovertarget') ?? '') : null;
    if (button && popover) {
      const action = button.getAttribute('popovertargetaction');
      const show = action === 'show' || (action !== 'hide' && !popover.hasAttribute('open'));
      closeAllBut(popover);
      if (show) popover.setAttribute('open', '');
      else popover.removeAttribute('open');
      return;
    }
    closeAllBut(target?.closest('[popover]') ?? null);
  });
  document.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') closeAllBut(null);
  });
}
