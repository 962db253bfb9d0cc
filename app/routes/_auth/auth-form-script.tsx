import { useNonce } from '~/lib/nonce';
// The sign-in pages are served without React (ADR 014); this checks their forms in the browser.
import authFormsScript from './auth-forms-page?inline-script';

/**
 * The last child of a sign-in form: on the page the server sends, its script checks the form with
 * the form's schema. When React renders the page (a link from a page that runs it), the script does
 * not run and Conform does the same (lib/forms.ts).
 */
export function AuthFormScript() {
  const nonce = useNonce();
  return <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: authFormsScript }} />;
}
