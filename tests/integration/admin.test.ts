/** Admin rules on a fresh database: status changes with audit and mail, settings, roles, and who may do what. */
import { eq } from 'drizzle-orm';
import { parse } from 'csv-parse/sync';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '~/db/schema/audit';
import { users } from '~/db/schema/auth';
import { news, siteSettings } from '~/db/schema/content';
import { media } from '~/db/schema/media';
import { donations } from '~/db/schema/donations';
import { membershipApplications } from '~/db/schema/membership';
import { payments } from '~/db/schema/payments';
import { changeAccountRole, findAccountByEmail } from '~/features/accounts/accounts.server';
import { recordDonation } from '~/features/donations/donations.server';
import { applicationHistory, listApplications, setApplicationStatus } from '~/features/membership/applications.server';
import { membershipCheckout } from '~/features/membership/membership-payments.server';
import { submitApplication } from '~/features/membership/membership.server';
import { monthOf } from '~/features/payments/finance';
import { donorKey } from '~/features/payments/finance.server';
import { startCheckout } from '~/features/payments/payments.server';
import { payTestCheckout } from '~/features/payments/test-checkout.server';
import type { Role } from '~/lib/roles';
import { pendingToast } from '~/lib/toast.server';
import { loader as detailLoader } from '~/routes/admin/application';
import { loader as attendeesCsvLoader } from '~/routes/admin/content/attendees-csv';
import { action as eventTicketsAction, loader as eventTicketsLoader } from '~/routes/admin/content/event-tickets';
import { middleware as contentLayoutMiddleware } from '~/routes/admin/content/layout';
import { action as mediaUploadAction } from '~/routes/admin/content/media-upload';
import { loader as newsListLoader } from '~/routes/admin/content/news';
import { action as newsEditorAction } from '~/routes/admin/content/news-editor';
import { action as applicationsAction, loader as membersLoader } from '~/routes/admin/dashboard/members';
import { action as donationsAction, loader as donationsListLoader } from '~/routes/admin/dashboard/donations';
import { loader as adminHomeLoader } from '~/routes/admin/dashboard/index';
import { action as settingsAction, loader as settingsLoader } from '~/routes/admin/dashboard/settings';
import { loader as ticketSalesLoader } from '~/routes/admin/dashboard/tickets';
import { action as usersAction, loader as usersLoader } from '~/routes/admin/dashboard/users';
import { loader as exportLoader } from '~/routes/admin/export';
import { loader as financeLoader } from '~/routes/admin/finance';
import { loader as financeCsvLoader } from '~/routes/admin/finance-csv';
import { loader as statementLoader } from '~/routes/admin/finance-statement';
import { middleware as adminLayoutMiddleware } from '~/routes/admin/layout';
import { action as donationAction, loader as donationLoader } from '~/routes/admin/donation';
import { action as mailingAction, loader as mailingLoader } from '~/routes/admin/mail/mailing';
import { loader as mailingsLoader } from '~/routes/admin/mail/mailings';
import { action as outboxAction, loader as outboxLoader } from '~/routes/admin/mail/outbox';
import { action as offlineGiftAction, loader as offlineGiftLoader } from '~/routes/admin/offline-gift';
import { createAccount, createSignedInAccount } from '../factories/accounts';
import { createEvent, createSiteSettings } from '../factories/content';
import { createPayment } from '../factories/payments';
import { createSoldTicket } from '../factories/tickets';
import { publicSettings } from '../factories/site-settings';
import { setupTestDatabase } from '../setup/database';
import { deliveredMailsTo } from '../setup/mail-delivery';
import { enqueueMail } from '~/features/mail/outbox.server';
import { mailOutbox } from '~/db/schema/outbox';
import { isAdminRefusal, mayOpen } from '~/lib/admin-places';
import { postArgs, routeArgs, runMiddleware } from '../setup/route-args';

const database = setupTestDatabase();
const cookies: Partial<Record<Role, string>> = {};
let superAdmin: { id: string; email: string; role: string };

beforeAll(async () => {
  await createSiteSettings(database.db());
  for (const role of ['member', 'editor', 'finance', 'admin', 'super_admin'] as const) {
    const { account, cookie } = await createSignedInAccount(database.db(), { email: `${role}@example.org`, role, name: `The ${role}` });
    cookies[role] = cookie;
    if (role === 'super_admin') superAdmin = { id: account.id, email: account.email, role: account.role };
  }
});

