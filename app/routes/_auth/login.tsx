import { getFormProps, type SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { data, Form, Link, redirect, useSearchParams } from 'react-router';
import { Button } from '~/components/ui/button';
import { FormError, FormField } from '~/components/ui/form-field';
import { loginPageSchema, loginSchema, passwordRule, signUpSchema } from '~/features/accounts/accounts.schema';
import { resendVerification, signIn, signUp } from '~/features/accounts/accounts.server';
import { TWO_FACTOR_SETUP_PATH } from '~/features/accounts/route-guards.server';
import { getSessionUser } from '~/features/accounts/session.server';
import { mustSetUpTwoFactor } from '~/features/accounts/two-factor-policy.server';
import { passwordProblem } from '~/features/accounts/passwords.server';
import { useIsPending, useSchemaForm } from '~/lib/forms';
import { readFormData, refusedPost } from '~/lib/forms.server';
import { messages } from '~/lib/messages';
import { pageMeta } from '~/lib/meta';
import { safeRedirect } from '~/lib/redirects';
import { dataWithToast, redirectWithToast } from '~/lib/toast.server';
import type { PageHandle } from '~/lib/page-policy';
import type { Route } from './+types/login';

export async function loader(args: Route.LoaderArgs) {
  const { request } = args;
  const url = new URL(request.url);
  if (await getSessionUser(args)) throw redirect(safeRedirect(url.searchParams.get('redirectTo')));
  const verificationError = url.searchParams.has('error');
  return {
    notice: url.searchParams.get('verified') === '1' ? (verificationError ? messages.verificationLinkInvalid : messages.emailVerified) : null,
    noticeIsError: verificationError,
  };
}

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'Login');

const signInFailures = {
  'invalid-credentials': { status: 401, message: messages.invalidCredentials },
  'email-not-verified': { status: 403, message: messages.emailNotVerified },
  'rate-limited': { status: 429, message: messages.tooManyAttempts },
  failed: { status: 500, message: messages.somethingWentWrong },
} as const;

const signUpFailures = {
  'email-in-use': { status: 409, message: messages.emailInUse },
  'mail-failed': { status: 503, message: messages.signUpMailFailed },
  'rate-limited': { status: 429, message: messages.tooManyAttempts },
  invalid: { status: 400, message: messages.checkWhatYouEntered },
  failed: { status: 500, message: messages.somethingWentWrong },
} as const;

export async function action(args: Route.ActionArgs) {
  const { request } = args;
  const submission = parseWithZod(await readFormData(request), { schema: loginPageSchema });
  if (submission.status !== 'success') {
    const { intent } = refusedPost(submission);
    if (intent === 'signup') return data({ intent: 'signup' as const, result: submission.reply({ hideFields: ['password'] }), unverifiedEmail: null }, { status: 400 });
    if (intent === 'login' || intent === 'resend') return data({ intent: 'login' as const, result: submission.reply({ hideFields: ['password'] }), unverifiedEmail: null }, { status: 400 });
    return data({ intent: 'login' as const, result: undefined, unverifiedEmail: null }, { status: 400 });
  }
  const input = submission.value;

  if (input.intent === 'resend') {
    const resent = await resendVerification(request, input.email);
    if (!resent.ok && resent.reason === 'mail-failed') {
      return dataWithToast(args.context, { intent: 'login' as const, result: submission.reply({ hideFields: ['password'] }), unverifiedEmail: input.email }, messages.errorSendingEmail, {
        status: 503,
      });
    }
    if (!resent.ok) {
      return data({ intent: 'login' as const, result: submission.reply({ formErrors: [messages.tooManyAttempts], hideFields: ['password'] }), unverifiedEmail: input.email }, { status: 429 });
    }
    return dataWithToast(args.context, { intent: 'login' as const, result: submission.reply({ hideFields: ['password'] }), unverifiedEmail: null }, messages.verificationResent);
  }

  if (input.intent !== 'signup') {
    const outcome = await signIn(request, { email: input.email, password: input.password });
    const redirectTo = safeRedirect(new URL(request.url).searchParams.get('redirectTo'));
    if (outcome.ok === 'second-step') {
      // The password was right; the code page finishes the sign-in (docs/product.md#security).
      return redirect(redirectTo === '/' ? '/login/two-factor' : `/login/two-factor?redirectTo=${encodeURIComponent(redirectTo)}`, { headers: outcome.headers });
    }
    if (outcome.ok) {
      // Admins and finance without two-step sign-in set it up first while a super admin requires it.
      const next = (await mustSetUpTwoFactor(outcome.user)) ? TWO_FACTOR_SETUP_PATH : redirectTo;
      return redirectWithToast(next, messages.loginSuccessful, { headers: outcome.headers });
    }
    const failure = signInFailures[outcome.reason];
    return data(
      {
        intent: 'login' as const,
        result: submission.reply({ formErrors: [failure.message], hideFields: ['password'] }),
        unverifiedEmail: outcome.reason === 'email-not-verified' ? input.email : null,
      },
      { status: failure.status },
    );
  }

  const weak = await passwordProblem(input.password);
  if (weak) {
    return data({ intent: 'signup' as const, result: submission.reply({ fieldErrors: { password: [weak] }, hideFields: ['password'] }), unverifiedEmail: null }, { status: 400 });
  }
  const outcome = await signUp(request, { fullName: input.fullName, email: input.email, password: input.password });
  if (outcome.ok) {
    return dataWithToast(args.context, { intent: 'signup' as const, result: submission.reply({ resetForm: true }), unverifiedEmail: null }, messages.signUpSuccessful);
  }
  const failure = signUpFailures[outcome.reason];
  const reply = { intent: 'signup' as const, result: submission.reply({ formErrors: [failure.message], hideFields: ['password'] }), unverifiedEmail: null };
  return outcome.reason === 'mail-failed' ? dataWithToast(args.context, reply, messages.errorSendingEmail, { status: failure.status }) : data(reply, { status: failure.status });
}

