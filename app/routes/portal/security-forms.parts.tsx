import { getFormProps, type SubmissionResult } from '@conform-to/react';
import { useEffect, useState } from 'react';
import { Form } from 'react-router';
import { Button } from '~/components/ui/button';
import { FormError, FormField } from '~/components/ui/form-field';
import { authenticatorCodeSchema, currentPasswordSchema } from '~/features/accounts/accounts.schema';
import { groupedSecret } from '~/features/accounts/otpauth';
import { useIsPending, useSchemaForm } from '~/lib/forms';

/** What the Security page's action answers (docs/product.md#security): the form it was, and its result. */
export type SecurityReply = { intent: string; result: SubmissionResult<string[]>; codes?: string[] };
type LastResult = SubmissionResult<string[]> | undefined;

// The browser checks the code's shape; the server says whether it is right.
const confirmSchema = authenticatorCodeSchema.pick({ code: true });

/** Off: the password starts the set-up. */
export function TwoFactorOff({ lastResult }: { lastResult: LastResult }) {
  const [form, fields] = useSchemaForm(currentPasswordSchema, { id: 'two-factor-start', lastResult });
  const busy = useIsPending({ intent: 'start' });
  return (
    <Form method="post" {...getFormProps(form)} className="mt-6 grid gap-4 border-t border-border pt-6">
      <input type="hidden" name="intent" value="start" />
      <p className="text-sm text-slate-700">Enter your password to begin. Nothing changes until you confirm with a code from your app.</p>
      <FormField field={fields.password} label="Current Password" type="password" autoComplete="current-password" className="sm:max-w-sm" />
      <Button type="submit" disabled={busy} className="justify-self-start">
        {busy ? 'Starting…' : 'Set up two-step sign-in'}
      </Button>
      <FormError id={form.errorId} errors={form.errors} />
    </Form>
  );
}

/** Being set up: the QR code and the key to type, then the first code from the app turns it on. */
export function TwoFactorPending({ setup, lastResult }: { setup: { qrDataUrl: string; secret: string }; lastResult: LastResult }) {
  const [form, fields] = useSchemaForm(confirmSchema, { id: 'two-factor-confirm', lastResult });
  const busy = useIsPending({ intent: 'confirm' });
  const cancelling = useIsPending({ intent: 'cancel' });
  return (
    <div className="mt-6 grid gap-6 border-t border-border pt-6">
      <ol className="grid list-decimal gap-6 pl-5 text-sm text-slate-700 marker:font-bold marker:text-navy-900">
        <li className="grid gap-3">
          <p>Scan this QR code with your authenticator app (add an account, then scan a QR code).</p>
          <img src={setup.qrDataUrl} alt="QR code to add this account to an authenticator app" width={200} height={200} className="size-48 rounded-md border border-border bg-white sm:size-52" />
          <p>
            Or type this key into the app (time-based, 6 digits):
            <code data-testid="two-factor-secret" className="mt-1 block break-all rounded-md bg-muted px-3 py-2 font-mono text-base tracking-wider text-navy-900">
              {groupedSecret(setup.secret)}
            </code>
          </p>
        </li>
        <li>
          <Form method="post" {...getFormProps(form)} className="grid gap-4">
            <input type="hidden" name="intent" value="confirm" />
            <p>Enter the 6-digit code the app now shows, to turn two-step sign-in on.</p>
            <FormField field={fields.code} label="Authentication code" inputMode="numeric" autoComplete="one-time-code" maxLength={20} className="sm:max-w-xs" />
            <Button type="submit" disabled={busy} className="justify-self-start">
              {busy ? 'Checking…' : 'Turn on'}
            </Button>
            <FormError id={form.errorId} errors={form.errors} />
          </Form>
        </li>
      </ol>
      <Form method="post">
        <input type="hidden" name="intent" value="cancel" />
        <Button type="submit" variant="outline" disabled={cancelling}>
          Cancel set-up
        </Button>
      </Form>
    </div>
  );
}

/** On: new backup codes, or turning it off (each with the password), unless the account's role requires it. */
export function TwoFactorOn({ required, codes, codesResult, offResult }: { required: boolean; codes: string[] | null; codesResult: LastResult; offResult: LastResult }) {
  return (
    <div className="mt-6 grid gap-8 border-t border-border pt-6">
      <p className="text-sm text-slate-700">Two-step sign-in is on. After your password, we ask for the code from your app, or one of your backup codes.</p>
      {codes && codes.length > 0 ? <BackupCodes codes={codes} /> : null}
      <PasswordForm
        id="two-factor-codes"
        intent="codes"
        heading="Backup codes"
        text="Lost them, or used most? New codes replace the old ones, which stop working."
        button={['New backup codes', 'Making codes…']}
        lastResult={codesResult}
      />
      {required ? (
        <p className="text-sm text-slate-700">The association requires two-step sign-in for your role, so it stays on.</p>
      ) : (
        <PasswordForm
          id="two-factor-off"
          intent="off"
          heading="Turn off"
          text="Your password alone will sign you in again."
          button={['Turn off two-step sign-in', 'Turning off…']}
          lastResult={offResult}
        />
      )}
    </div>
  );
}

function PasswordForm({ id, intent, heading, text, button, lastResult }: { id: string; intent: string; heading: string; text: string; button: [string, string]; lastResult: LastResult }) {
  const [form, fields] = useSchemaForm(currentPasswordSchema, { id, lastResult });
  const busy = useIsPending({ intent });
  return (
    <Form method="post" {...getFormProps(form)} className="grid gap-3" aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`} className="font-bold text-navy-900">
        {heading}
      </h3>
      <p className="text-sm text-slate-700">{text}</p>
      <input type="hidden" name="intent" value={intent} />
      <FormField field={fields.password} label="Current Password" type="password" autoComplete="current-password" className="sm:max-w-sm" />
      <Button type="submit" variant={intent === 'off' ? 'outline' : 'default'} disabled={busy} className="justify-self-start">
        {busy ? button[1] : button[0]}
      </Button>
      <FormError id={form.errorId} errors={form.errors} />
    </Form>
  );
}

/** The backup codes, this once: to download as a text file or print (the print button needs JavaScript). */
function BackupCodes({ codes }: { codes: string[] }) {
  const [canPrint, setCanPrint] = useState(false);
  useEffect(() => setCanPrint(true), []);
  const file = `Backup codes for two-step sign-in. Each works once.\n\n${codes.join('\n')}\n`;
  return (
    <div role="status" className="grid gap-3 rounded-md border border-amber-200 bg-amber-50 p-4 text-sm text-amber-950">
      <h3 className="font-bold">Your backup codes</h3>
      <p>Save them now: they are shown only this once. Each works once, in place of a code from your app, if you lose your phone.</p>
      <ul data-testid="backup-codes" className="grid grid-cols-2 gap-x-4 gap-y-1 font-mono text-base text-navy-900">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-3 print:hidden">
        <Button asChild variant="outline">
          <a href={`data:text/plain;charset=utf-8,${encodeURIComponent(file)}`} download="backup-codes.txt">
            Download (.txt)
          </a>
        </Button>
        {canPrint ? (
          <Button type="button" variant="outline" onClick={() => window.print()}>
            Print
          </Button>
        ) : null}
      </div>
    </div>
  );
}
