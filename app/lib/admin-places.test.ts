import { describe, expect, it } from 'vitest';
import { adminPageAt, adminPlacesFor, adminRefusal, currentPlace, isAdminRefusal, mayOpen, whoMay } from './admin-places';

const keys = (role: string | null) => adminPlacesFor(role).map((place) => place.key);

describe('what each role may open in the admin area', () => {
  it('lists each role’s places in the navigation’s order', () => {
    expect(keys('super_admin')).toEqual(['members', 'donations', 'tickets', 'content', 'mail', 'outbox', 'finance', 'settings', 'users']);
    expect(keys('admin')).toEqual(['members', 'donations', 'tickets', 'content', 'mail', 'outbox', 'finance', 'settings']);
    expect(keys('finance')).toEqual(['donations', 'tickets', 'finance']);
    expect(keys('editor')).toEqual(['content']);
    expect(keys('member')).toEqual([]);
    expect(keys(null)).toEqual([]);
    expect(keys('root')).toEqual([]);
  });

  it('decides every admin page by the ability it needs', () => {
    const pages = [
      '/admin/members',
      '/admin/applications/0b6f3a52-2a8a-4c59-9d4e-0f0d3f0a1b2c',
      '/admin/donations',
      '/admin/donations/new',
      '/admin/donations/0b6f3a52-2a8a-4c59-9d4e-0f0d3f0a1b2c',
      '/admin/tickets',
      '/admin/content',
      '/admin/content/events/4/tickets',
      '/admin/mail',
      '/admin/mail/new',
      '/admin/mail/outbox',
      '/admin/finance',
      '/admin/settings',
      '/admin/users',
    ];
    const open = (role: string) => pages.filter((page) => mayOpen(role, page));
    expect(open('super_admin')).toEqual(pages);
    expect(open('admin')).toEqual(pages.filter((page) => page !== '/admin/users'));
    expect(open('finance')).toEqual(['/admin/donations', '/admin/donations/0b6f3a52-2a8a-4c59-9d4e-0f0d3f0a1b2c', '/admin/tickets', '/admin/finance']);
    expect(open('editor')).toEqual(['/admin/content', '/admin/content/events/4/tickets']);
    expect(open('member')).toEqual([]);
  });

  it('lets anyone in the area open /admin, and nobody an address that is no admin page', () => {
    for (const role of ['editor', 'finance', 'admin']) expect([mayOpen(role, '/admin'), mayOpen(role, '/admin/')]).toEqual([true, true]);
    expect(mayOpen('member', '/admin')).toBe(false);
    expect(mayOpen('super_admin', '/admin/nowhere')).toBe(false);
    expect(mayOpen('super_admin', '/admin/members/extra')).toBe(false);
  });

  it('marks the place a page belongs to as current', () => {
    expect(currentPlace('/admin/applications/abc')).toBe('members');
    expect(currentPlace('/admin/donations/new')).toBe('donations');
    expect(currentPlace('/admin/mail/outbox')).toBe('outbox');
    expect(currentPlace('/admin/mail/outbox/')).toBe('outbox');
    expect(currentPlace('/admin/mail/3')).toBe('mail');
    expect(currentPlace('/admin/content/pages/about')).toBe('content');
    expect(currentPlace('/admin/finance')).toBe('finance');
    expect(currentPlace('/admin')).toBeNull();
    expect(currentPlace('/members-portal')).toBeNull();
    expect(adminPageAt('/admin/donations/new')?.ability).toBe('changeDonations');
  });
});

describe('the refusal', () => {
  it('says who may open a page, in words', () => {
    expect(whoMay('changeDonations')).toBe('admins');
    expect(whoMay('viewFinance')).toBe('finance and admins');
    expect(whoMay('editContent')).toBe('editors and admins');
    expect(whoMay('manageRoles')).toBe('super admins');
    expect(whoMay('checkIn')).toBe('editors, finance and admins');
  });

  it('names the page, the role, and the places the role may open instead', () => {
    const refusal = adminRefusal('finance', 'changeDonations', '/admin/donations/new');
    expect(refusal).toEqual({
      refused: 'admin-page',
      role: 'finance',
      page: 'Recording an offline gift',
      whoMay: 'admins',
      places: [
        { key: 'donations', to: '/admin/donations', label: 'Donations' },
        { key: 'tickets', to: '/admin/tickets', label: 'Tickets' },
        { key: 'finance', to: '/admin/finance', label: 'Finance' },
      ],
    });
    expect(isAdminRefusal(refusal)).toBe(true);
    expect(adminRefusal('super_admin', 'manageRoles', '/admin/users').role).toBe('super admin');
    expect(adminRefusal('editor', 'viewFinance', '/admin/finance').places.map((place) => place.to)).toEqual(['/admin/content']);
    expect(isAdminRefusal('Not Found')).toBe(false);
    expect(isAdminRefusal(null)).toBe(false);
  });
});