async function newApplication(status: 'paid' | 'unpaid' = 'paid', email = 'applicant@example.org') {
  const account = await createAccount(database.db(), { email: `${Math.random().toString(36).slice(2)}-${email}` });
  const application = await submitApplication(
    { userId: account.id, email: account.email },
    {
      membershipType: 'annual',
      firstName: 'Nimal',
      lastName: 'Perera',
      email: account.email,
      password: undefined,
      phoneNumber: null,
      homeAddress: '9 Elm St',
      olYear: null,
      alYear: null,
      studyStartDate: null,
      studyEndDate: null,
    },
  );
  if (status === 'paid') await payTestCheckout((await startCheckout(await membershipCheckout(application, 'membership'))).sessionId);
  return application;
}

describe('application status changes', () => {
  it('approve a paid application: status, audit in the same change, and a mail to the applicant', async () => {
    const application = await newApplication('paid');
    const approved = await setApplicationStatus(superAdmin, application.id, 'approved');
    expect(approved.status).toBe('approved');
    const history = await applicationHistory(application.id);
    expect(history).toEqual([expect.objectContaining({ actorEmail: 'super_admin@example.org', fromValue: 'pending_approval', toValue: 'approved', note: null })]);
    const mail = (await deliveredMailsTo(application.email)).find((message) => message.subject?.startsWith('Welcome'));
    expect(mail?.text).toContain('approved your membership application');
  });

  it('asks before approving an unpaid application, and records that it was confirmed', async () => {
    const application = await newApplication('unpaid');
    await expect(setApplicationStatus(superAdmin, application.id, 'approved')).rejects.toMatchObject({ code: 'confirmation_required' });
    expect(await applicationHistory(application.id)).toEqual([]);
    const approved = await setApplicationStatus(superAdmin, application.id, 'approved', { confirmUnpaid: true });
    expect(approved).toMatchObject({ status: 'approved', memberSince: expect.any(Date) });
    expect((await applicationHistory(application.id))[0]?.note).toMatch(/without a confirmed online payment/);
  });

  it('reject mails the applicant too', async () => {
    const application = await newApplication('paid');
    await setApplicationStatus(superAdmin, application.id, 'rejected');
    const mail = (await deliveredMailsTo(application.email)).find((message) => message.subject?.startsWith('Your membership application'));
    expect(mail?.text).toContain('could not approve');
  });
});

describe('listing', () => {
  it('filters by status and searches names and emails, newest first, literally', async () => {
    await newApplication('unpaid', 'zz_search@example.org');
    await newApplication('paid');
    const byStatus = await listApplications({ status: 'pending_payment' });
    expect(byStatus.rows.every((row) => row.status === 'pending_payment')).toBe(true);
    expect((await listApplications({ search: 'zz_search' })).total).toBe(1);
    expect((await listApplications({ search: 'Nimal Perera' })).total).toBeGreaterThan(1);
    expect((await listApplications({ search: '%' })).total).toBe(0);
    const all = await listApplications({});
    const times = all.rows.map((row) => row.createdAt.getTime());
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });
});

describe('roles', () => {
  it('two super admins demoting each other at the same moment leave one super admin, eight times out of eight', async () => {
    for (let trial = 0; trial < 8; trial += 1) {
      const first = await createAccount(database.db(), { role: 'super_admin' });
      const second = await createAccount(database.db(), { role: 'super_admin' });
      const others = await database.db().select().from(users).where(eq(users.role, 'super_admin'));
      // Only these two are super admins for the trial.
      for (const other of others) {
        if (other.id !== first.id && other.id !== second.id) await database.db().update(users).set({ role: 'admin' }).where(eq(users.id, other.id));
      }
      const outcomes = await Promise.allSettled([
        changeAccountRole({ id: first.id, email: first.email, role: 'super_admin' }, second.id, 'admin'),
        changeAccountRole({ id: second.id, email: second.email, role: 'super_admin' }, first.id, 'admin'),
      ]);
      expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
      expect(await database.db().select().from(users).where(eq(users.role, 'super_admin'))).toHaveLength(1);
    }
    await database.db().update(users).set({ role: 'super_admin' }).where(eq(users.email, 'super_admin@example.org'));
  });

  it('a super_admin promotes, never changes their own role, never demotes the last super_admin', async () => {
    const member = await findAccountByEmail('member@example.org');
    expect((await changeAccountRole(superAdmin, member!.id, 'editor')).role).toBe('editor');
    await changeAccountRole(superAdmin, member!.id, 'member');
    await expect(changeAccountRole(superAdmin, superAdmin.id, 'admin')).rejects.toThrow('You cannot change your own role.');
    const admin = await findAccountByEmail('admin@example.org');
    await expect(changeAccountRole({ ...admin!, role: 'admin' }, member!.id, 'editor')).rejects.toMatchObject({ code: 'forbidden' });
    // Make a second super admin demote the first, then the last one is protected.
    const other = await createAccount(database.db(), { role: 'super_admin' });
    await changeAccountRole({ id: other.id, email: other.email, role: 'super_admin' }, superAdmin.id, 'admin');
    const promotedBack = await changeAccountRole({ id: other.id, email: other.email, role: 'super_admin' }, superAdmin.id, 'super_admin');
    expect(promotedBack.role).toBe('super_admin');
    await changeAccountRole(superAdmin, other.id, 'member');
    // A session that still says super_admin after its account was demoted changes nothing.
    const demoted = await createAccount(database.db(), { role: 'admin' });
    await expect(changeAccountRole({ id: demoted.id, email: demoted.email, role: 'super_admin' }, superAdmin.id, 'admin')).rejects.toMatchObject({ code: 'forbidden' });
    expect((await findAccountByEmail(superAdmin.email))?.role).toBe('super_admin');
    const audited = await database.db().select().from(auditLog).where(eq(auditLog.action, 'user.role'));
    expect(audited.length).toBeGreaterThanOrEqual(4);
  });
});

