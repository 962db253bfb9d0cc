import { createCookie } from 'react-router';
import { env } from '~/lib/env.server';

/**
 * A visitor who created their account in the membership form (SPEC A §2) is not signed in yet:
 * their address is unverified. This signed, hour-long cookie lets them finish the application
 * they started for that new account, and nothing else.
 */
let cookie: ReturnType<typeof createCookie> | undefined;
function applicantCookie() {
  cookie ??= createCookie('ppa_applicant', {
    httpOnly: true,
    sameSite: 'lax',
    // Not '/membership': React Router's data requests go to /membership.data, outside that path.
    path: '/',
    maxAge: 60 * 60,
    secure: env().publicUrl.startsWith('https://'),
    secrets: [env().authSecret],
  });
  return cookie;
}

export type Applicant = { userId: string; email: string; name: string };

export async function readApplicant(request: Request): Promise<Applicant | null> {
  const value: unknown = await applicantCookie().parse(request.headers.get('Cookie'));
  if (!value || typeof value !== 'object') return null;
  const candidate = value as Record<string, unknown>;
  return typeof candidate.userId === 'string' && typeof candidate.email === 'string' && typeof candidate.name === 'string'
    ? { userId: candidate.userId, email: candidate.email, name: candidate.name }
    : null;
}

export async function applicantCookieHeader(applicant: Applicant): Promise<string> {
  return applicantCookie().serialize(applicant);
}

export async function clearApplicantCookieHeader(): Promise<string> {
  return applicantCookie().serialize('', { maxAge: 0 });
}
