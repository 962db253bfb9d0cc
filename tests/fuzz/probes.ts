/**
 * What the fuzz suite sends (tests/fuzz/site.fuzz.test.ts), in a module of its own so that the
 * hostile-load benchmark (bench/hostile-memory.ts) sends the same requests: fast-check generators of
 * bad input for every form action and every set of GET parameters, and a visitor that keeps its
 * cookies as a browser would.
 */
import fc from 'fast-check';
import { linkIn, mailsTo } from '../setup/outbox';

export const nasty = fc.oneof(
  { weight: 3, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ maxLength: 12 }) },
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      '',
      ' ',
      '\u0000',
      'a\u0000b',
      '\u0007bell',
      '\r\n',
      '\t',
      '\uD800',
      'x'.repeat(20_000),
      '<script>alert(1)</script>',
      "' OR 1=1 --",
      '"; drop table users; --',
      '../../etc/passwd',
      '%00',
      '%E0%A4%A',
      '{{7*7}}',
      '${7*7}',
      '💥🎉',
      'ශ්‍රී ලංකා',
      '-1',
      '0',
      '1e309',
      'NaN',
      'Infinity',
      '99999999999999999999',
      '00000000-0000-0000-0000-000000000000',
      'javascript:alert(1)',
      '//evil.example',
      '/\\evil.example',
      'annual',
      'life',
      'general',
      'iptv',
      'approved',
      'super_admin',
      '__proto__',
      'constructor',
    ),
  },
  { weight: 1, arbitrary: fc.integer().map(String) },
  { weight: 1, arbitrary: fc.double().map(String) },
);

/** An email that can never be valid: the anchor that keeps fuzzed records from being created. */
export const invalidEmail = nasty.map((value) => value.replace(/@/g, ''));

export type Role = 'guest' | 'member' | 'admin';
export type Probe = { role: Role; method: 'GET' | 'POST'; path: string; form?: Record<string, string> };

const role = fc.constantFrom<Role>('guest', 'member', 'admin');
const defined = (values: Record<string, string | undefined>) => Object.fromEntries(Object.entries(values).filter((entry): entry is [string, string] => entry[1] !== undefined));
const fields = (names: string[]) => fc.record(Object.fromEntries(names.map((name) => [name, nasty])), { requiredKeys: [] }).map(defined);
const withExtra = (form: fc.Arbitrary<Record<string, string>>) => fc.tuple(form, fc.dictionary(nasty, nasty, { maxKeys: 3 })).map(([known, extra]) => ({ ...extra, ...known }));
const oneOf = (...values: string[]) => fc.oneof(fc.constantFrom(...values), nasty);
/** Lone surrogates become U+FFFD, as a browser would send them (encodeURIComponent refuses them). */
const wellFormed = (value: string) => value.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');
const segment = nasty.map((value) => encodeURIComponent(wellFormed(value)));
const query = (names: string[]) =>
  fields(names).map((values) => {
    const search = new URLSearchParams(values).toString();
    return search ? `?${search}` : '';
  });