/** 'refused': the refusal page, 403 naming what the role may open (docs/product.md#admin-navigation). */
type Outcome = 'redirect:/login' | `redirect:/${string}` | 'forbidden' | 'refused' | 'allowed' | 'not-found';
const roles = ['guest', 'member', 'editor', 'finance', 'admin', 'super_admin'] as const;

async function outcome(run: () => Promise<unknown>): Promise<Outcome> {
  try {
    const result = (await run()) as { init?: ResponseInit | null } | Response | null;
    const status = result instanceof Response ? result.status : (result?.init?.status ?? 200);
    return status === 403 ? 'forbidden' : status === 404 ? 'not-found' : 'allowed';
  } catch (error) {
    if (error instanceof Response) {
      const location = error.headers.get('Location') ?? '';
      if (error.status === 302) return location.startsWith('/login') ? 'redirect:/login' : (`redirect:${location}` as Outcome);
      return error.status === 404 ? 'not-found' : 'forbidden';
    }
    const thrown = error as { init?: ResponseInit; data?: unknown };
    if (thrown.init?.status === 404) return 'not-found';
    if (thrown.init?.status === 403 && isAdminRefusal(thrown.data)) return 'refused';
    throw error;
  }
}

describe('authorization matrix', () => {
  const args = (role: (typeof roles)[number], path: string, init: RequestInit = {}) =>
    routeArgs(path, { ...init, headers: { cookie: role === 'guest' ? '' : cookies[role]!, 'x-client-ip': '192.0.2.99' } });

  it('every admin route and action × every role', async () => {
    const application = await newApplication('paid');
    const donation = await recordDonation({ kind: 'one-time', cause: 'general', amount: 2500, firstName: 'D', lastName: 'E', email: 'd@example.org', homeAddress: 'X', phoneNumber: null }, null);
    const post = (fields: Record<string, string>) => ({ method: 'POST', body: new URLSearchParams(fields) });
    await enqueueMail(database.db(), { kind: 'receipt', to: 'matrix-mail@example.org', subject: 'Matrix', text: 'Matrix', html: '<p>Matrix</p>' });
    const [failedMail] = await database.db().update(mailOutbox).set({ status: 'failed' }).where(eq(mailOutbox.recipient, 'matrix-mail@example.org')).returning();
    if (!failedMail) throw new Error('no failed mail for the matrix');
    const paidAt = new Date();
    await createPayment(database.db(), { purpose: 'donation', referenceId: donation.id, amountCents: donation.amountCents, paidAt });
    const statementYear = String(monthOf(paidAt).year);
    const statementFile = `${donorKey(donation.email)}.pdf`;
    const event = await createEvent(database.db(), { title: 'Gala', startsAt: new Date(Date.now() + 30 * 86_400_000), status: 'published', registrationKind: 'tickets' }, [
      { name: 'Free seat', priceCents: 0, quantityCap: 50 },
    ]);
    const checks: Record<string, (role: (typeof roles)[number]) => Promise<Outcome>> = {
      'GET /admin (layout)': (role) => outcome(() => runMiddleware(adminLayoutMiddleware, args(role, '/admin'))),
      'GET /admin': (role) => outcome(() => adminHomeLoader(args(role, '/admin'))),
      'GET /admin/members': (role) => outcome(() => membersLoader(args(role, '/admin/members'))),
      'GET /admin/donations': (role) => outcome(() => donationsListLoader(args(role, '/admin/donations'))),
      'GET /admin/settings': (role) => outcome(() => settingsLoader(args(role, '/admin/settings'))),
      'GET /admin/users': (role) => outcome(() => usersLoader(args(role, '/admin/users'))),
      'GET /admin/export.csv members': (role) => outcome(() => exportLoader(args(role, '/admin/export.csv?tab=members'))),
      'GET /admin/export.csv donations': (role) => outcome(() => exportLoader(args(role, '/admin/export.csv?tab=donations'))),
      'GET /admin/applications/:id': (role) => outcome(() => detailLoader({ ...args(role, `/admin/applications/${application.id}`), params: { id: application.id } })),
      'POST application status': (role) => outcome(() => applicationsAction(args(role, '/admin/members', post({ intent: 'application-status', id: application.id, status: 'rejected' })))),
      'POST donation status': (role) => outcome(() => donationsAction(args(role, '/admin/donations', post({ intent: 'donation-status', id: donation.id, status: 'rejected' })))),
      'POST settings': (role) => outcome(() => settingsAction(args(role, '/admin/settings', post({ intent: 'settings', associationName: 'Hacked' })))),
      'POST role': (role) => outcome(() => usersAction(args(role, '/admin/users', post({ intent: 'role', id: application.userId!, role: 'admin' })))),
      'GET /admin/content (layout)': (role) => outcome(() => runMiddleware(contentLayoutMiddleware, args(role, '/admin/content'))),
      'GET /admin/content/news': (role) => outcome(() => newsListLoader(args(role, '/admin/content/news'))),
      'POST a story': (role) => outcome(() => newsEditorAction({ ...args(role, '/admin/content/news/new', post({ intent: 'save', title: 'T' })), params: { id: 'new' } })),
      'POST a picture': (role) => outcome(() => mediaUploadAction(args(role, '/admin/content/media/upload', post({})))),
      'GET /admin/tickets': (role) => outcome(() => ticketSalesLoader(args(role, '/admin/tickets'))),
      'GET /admin/finance': (role) => outcome(() => financeLoader(args(role, '/admin/finance'))),
      'GET /admin/finance/totals.csv': (role) => outcome(() => financeCsvLoader(args(role, '/admin/finance/totals.csv'))),
      'GET a giving statement (PDF)': (role) =>
        outcome(() => statementLoader({ ...args(role, `/admin/finance/statements/${statementYear}/${statementFile}`), params: { year: statementYear, file: statementFile } })),
      'GET /admin/mail': (role) => outcome(() => mailingsLoader(args(role, '/admin/mail'))),
      'GET /admin/mail/new': (role) => outcome(() => mailingLoader({ ...args(role, '/admin/mail/new'), params: { id: 'new' } })),
      'POST a message': (role) =>
        outcome(() => mailingAction({ ...args(role, '/admin/mail/new', post({ intent: 'save', subject: 'Hello', body: '<p>Hi</p>', audience: 'members' })), params: { id: 'new' } })),
      'GET /admin/mail/outbox': (role) => outcome(() => outboxLoader(args(role, '/admin/mail/outbox'))),
      'POST send a mail again': (role) => outcome(() => outboxAction(args(role, '/admin/mail/outbox', post({ intent: 'send-again', id: failedMail.id })))),
      'GET /admin/donations/:id': (role) => outcome(() => donationLoader({ ...args(role, `/admin/donations/${donation.id}`), params: { id: donation.id } })),
      'POST a refund': (role) =>
        outcome(async () => {
          const [payment] = await database.db().select().from(payments).where(eq(payments.referenceId, donation.id));
          const fields = { intent: 'refund', paymentId: payment!.id, amount: '0.01', reason: 'Matrix', confirmed: 'yes' };
          return donationAction({ ...args(role, `/admin/donations/${donation.id}`, post(fields)), params: { id: donation.id } });
        }),
      'GET /admin/donations/new': (role) => outcome(() => offlineGiftLoader({ ...args(role, '/admin/donations/new'), params: {} })),
      'POST an offline gift': (role) =>
        outcome(() =>
          offlineGiftAction({
            ...args(
              role,
              '/admin/donations/new',
              post({ firstName: 'O', lastName: 'G', email: 'og@example.org', cause: 'general', method: 'cash', amount: '5', receivedOn: '2026-01-05', receivedBy: 'T' }),
            ),
            params: {},
          }),
        ),
      'GET an event’s tickets': (role) => outcome(() => eventTicketsLoader({ ...args(role, `/admin/content/events/${event.id}/tickets`), params: { id: String(event.id) } })),
      'GET attendees.csv': (role) => outcome(() => attendeesCsvLoader({ ...args(role, `/admin/content/events/${event.id}/attendees.csv`), params: { id: String(event.id) } })),
      'POST cancel a ticket': (role) =>
        outcome(async () => {
          const { order, ticket } = await createSoldTicket(database.db(), { ...event.tiers[0]!, eventId: event.id });
          const path = `/admin/content/events/${event.id}/tickets`;
          return eventTicketsAction({ ...args(role, path, post({ intent: 'cancel-ticket', id: String(ticket.id), order: order.id, confirmed: 'yes' })), params: { id: String(event.id) } });
        }),
    };
    const expected: Record<string, Record<(typeof roles)[number], Outcome>> = {
      'GET /admin (layout)': { guest: 'redirect:/login', member: 'redirect:/', editor: 'allowed', finance: 'allowed', admin: 'allowed', super_admin: 'allowed' },
      'GET /admin': {
        guest: 'redirect:/login',
        member: 'redirect:/',
        editor: 'redirect:/admin/content',
        finance: 'redirect:/admin/donations',
        admin: 'redirect:/admin/members',
        super_admin: 'redirect:/admin/members',
      },
      'GET /admin/members': { guest: 'redirect:/login', member: 'redirect:/', editor: 'refused', finance: 'refused', admin: 'allowed', super_admin: 'allowed' },
      'GET /admin/donations': { guest: 'redirect:/login', member: 'redirect:/', editor: 'refused', finance: 'allowed', admin: 'allowed', super_admin: 'allowed' },
      'GET /admin/settings': { guest: 'redirect:/login', member: 'redirect:/', editor: 'refused', finance: 'refused', admin: 'allowed', super_admin: 'allowed' },
      'GET /admin/users': { guest: 'redirect:/login', member: 'redirect:/', editor: 'refused', finance: 'refused', admin: 'refused', super_admin: 'allowed' },
      'GET /admin/export.csv members': { guest: 'redirect:/login', member: 'redirect:/', editor: 'forbidden', finance: 'forbidden', admin: 'allowed', super_admin: 'allowed' },
      'GET /admin/export.csv donations': { guest: 'redirect:/login', member: 'redirect:/', editor: 'forbidden', finance: 'allowed', admin: 'allowed', super_admin: 'allowed' },
      'GET /admin/applications/:id': { guest: 'redirect:/login', member: 'redirect:/', editor: 'refused', finance: 'refused', admin: 'allowed', super_admin: 'allowed' },
      'POST application status': { guest: 'redirect:/login', member: 'redirect:/', editor: 'forbidden', finance: 'forbidden', admin: 'allowed', super_admin: 'allowed' },
      'POST donation status': { guest: 'redirect:/login', member: 'redirect:/', editor: 'forbidden', finance: 'forbidden', admin: 'allowed', super_admin: 'allowed' },
      'POST settings': { guest: 'redirect:/login', member: 'redirect:/', editor: 'forbidden', finance: 'forbidden', admin: 'allowed', super_admin: 'allowed' },
      'POST role': { guest: 'redirect:/login', member: 'redirect:/', editor: 'forbidden', finance: 'forbidden', admin: 'forbidden', super_admin: 'allowed' },
      'GET /admin/content (layout)': { guest: 'redirect:/login', member: 'redirect:/', editor: 'allowed', finance: 'refused', admin: 'allowed', super_admin: 'allowed' },
      'GET /admin/content/news': { guest: 'redirect:/login', member: 'redirect:/', editor: 'allowed', finance: 'refused', admin: 'allowed', super_admin: 'allowed' },
      'POST a story': { guest: 'redirect:/login', member: 'redirect:/', editor: 'allowed', finance: 'refused', admin: 'allowed', super_admin: 'allowed' },
      'POST a picture': { guest: 'redirect:/login', member: 'redirect:/', editor: 'allowed', finance: 'forbidden', admin: 'allowed', super_admin: 'allowed' },
      'GET /admin/tickets': { guest: 'redirect:/login', member: 'redirect:/', editor: 'refused', finance: 'allowed', admin: 'allowed', super_admin: 'allowed' },
      'GET /admin/finance': { guest: 'redirect:/login', member: 'redirect:/', editor: 'refused', finance: 'allowed', admin: 'allowed', super_admin: 'allowed' },
      'GET /admin/finance/totals.csv': { guest: 'redirect:/login', member: 'redirect:/', editor: 'forbidden', finance: 'allowed', admin: 'allowed', super_admin: 'allowed' },
      'GET a giving statement (PDF)': { guest: 'redirect:/login', member: 'redirect:/', editor: 'forbidden', finance: 'allowed', admin: 'allowed', super_admin: 'allowed' },
      'GET /admin/mail': { guest: 'redirect:/login', member: 'redirect:/', editor: 'refused', finance: 'refused', admin: 'allowed', super_admin: 'allowed' },
      'GET /admin/mail/new': { guest: 'redirect:/login', member: 'redirect:/', editor: 'refused', finance: 'refused', admin: 'allowed', super_admin: 'allowed' },
      'POST a message': { guest: 'redirect:/login', member: 'redirect:/', editor: 'refused', finance: 'refused', admin: 'allowed', super_admin: 'allowed' },
      'GET /admin/mail/outbox': { guest: 'redirect:/login', member: 'redirect:/', editor: 'refused', finance: 'refused', admin: 'allowed', super_admin: 'allowed' },
      'POST send a mail again': { guest: 'redirect:/login', member: 'redirect:/', editor: 'refused', finance: 'refused', admin: 'allowed', super_admin: 'allowed' },
      'GET /admin/donations/:id': { guest: 'redirect:/login', member: 'redirect:/', editor: 'refused', finance: 'allowed', admin: 'allowed', super_admin: 'allowed' },
      'POST a refund': { guest: 'redirect:/login', member: 'redirect:/', editor: 'refused', finance: 'forbidden', admin: 'allowed', super_admin: 'allowed' },
      'GET /admin/donations/new': { guest: 'redirect:/login', member: 'redirect:/', editor: 'refused', finance: 'refused', admin: 'allowed', super_admin: 'allowed' },
      'POST an offline gift': { guest: 'redirect:/login', member: 'redirect:/', editor: 'refused', finance: 'refused', admin: 'allowed', super_admin: 'allowed' },
      'GET an event’s tickets': { guest: 'redirect:/login', member: 'redirect:/', editor: 'allowed', finance: 'refused', admin: 'allowed', super_admin: 'allowed' },
      'GET attendees.csv': { guest: 'redirect:/login', member: 'redirect:/', editor: 'allowed', finance: 'forbidden', admin: 'allowed', super_admin: 'allowed' },
      'POST cancel a ticket': { guest: 'redirect:/login', member: 'redirect:/', editor: 'forbidden', finance: 'refused', admin: 'allowed', super_admin: 'allowed' },
    };
    const actual: typeof expected = {};
    for (const [name, check] of Object.entries(checks)) {
      actual[name] = {} as Record<(typeof roles)[number], Outcome>;
      for (const role of roles) actual[name][role] = await check(role);
    }
    // 'allowed' for a post means the request was taken: a 400 for a bad settings form is still allowed.
    expect(actual).toEqual(expected);
    // The navigation's rule (lib/admin-places.ts) says the same of every page the area's roles open.
    for (const [name, outcomes] of Object.entries(actual)) {
      const path = /^GET (\/admin\/\S+)$/.exec(name)?.[1];
      if (!path) continue;
      for (const role of ['editor', 'finance', 'admin', 'super_admin'] as const) expect([name, role, outcomes[role] === 'allowed']).toEqual([name, role, mayOpen(role, path)]);
    }
  });

  it('sends an old tabbed address (/admin?tab=…) for good to its section, keeping the rest of its query', async () => {
    const moved = async (from: string) => {
      const thrown = (await adminHomeLoader(routeArgs(from)).catch((error: unknown) => error)) as Response;
      return [thrown.status, thrown.headers.get('Location')];
    };
    expect(await moved('/admin?tab=users&q=x')).toEqual([301, '/admin/users?q=x']);
    expect(await moved('/admin?tab=members&status=approved&page=2')).toEqual([301, '/admin/members?status=approved&page=2']);
    expect(await moved('/admin?tab=donations')).toEqual([301, '/admin/donations']);
    // An unknown tab is no address of ours: the visitor's own first section, as for /admin.
    expect(await outcome(() => adminHomeLoader(args('finance', '/admin?tab=nonsense')))).toBe('redirect:/admin/donations');
  });

  it('a member, finance or an editor posting straight to an admin action changes nothing', async () => {
    const application = await newApplication('paid');
    const donation = await recordDonation({ kind: 'one-time', cause: 'medical', amount: 1000, firstName: 'F', lastName: 'G', email: 'f@example.org', homeAddress: 'Y', phoneNumber: null }, null);
    const settingsBefore = (await database.db().select().from(siteSettings))[0]!;
    for (const role of ['member', 'finance', 'editor'] as const) {
      type Action = (args: ReturnType<typeof routeArgs>) => Promise<unknown>;
      const post = (action: Action, path: string, fields: Record<string, string>) => outcome(() => action(args(role, path, { method: 'POST', body: new URLSearchParams(fields) })));
      await post(applicationsAction, '/admin/members', { intent: 'application-status', id: application.id, status: 'approved' });
      await post(donationsAction, '/admin/donations', { intent: 'donation-status', id: donation.id, status: 'completed' });
      await post(settingsAction, '/admin/settings', {
        intent: 'settings',
        associationName: 'Hacked',
        shortName: 'H',
        chapterName: 'H',
        contactAddress: 'H',
        contactPhone: '1',
        contactEmail: 'h@example.org',
      });
      await post(usersAction, '/admin/users', { intent: 'role', id: application.userId!, role: 'super_admin' });
    }
    expect((await database.db().select().from(membershipApplications).where(eq(membershipApplications.id, application.id)))[0]!.status).toBe('pending_approval');
    expect((await database.db().select().from(donations).where(eq(donations.id, donation.id)))[0]!.status).toBe('pending_payment');
    expect((await database.db().select().from(siteSettings))[0]).toEqual(settingsBefore);
    expect((await database.db().select().from(users).where(eq(users.id, application.userId!)))[0]!.role).toBe('member');
    expect(await database.db().select().from(auditLog).where(eq(auditLog.entityId, application.id))).toEqual([]);
  });

  it('a member or finance posting straight to the content area changes nothing', async () => {
    const story = { intent: 'publish', title: 'Hacked', category: 'X', author: 'X', excerpt: 'X', content: '<p>X</p>', coverAlt: 'X' };
    const post = (role: 'member' | 'finance') =>
      outcome(() => newsEditorAction({ ...args(role, '/admin/content/news/new', { method: 'POST', body: new URLSearchParams(story) }), params: { id: 'new' } }));
    expect(await post('member')).toBe('redirect:/');
    expect(await post('finance')).toBe('refused');
    expect(await database.db().select().from(news)).toEqual([]);
    expect(await database.db().select().from(media)).toEqual([]);
  });

  it('answers a missing record with 404 and a refused change with 409, each with the Update Failed toast', async () => {
    const post = async (fields: Record<string, string>) => {
      const posted = postArgs('/admin/members', fields, { cookie: cookies.admin! });
      const result = (await (fields.intent === 'donation-status' ? donationsAction(posted) : applicationsAction(posted))) as { init: ResponseInit | null };
      return { ...result, toast: pendingToast(posted.context) };
    };
    const missing = await post({ intent: 'application-status', id: '00000000-0000-0000-0000-000000000000', status: 'approved' });
    expect(missing.init?.status).toBe(404);
    expect(missing.toast).toMatchObject({ title: 'Update Failed', description: 'Application not found.' });
    const application = await newApplication('paid');
    await post({ intent: 'application-status', id: application.id, status: 'rejected' });
    const again = await post({ intent: 'application-status', id: application.id, status: 'rejected' });
    expect(again.init?.status).toBe(409);
    expect(again.toast).toMatchObject({ title: 'Update Failed', description: 'An application cannot go from rejected to rejected.' });
    expect((await post({ intent: 'donation-status', id: 'not-a-uuid', status: 'completed' })).init?.status).toBe(404);
    expect((await post({ intent: 'nonsense' })).init?.status).toBe(400);
  });
});

