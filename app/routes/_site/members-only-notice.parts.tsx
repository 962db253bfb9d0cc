import { Lock, RefreshCw } from 'lucide-react';
import { Form, Link } from 'react-router';
import { Button } from '~/components/ui/button';
import type { MembershipStanding } from '~/features/membership/status';
import { messages } from '~/lib/messages';

/**
 * Why members' documents are closed to this visitor, and what to do about it: sign in, join, pay,
 * wait for approval, or renew (docs/product.md#members-portal). Used by the members-only page and
 * the portal's Documents tab (`inPortal`: no link to the portal they are on). Renewing posts the
 * portal's own Renew, so it works without JavaScript too.
 */
export function MembersOnlyNotice({ signedIn, standing, headingLevel = 'h1', inPortal = false }: { signedIn: boolean; standing: MembershipStanding; headingLevel?: 'h1' | 'h2'; inPortal?: boolean }) {
  const Heading = headingLevel;
  const reason = !signedIn ? 'signedOut' : standing === 'active' || standing === 'grace' ? 'none' : standing;
  return (
    <div className="rounded-2xl border border-border bg-white p-6 text-center shadow-sm sm:p-10">
      <span className="mx-auto flex size-14 items-center justify-center rounded-full bg-gold-100 text-gold-700">
        <Lock className="size-7" aria-hidden />
      </span>
      <Heading className="mt-4 text-2xl font-bold text-navy-900">{messages.membersOnlyTitle}</Heading>
      <p className="mx-auto mt-3 max-w-xl text-slate-700">{messages.membersOnly[reason]}</p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        {!signedIn ? (
          <Button asChild>
            <Link to={`/login?redirectTo=${encodeURIComponent('/members-portal/documents')}`}>Sign in</Link>
          </Button>
        ) : null}
        {!signedIn || reason === 'none' || reason === 'rejected' ? (
          <Button asChild variant="accent">
            <Link to="/membership">Become a Member</Link>
          </Button>
        ) : reason === 'expired' ? (
          <Form method="post" action="/members-portal">
            <input type="hidden" name="intent" value="renew" />
            <Button type="submit" variant="accent">
              <RefreshCw aria-hidden /> Renew my membership
            </Button>
          </Form>
        ) : (
          <Button asChild variant="accent">
            <Link to="/members-portal">{inPortal ? 'See your application' : 'Go to your portal'}</Link>
          </Button>
        )}
      </div>
    </div>
  );
}
