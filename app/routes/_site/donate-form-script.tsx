import { useNonce } from '~/lib/nonce';
// The donate page is served without React (ADR 014); this checks its forms in the browser.
import donateScript from './donate-page?inline-script';

/**
 * The last child of a donate form: on the page the server sends, its script checks the form with
 * the form's schema. When React renders the page (a link from a page that runs it), the script does
 * not run and Conform does the same (lib/forms.ts).
 */
export function DonateFormScript() {
  const nonce = useNonce();
  return <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: donateScript }} />;
}