describe('test-mode payments', () => {
  it('are marked in the CSV exports', async () => {
    const members = async () =>
      parse(await ((await exportLoader(routeArgs('/admin/export.csv?tab=members', { headers: { cookie: cookies.admin! } }))) as Response).text(), { columns: true }) as Record<string, string>[];
    const paid = await newApplication('paid');
    const unpaid = await newApplication('unpaid');
    const rows = await members();
    expect(rows.find((row) => row.email === paid.email)?.test_mode).toBe('yes');
    expect(rows.find((row) => row.email === unpaid.email)?.test_mode).toBe('no');
  });
});

describe('settings', () => {
  // The association's own fields as the test settings have them (tests/factories/site-settings.ts).
  const { associationName, shortName, chapterName, contactAddress, contactPhone, contactEmail } = publicSettings();
  const fields = {
    intent: 'settings',
    associationName,
    shortName,
    chapterName,
    contactAddress,
    contactPhone,
    contactEmail,
    facebookUrl: 'https://www.facebook.com/harbour',
    instagramUrl: '',
    youtubeUrl: '',
    sriLankaBranchUrl: 'https://lk.example.org',
    ukBranchUrl: 'https://uk.example.org',
    socialFeedUrl: '',
    membershipGraceDays: '14',
    committeeEmails: 'Chair@Example.org; secretary@example.org',
    committeeDigest: 'on',
  };
  const post = (values: Record<string, string>) =>
    settingsAction(postArgs('/admin/settings', values, { cookie: cookies.admin! })) as Promise<{
      init: ResponseInit | null;
      data: { result?: { error?: Record<string, string[] | null> } };
    }>;

  it('refuse bad values with field messages and change nothing', async () => {
    const before = (await database.db().select().from(siteSettings))[0]!;
    const result = await post({
      ...fields,
      associationName: '',
      contactEmail: 'nope',
      facebookUrl: 'javascript:alert(1)',
      shortName: 'x'.repeat(10_240),
      membershipGraceDays: '-3',
      committeeEmails: 'chair@example.org, not an address',
    });
    expect(result.init?.status).toBe(400);
    expect(result.data.result?.error).toMatchObject({
      associationName: ['Association name is required.'],
      contactEmail: ['Enter a valid email address.'],
      facebookUrl: ['Facebook link must be a full https:// address, or empty.'],
      shortName: ['Short name must be at most 30 characters.'],
      membershipGraceDays: ['Grace period must be a whole number from 0 to 365.'],
      committeeEmails: ['Committee addresses must be email addresses, separated by commas.'],
    });
    expect((await database.db().select().from(siteSettings))[0]).toEqual(before);
  });

  it('take a theme colour dark enough for white text, written like #1b2f57, or none (the crest’s navy)', async () => {
    const before = (await database.db().select().from(siteSettings))[0]!;
    const refusal = async (themeColor: string) => (await post({ ...fields, themeColor })).data.result?.error?.themeColor;
    expect(await refusal('navy')).toEqual(['Theme colour must be a colour written like #1b2f57, or empty.']);
    expect(await refusal('#e6ad2e')).toEqual(['Theme colour must be dark enough for white text on it: choose a darker shade.']);
    expect((await database.db().select().from(siteSettings))[0]).toEqual(before);
    await post({ ...fields, themeColor: ' #7F1D1D ' });
    expect((await database.db().select().from(siteSettings))[0]!.themeColor).toBe('#7f1d1d');
    await post({ ...fields, themeColor: '' });
    expect((await database.db().select().from(siteSettings))[0]!.themeColor).toBe('#1b2f57');
  });

  it('save valid values, with an audit entry of what changed', async () => {
    const result = await post(fields);
    expect(result.init?.status ?? 200).toBe(200);
    const after = (await database.db().select().from(siteSettings))[0]!;
    expect(after).toMatchObject({
      associationName: fields.associationName,
      shortName: 'HCPPA',
      socialFeedUrl: null,
      membershipGraceDays: 14,
      committeeEmails: 'chair@example.org, secretary@example.org',
      committeeDigest: true,
    });
    // The address keeps its line breaks (the form edits it in a textarea).
    expect(after.contactAddress).toBe('1 Front St, Suite 200\nToronto, ON M5J 2N1');
    expect(after.socialLinks).toEqual([
      { label: 'Facebook', url: 'https://www.facebook.com/harbour' },
      { label: 'Instagram', url: '#' },
      { label: 'YouTube', url: '#' },
    ]);
    const [entry] = await database.db().select().from(auditLog).where(eq(auditLog.action, 'settings.update'));
    expect(JSON.parse(entry!.toValue!)).toMatchObject({ associationName: fields.associationName, shortName: 'HCPPA' });
    expect(entry!.actorEmail).toBe('admin@example.org');
  });
});