// Rendered for each visitor; React starts after the first paint, the forms posting without it
// meanwhile (docs/architecture/pages.md#page-policy; ADR 021).
export const handle: PageHandle = { cache: 'personal', scripts: 'after-paint' };

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const [searchParams] = useSearchParams();
  const tab = actionData?.intent ?? (searchParams.get('tab') === 'signup' ? 'signup' : 'login');
  return (
    <>
      <h1 className="text-center text-2xl font-bold text-navy-900">Welcome</h1>
      <p className="mt-1 text-center text-sm text-muted-foreground">Sign in to your account, or create one.</p>
      {loaderData.notice ? (
        <p role="status" className={loaderData.noticeIsError ? 'mt-4 rounded-md bg-red-50 p-3 text-sm text-destructive' : 'mt-4 rounded-md bg-emerald-50 p-3 text-sm text-emerald-800'}>
          {loaderData.notice}
        </p>
      ) : null}
      {/* Two links, not tabs: each loads its form, with React or without it (ADR 014, kept by ADR 021). */}
      <nav aria-label="Login or sign up" className="mt-6 grid grid-cols-2 rounded-lg bg-muted p-1">
        {(['login', 'signup'] as const).map((name) => (
          <Link
            key={name}
            to={name === 'signup' ? '?tab=signup' : '?'}
            replace
            preventScrollReset
            aria-current={tab === name ? 'page' : undefined}
            className="rounded-md py-2 text-center text-sm font-semibold text-slate-600 aria-[current=page]:bg-white aria-[current=page]:text-navy-900 aria-[current=page]:shadow-sm"
          >
            {name === 'signup' ? 'Sign Up' : 'Login'}
          </Link>
        ))}
      </nav>
      <div className="mt-6">
        {tab === 'login' ? (
          <LoginForm lastResult={actionData?.intent === 'login' ? actionData.result : undefined} unverifiedEmail={actionData?.unverifiedEmail ?? null} />
        ) : (
          <SignUpForm lastResult={actionData?.intent === 'signup' ? actionData.result : undefined} />
        )}
      </div>
    </>
  );
}

type LastResult = SubmissionResult<string[]> | undefined;

function LoginForm({ lastResult, unverifiedEmail }: { lastResult: LastResult; unverifiedEmail: string | null }) {
  const [form, fields] = useSchemaForm(loginSchema, { id: 'login', lastResult });
  const busy = useIsPending({ intent: 'login' });
  return (
    <>
      <Form method="post" {...getFormProps(form)} className="grid gap-4">
        <input type="hidden" name="intent" value="login" />
        <FormField field={fields.email} label="Email" type="email" autoComplete="email" />
        <FormField field={fields.password} label="Password" type="password" autoComplete="current-password" />
        <div className="-mt-2 text-right">
          <Link to="/forgot-password" className="text-sm font-medium text-navy-700 hover:underline">
            Forgot password?
          </Link>
        </div>
        <Button type="submit" size="lg" disabled={busy}>
          {busy ? 'Signing In...' : 'Sign In'}
        </Button>
        <FormError id={form.errorId} errors={form.errors} />
      </Form>
      {unverifiedEmail ? <ResendVerification email={unverifiedEmail} /> : null}
    </>
  );
}

function ResendVerification({ email }: { email: string }) {
  const busy = useIsPending({ intent: 'resend' });
  return (
    <Form method="post" className="mt-3 text-center text-sm">
      <input type="hidden" name="intent" value="resend" />
      <input type="hidden" name="email" value={email} />
      <input type="hidden" name="password" value="-" />
      <Button type="submit" variant="link" disabled={busy}>
        {busy ? 'Sending...' : 'Resend the verification email'}
      </Button>
    </Form>
  );
}

function SignUpForm({ lastResult }: { lastResult: LastResult }) {
  const [form, fields] = useSchemaForm(signUpSchema, { id: 'signup', lastResult });
  const busy = useIsPending({ intent: 'signup' });
  return (
    <Form method="post" {...getFormProps(form)} className="grid gap-4">
      <input type="hidden" name="intent" value="signup" />
      <FormField field={fields.fullName} label="Full Name" autoComplete="name" />
      <FormField field={fields.email} label="Email" type="email" autoComplete="email" />
      <FormField field={fields.password} label="Password" type="password" autoComplete="new-password" hint={passwordRule} />
      <Button type="submit" size="lg" variant="accent" disabled={busy}>
        {busy ? 'Creating Account...' : 'Create Account'}
      </Button>
      <FormError id={form.errorId} errors={form.errors} />
      <p className="text-center text-xs text-muted-foreground">
        By signing up, you agree to our{' '}
        <Link to="/terms-of-service" target="_blank" className="underline">
          Terms of Service
          <span className="sr-only"> (opens in a new tab)</span>
        </Link>
        .
      </p>
    </Form>
  );
}
