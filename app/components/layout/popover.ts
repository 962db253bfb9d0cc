import { useEffect } from 'react';
import { useLocation } from 'react-router';

/**
 * The header's menus are native popovers (docs/architecture/pages.md#page-policy): they
 * open, close on Escape or a click outside, and give focus back without any script. On a page
 * that runs React, a link inside moves to the next page without a reload, so the menu is closed here.
 */
export function useClosePopoverOnNavigation(id: string) {
  // Every navigation has its own key, a form posted back to the same address too.
  const { key } = useLocation();
  useEffect(() => {
    const element = document.getElementById(id);
    if (!element) return;
    // Without the Popover API, root.tsx's fallback opens menus with an `open` attribute.
    if (!('popover' in HTMLElement.prototype)) element.removeAttribute('open');
    else if (element.matches(':popover-open')) element.hidePopover();
  }, [id, key]);
}
