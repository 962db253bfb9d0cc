import { z } from 'zod';
import { signedCookie } from '~/lib/signed-cookie.server';

/**
 * A visitor who created their account in the membership form (docs/product.md#membership) is not
 * signed in yet: their address is unverified. This signed, hour-long cookie lets them finish the
 * application they started for that new account, and nothing else.
 */
const applicantSchema = z.object({ userId: z.string(), email: z.string(), name: z.string() });
type NewAccountApplicant = z.infer<typeof applicantSchema>;

const applicantCookie = signedCookie('ppa_applicant', applicantSchema, { maxAgeSeconds: 60 * 60 });

export const readApplicant = (request: Request): Promise<NewAccountApplicant | null> => applicantCookie.read(request);
export const applicantCookieHeader = (applicant: NewAccountApplicant): Promise<string> => applicantCookie.write(applicant);
export const clearApplicantCookieHeader = (): Promise<string> => applicantCookie.clear();
