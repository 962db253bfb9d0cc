import { createContext, type RouterContextProvider } from 'react-router';
import { coveredByStaffRequirement, effectiveRole } from '~/lib/roles';
import { readSessionUser, type AccountUser } from './auth.server';
import { staffTwoFactorRequired } from './two-factor-policy.server';

/**
 * The signed-in user as every guard, page and feature sees it: `role` is the role it acts with
 * (`effectiveRole`: a member's while the association requires two-step sign-in of its role and it
 * is not on, docs/product.md#security), `accountRole` the one the account holds (what its own
 * pages show, and what decides where it is sent to set the second step up).
 */
export type SessionUser = Omit<AccountUser, 'role'> & { role: string | null; accountRole: string | null; secondStepMissing: boolean };

/** Asks the settings (held in memory) only for staff without two-step sign-in. */
async function withPowers(account: AccountUser | null): Promise<SessionUser | null> {
  if (!account) return null;
  const required = coveredByStaffRequirement(account.role) && !account.twoFactorEnabled ? await staffTwoFactorRequired() : false;
  return { ...account, ...effectiveRole(account, required), accountRole: account.role ?? null };
}

/**
 * What a loader, action or middleware knows of its request: React Router's arguments. The session
 * user is kept in the request's context (docs/architecture/server.md#requests-and-operations), so the
 * root, the layouts and the page read it once between them.
 */
export type RequestScope = { request: Request; context: Readonly<RouterContextProvider>; url: URL };

/**
 * The request whose session was read, and the read. After an action, React Router runs the
 * loaders with a new request in the same context: a sign-in or sign-out the action made is then
 * read afresh.
 */
type SessionRead = { request: Request; user: Promise<SessionUser | null> };

const sessionRead = createContext<SessionRead | null>(null);

/** The signed-in user of this request, or null: read on first use, then shared by every loader of the request. */
export function getSessionUser({ request, context }: Pick<RequestScope, 'request' | 'context'>): Promise<SessionUser | null> {
  const held = context.get(sessionRead);
  if (held && held.request === request) return held.user;
  const user = readSessionUser(request).then(withPowers);
  context.set(sessionRead, { request, user });
  // A failed read (the database restarting) is not kept: the next loader tries again.
  user.catch(() => {
    if (context.get(sessionRead)?.user === user) context.set(sessionRead, null);
  });
  return user;
}
