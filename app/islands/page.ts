/**
 * The page script every page runs first, with or without React (root.tsx writes it into <head>,
 * built by vite-plugins/inline-scripts.ts; docs/architecture/pages.md#page-scripts).
 */
import { startHeldScripts } from './held-scripts';
import { showImageFallbacks } from './image-fallback';
import { loadFramesWhenNear } from './nearby-frames';
import { emulatePopovers } from './popover-fallback';
import { hideServerToasts } from './server-toast';

showImageFallbacks(window);
startHeldScripts(document);
emulatePopovers(document);
hideServerToasts(document);
loadFramesWhenNear(document);