const posts: fc.Arbitrary<Omit<Probe, 'role'>>[] = [
  withExtra(fc.record({ intent: oneOf('login', 'signup', 'resend'), email: invalidEmail, password: nasty, fullName: nasty })).map((form) => ({ method: 'POST', path: '/login', form })),
  withExtra(fields(['password', 'confirmPassword', 'token'])).map((form) => ({ method: 'POST', path: '/update-password', form })),
  withExtra(
    fc.record({
      intent: oneOf('create-account', 'apply'),
      email: invalidEmail,
      password: nasty,
      membershipType: nasty.filter((value) => value !== 'annual' && value !== 'life'),
      firstName: nasty,
      lastName: nasty,
      phoneNumber: nasty,
      homeAddress: nasty,
      olYear: nasty,
      alYear: nasty,
      studyStartDate: nasty,
      studyEndDate: nasty,
      js: oneOf('1'),
    }),
  ).map((form) => ({ method: 'POST', path: '/membership?plan=annual', form })),
  withExtra(
    fc.record({
      kind: oneOf('gift', 'subscription'),
      cause: oneOf('general', 'medical', 'iptv'),
      frequency: oneOf('once', 'month', 'year'),
      amount: nasty,
      customAmount: nasty,
      interval: oneOf('month', 'year'),
      firstName: nasty,
      lastName: nasty,
      email: invalidEmail,
      homeAddress: nasty,
      phoneNumber: nasty,
      js: oneOf('1'),
    }),
  ).map((form) => ({ method: 'POST', path: '/donate', form })),
  fc.tuple(segment, withExtra(fields([]))).map(([token, form]) => ({ method: 'POST', path: `/donate/manage?token=${token}`, form })),
  fc
    .tuple(fc.constantFrom('1', '2', '3', '4', '5'), withExtra(fields(['qty-1', 'qty-2', 'qty-3', 'qty-4', 'qty-5', 'qty-6', 'qty-7', 'qty-8'])))
    .map(([id, form]) => ({ method: 'POST', path: `/events/${id}`, form })),
  withExtra(fc.record({ intent: oneOf('cancel-subscription', 'renew-test-subscription', 'resend-receipt'), subscriptionId: nasty, paymentId: nasty })).map((form) => ({
    method: 'POST',
    path: '/members-portal/payments',
    form,
  })),
  withExtra(
    fc.record({
      intent: oneOf('renew', 'details', 'delete-account', 'turn-off-auto-renewal', 'update-card'),
      firstName: nasty,
      phoneNumber: nasty,
      confirmEmail: invalidEmail,
      autoRenew: nasty,
      outcome: nasty,
      confirmed: oneOf('yes'),
    }),
  ).map((form) => ({ method: 'POST', path: '/members-portal', form })),
  withExtra(fc.record({ outcome: oneOf('paid', 'failed') })).map((form) => ({ method: 'POST', path: '/payment/test-renewal', form })),
  withExtra(fc.record({ intent: oneOf('change-email'), newEmail: invalidEmail, currentPassword: nasty })).map((form) => ({ method: 'POST', path: '/members-portal', form })),
  withExtra(fc.record({ intent: oneOf('start', 'confirm', 'cancel', 'codes', 'off'), password: nasty, code: nasty })).map((form) => ({ method: 'POST', path: '/members-portal/security', form })),
  fc.tuple(query(['redirectTo', 'backup']), withExtra(fc.record({ intent: oneOf('totp', 'backup'), code: nasty, trustDevice: oneOf('on') }))).map(([search, form]) => ({
    method: 'POST',
    path: `/login/two-factor${search}`,
    form,
  })),
  withExtra(
    fc
      .record(
        {
          intent: oneOf('application-status', 'donation-status', 'settings', 'role', 'two-factor'),
          id: nasty,
          status: oneOf('approved', 'rejected', 'completed'),
          role: nasty,
          confirmUnpaid: oneOf('1'),
          associationName: nasty,
          shortName: nasty,
          contactEmail: invalidEmail,
          contactAddress: nasty,
          facebookUrl: nasty,
          staffTwoFactorRequired: oneOf('on'),
        },
        { requiredKeys: ['intent', 'contactEmail'] },
      )
      .map(defined),
  ).chain((form) => fc.constantFrom('members', 'donations', 'settings', 'users').map((section) => ({ method: 'POST' as const, path: `/admin/${section}`, form }))),
  fc.tuple(segment, withExtra(fields(['intent', 'cardNumber']))).map(([id, form]) => ({ method: 'POST', path: `/payment/test-checkout/${id}`, form })),
  withExtra(fields(['email'])).map((form) => ({ method: 'POST', path: '/api/webhooks/stripe', form })),
];

const gets: fc.Arbitrary<Omit<Probe, 'role'>>[] = [
  fc
    .tuple(fc.constantFrom('', '/members', '/donations', '/tickets', '/settings', '/users'), query(['tab', 'status', 'q', 'page', 'event']))
    .map(([section, search]) => ({ method: 'GET', path: `/admin${section}${search}` })),
  query(['tab', 'status', 'q']).map((search) => ({ method: 'GET', path: `/admin/export.csv${search}` })),
  fc
    .tuple(fc.constantFrom('', '/payments', '/tickets', '/documents', '/directory', '/security'), query(['tab', 'email', 'error', 'q']))
    .map(([section, search]) => ({ method: 'GET', path: `/members-portal${section}${search}` })),
  query(['year']).map((search) => ({ method: 'GET', path: `/admin/finance${search}` })),
  query(['year']).map((search) => ({ method: 'GET', path: `/admin/finance/totals.csv${search}` })),
  fc.tuple(segment, segment).map(([year, file]) => ({ method: 'GET', path: `/admin/finance/statements/${year}/${file}` })),
  query(['redirectTo', 'verified', 'error', 'tab']).map((search) => ({ method: 'GET', path: `/login${search}` })),
  query(['redirectTo', 'backup']).map((search) => ({ method: 'GET', path: `/login/two-factor${search}` })),
  query(['cause']).map((search) => ({ method: 'GET', path: `/donate${search}` })),
  query(['plan']).map((search) => ({ method: 'GET', path: `/membership${search}` })),
  query(['session_id']).map((search) => ({ method: 'GET', path: `/payment-success${search}` })),
  query(['token']).map((search) => ({ method: 'GET', path: `/donate/manage${search}` })),
  query(['token']).map((search) => ({ method: 'GET', path: `/update-password${search}` })),
  query(['document']).map((search) => ({ method: 'GET', path: `/members-only${search}` })),
  query(['past']).map((search) => ({ method: 'GET', path: `/committees${search}` })),
  segment.map((id) => ({ method: 'GET', path: `/news/${id}` })),
  segment.map((id) => ({ method: 'GET', path: `/events/${id}` })),
  segment.map((id) => ({ method: 'GET', path: `/admin/applications/${id}` })),
  segment.map((id) => ({ method: 'GET', path: `/documents/${id}/download` })),
  segment.map((id) => ({ method: 'GET', path: `/payment/test-checkout/${id}` })),
  fc.tuple(segment, query(['callbackURL', 'token'])).map(([pathPart, search]) => ({ method: 'GET', path: `/api/auth/${pathPart}${search}` })),
];

