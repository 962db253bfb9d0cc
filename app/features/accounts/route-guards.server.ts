import { data, redirect, type MiddlewareFunction } from 'react-router';
import { adminRefusal, adminSections, type AdminSection } from '~/lib/admin-places';
import { adminAbilities, hasRole, type AdminAbilities, type Role } from '~/lib/roles';
import { getSessionUser, type RequestScope, type SessionUser } from './session.server';

/** Where an admin or finance user without two-step sign-in goes while a super admin requires it. */
export const TWO_FACTOR_SETUP_PATH = '/members-portal/security';

/**
 * The role guards every loader, action and layout middleware calls (docs/architecture/accounts.md#permissions),
 * and the layouts' middleware made of them: no user → /login, remembering where the visitor was going;
 * a user below the required rank → /. Each takes the loader's, action's or middleware's own arguments
 * (`requireUser(args)`): the session is read from the request's context.
 */
function loginRedirect(url: URL): Response {
  // `url` is the page's address, also for the data request a client-side navigation makes for it.
  const back = `${url.pathname}${url.search}`;
  return redirect(back === '/' ? '/login' : `/login?redirectTo=${encodeURIComponent(back)}`);
}

export async function requireUser(scope: RequestScope): Promise<SessionUser> {
  const user = await getSessionUser(scope);
  if (!user) throw loginRedirect(scope.url);
  return user;
}

export async function requireRole(scope: RequestScope, role: Role): Promise<SessionUser> {
  const user = await requireUser(scope);
  if (!hasRole(user.role, role)) throw redirect('/');
  return user;
}

/**
 * The signed-in user and what they may do in the admin area; anyone without admin access goes to /,
 * and an admin or finance user without two-step sign-in, while a super admin requires it, to its
 * set-up (such an account acts as a member meanwhile: `effectiveRole`, session.server.ts).
 */
export async function requireAdminArea(scope: RequestScope): Promise<{ user: SessionUser; can: AdminAbilities }> {
  const user = await requireUser(scope);
  if (user.secondStepMissing) throw redirect(TWO_FACTOR_SETUP_PATH);
  const can = adminAbilities(user.role);
  if (!can.enter) throw redirect('/');
  return { user, can };
}

/**
 * A page of the admin area that needs `ability`: anyone in the area without it gets the refusal page
 * (403: what the page is, who may open it, and the places their role may open instead;
 * docs/product.md#admin-navigation), never a redirect that leaves them guessing nor a 404.
 */
export async function requireAdminAbility(scope: RequestScope, ability: Exclude<keyof AdminAbilities, 'enter'>): Promise<{ user: SessionUser; can: AdminAbilities }> {
  const { user, can } = await requireAdminArea(scope);
  if (!can[ability]) throw data(adminRefusal(user.role, ability, scope.url.pathname), { status: 403, statusText: 'Forbidden' });
  return { user, can };
}

/**
 * The content area (docs/product.md#content-area): editors and admins. Finance, who may enter the
 * admin area but not edit content, gets the refusal page; anyone else goes to /.
 */
export function requireContentEditor(scope: RequestScope): Promise<{ user: SessionUser; can: AdminAbilities }> {
  return requireAdminAbility(scope, 'editContent');
}

/**
 * A dashboard section (each section's loader calls it): the admin area, and the ability the section
 * needs (`lib/admin-places.ts`). Actions check the ability in the feature function instead, so a
 * refused post says why on the page.
 */
export function requireAdminSection(scope: RequestScope, slug: AdminSection): Promise<{ user: SessionUser; can: AdminAbilities }> {
  const section = adminSections.find((candidate) => candidate.slug === slug)!;
  return requireAdminAbility(scope, section.ability);
}

/** Mail to members (docs/product.md#mail-to-members) is for admins; finance and editors get the refusal page. */
export async function requireMailer(scope: RequestScope): Promise<SessionUser> {
  const { user } = await requireAdminAbility(scope, 'mailMembers');
  return user;
}

/**
 * The layouts' middleware (`export const middleware = [adminAreaMiddleware]`): React Router runs a
 * route's middleware before any loader or action below it, where a layout's loader, run beside its
 * children's, would protect nothing.
 */
const guardMiddleware =
  (guard: (scope: RequestScope) => Promise<unknown>): MiddlewareFunction<Response> =>
  async (args, next) => {
    await guard(args);
    return next();
  };

/** The members' portal: a signed-in member, or any higher rank. */
export const memberMiddleware = guardMiddleware((scope) => requireRole(scope, 'member'));
/** The admin area (`requireAdminArea`). */
export const adminAreaMiddleware = guardMiddleware(requireAdminArea);
/** The content area (`requireContentEditor`). */
export const contentEditorMiddleware = guardMiddleware(requireContentEditor);
/** Mail to members (`requireMailer`). */
export const mailerMiddleware = guardMiddleware(requireMailer);

/**
 * Whether this request asks for, and may see, content that is not published yet: `?preview` from
 * someone who edits content (docs/product.md#content-area). Anyone else sees the public page: an
 * anonymous visitor's `?preview` is not even read, so the page cache gives them the page's one copy
 * (docs/architecture/page-cache.md).
 */
export async function wantsPreview(scope: RequestScope): Promise<boolean> {
  const user = await getSessionUser(scope);
  return Boolean(user && adminAbilities(user.role).editContent && scope.url.searchParams.has('preview'));
}
