import { redirect } from 'react-router';
import { documentPath } from '~/lib/redirects';
import { adminAbilities, hasRole, type AdminAbilities, type Role } from '~/lib/roles';
import { getSessionUser, type SessionUser } from './auth.server';

/**
 * Route guards on the server (docs/architecture.md#permissions): no user → /login, remembering where the
 * visitor was going; a user below the required rank → /.
 */
function loginRedirect(request: Request): Response {
  // The page, not the data request a client-side navigation makes for it (`/members-portal.data`).
  const back = documentPath(request);
  return redirect(back === '/' ? '/login' : `/login?redirectTo=${encodeURIComponent(back)}`);
}

export async function requireUser(request: Request): Promise<SessionUser> {
  const user = await getSessionUser(request);
  if (!user) throw loginRedirect(request);
  return user;
}

export async function requireRole(request: Request, role: Role): Promise<SessionUser> {
  const user = await requireUser(request);
  if (!hasRole(user.role, role)) throw redirect('/');
  return user;
}

/** The signed-in user and what they may do in the admin area; anyone without admin access goes to /. */
export async function requireAdminArea(request: Request): Promise<{ user: SessionUser; can: AdminAbilities }> {
  const user = await requireUser(request);
  const can = adminAbilities(user.role);
  if (!can.enter) throw redirect('/');
  return { user, can };
}

/**
 * The content area (docs/product.md#content-area): editors and admins. Finance, who may enter the
 * admin area but not edit content, goes back to the dashboard; anyone else to /.
 */
export async function requireContentEditor(request: Request): Promise<{ user: SessionUser; can: AdminAbilities }> {
  const { user, can } = await requireAdminArea(request);
  if (!can.editContent) throw redirect('/admin');
  return { user, can };
}

/**
 * Whether this request asks for, and may see, content that is not published yet: `?preview` from
 * someone who edits content (docs/product.md#content-area). Anyone else sees the public page.
 */
export async function wantsPreview(request: Request): Promise<boolean> {
  if (!new URL(request.url).searchParams.has('preview')) return false;
  const user = await getSessionUser(request);
  return adminAbilities(user?.role).editContent;
}