export const probe: fc.Arbitrary<Probe> = fc.tuple(role, fc.oneof(...posts, ...gets)).map(([who, request]) => ({ role: who, ...request }));

/**
 * One visitor of the site: keeps the cookies the site sets, as a browser would, and sends the
 * site's own Origin with every request (as the journeys' browsers do for form posts).
 */
export class Visitor {
  private readonly cookies = new Map<string, string>();

  constructor(private readonly origin: string) {}

  /** Sends one request; with `follow`, follows redirects (as GET) the way a browser would; given up after `limitMs` (2 minutes). */
  async request(
    method: 'GET' | 'POST',
    path: string,
    options: { form?: Record<string, string>; follow?: boolean; limitMs?: number } = {},
  ): Promise<{ status: number; location: string | null; body: string }> {
    let url = new URL(path, this.origin);
    let form = method === 'POST' ? (options.form ?? {}) : undefined;
    for (let hops = 0; ; hops += 1) {
      const headers: Record<string, string> = { Origin: this.origin };
      if (this.cookies.size > 0) headers.Cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
      let body: string | undefined;
      if (form) {
        const encoded = new URLSearchParams();
        for (const [name, value] of Object.entries(form)) encoded.append(name, value);
        body = encoded.toString();
        headers['Content-Type'] = 'application/x-www-form-urlencoded';
      }
      // A limit, not a wait: a request the server never answers fails here instead of hanging the run.
      const response = await fetch(url, { method: form ? 'POST' : 'GET', headers, body, redirect: 'manual', signal: AbortSignal.timeout(options.limitMs ?? 120_000) });
      for (const cookie of response.headers.getSetCookie()) this.keep(cookie);
      const answer = { status: response.status, location: response.headers.get('Location'), body: await response.text() };
      if (!options.follow || !answer.location || answer.status < 300 || answer.status >= 400) return answer;
      if (hops === 20) throw new Error(`More than 20 redirects from ${path}`);
      url = new URL(answer.location, url);
      form = undefined;
    }
  }

  private keep(setCookie: string) {
    const [pair = '', ...attributes] = setCookie.split(';');
    const separator = pair.indexOf('=');
    if (separator < 1) return;
    const name = pair.slice(0, separator).trim();
    const value = pair.slice(separator + 1).trim();
    const expired = attributes.some((attribute) => {
      const [key = '', setting = ''] = attribute.split('=').map((part) => part.trim());
      if (key.toLowerCase() === 'max-age') return Number(setting) <= 0;
      if (key.toLowerCase() === 'expires') return Date.parse(setting) <= Date.now();
      return false;
    });
    if (expired || value === '') this.cookies.delete(name);
    else this.cookies.set(name, value);
  }
}

/**
 * A guest, a member (signed up, its address verified from the outbox's mail, signed in) and the
 * bootstrap admin, each keeping its own session: the fuzzed requests go out with their rights.
 */
export async function signedInVisitors(
  site: { origin: string; outbox: string; admin: { email: string; password: string } },
  member = { email: 'fuzzy-member@example.org', password: 'a good long password' },
): Promise<Record<Role, Visitor>> {
  const visitors: Record<Role, Visitor> = { guest: new Visitor(site.origin), member: new Visitor(site.origin), admin: new Visitor(site.origin) };
  const signIn = async (visitor: Visitor, email: string, password: string) => {
    const response = await visitor.request('POST', '/login', { form: { intent: 'login', email, password } });
    if (response.status !== 302) throw new Error(`Signing in as ${email} answered ${response.status}`);
  };
  await signIn(visitors.admin, site.admin.email, site.admin.password);
  await visitors.member.request('POST', '/login', { form: { intent: 'signup', fullName: 'Fuzzy Member', email: member.email, password: member.password }, follow: true });
  // The verification mail, once it has arrived (a limit for a loaded machine, not a wait).
  let link: string | undefined;
  for (const limit = Date.now() + 60_000; !link;) {
    const mail = (await mailsTo(site.outbox, member.email)).find((message) => message.subject?.startsWith('Verify'));
    if (mail) link = linkIn(mail, '/api/auth/verify-email');
    else if (Date.now() > limit) throw new Error(`No verification mail to ${member.email} in ${site.outbox} within 60 s`);
    else await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await visitors.member.request('GET', link, { follow: true });
  await signIn(visitors.member, member.email, member.password);
  return visitors;
}
