import { describe, expect, it } from 'vitest';
import { isAppError } from './errors';
import { adminAbilities, assertCan, commandLineActor, effectiveRole, hasRole, isRole, roleRanks, roles, type Role } from './roles';

describe('the rank rule', () => {
  const expected: Record<Role, Role[]> = {
    member: ['member'],
    editor: ['member', 'editor', 'finance'],
    finance: ['member', 'editor', 'finance'],
    admin: ['member', 'editor', 'finance', 'admin'],
    super_admin: ['member', 'editor', 'finance', 'admin', 'super_admin'],
  };

  for (const userRole of roles) {
    for (const required of roles) {
      const passes = expected[userRole].includes(required);
      it(`${userRole} ${passes ? 'passes' : 'fails'} a ${required} check`, () => {
        expect(hasRole(userRole, required)).toBe(passes);
      });
    }
  }

  it('fails every check without a known role', () => {
    for (const required of roles) {
      expect(hasRole(undefined, required)).toBe(false);
      expect(hasRole(null, required)).toBe(false);
      expect(hasRole('user', required)).toBe(false);
      expect(hasRole('__proto__', required)).toBe(false);
      expect(hasRole('toString', required)).toBe(false);
    }
  });

  it('ranks roles as the product says', () => {
    expect(roleRanks).toEqual({ member: 1, editor: 2, finance: 2, admin: 3, super_admin: 4 });
    expect(isRole('admin')).toBe(true);
    expect(isRole('root')).toBe(false);
  });
});

describe('admin abilities', () => {
  it('gives each role exactly its part of the admin area', () => {
    const table = Object.fromEntries(
      [...roles, undefined].map((role) => [
        String(role),
        Object.entries(adminAbilities(role))
          .filter(([, allowed]) => allowed)
          .map(([ability]) => ability),
      ]),
    );
    expect(table).toEqual({
      member: [],
      editor: ['enter', 'editContent', 'checkIn', 'viewAttendees'],
      finance: ['enter', 'viewDonations', 'viewFinance', 'checkIn'],
      admin: ['enter', 'editContent', 'viewMembers', 'changeMembers', 'viewDonations', 'changeDonations', 'viewFinance', 'editSettings', 'checkIn', 'viewAttendees', 'refundPayments', 'mailMembers'],
      super_admin: [
        'enter',
        'editContent',
        'viewMembers',
        'changeMembers',
        'viewDonations',
        'changeDonations',
        'viewFinance',
        'editSettings',
        'manageRoles',
        'checkIn',
        'viewAttendees',
        'refundPayments',
        'mailMembers',
      ],
      undefined: [],
    });
  });
});

describe('assertCan', () => {
  it('lets an actor through exactly when their role has the ability, and says forbidden otherwise', () => {
    for (const role of roles) {
      const actor = { id: 'u1', email: 'someone@example.org', role };
      for (const ability of ['editContent', 'changeMembers', 'changeDonations', 'editSettings', 'manageRoles'] as const) {
        let refused: unknown = null;
        try {
          assertCan(actor, ability);
        } catch (error) {
          refused = error;
        }
        expect(refused === null).toBe(adminAbilities(role)[ability]);
        if (refused) expect(isAppError(refused, 'forbidden')).toBe(true);
      }
    }
  });

  it('trusts the operator at the command line with roles', () => {
    expect(() => assertCan(commandLineActor, 'manageRoles')).not.toThrow();
  });
});

describe('the role an account acts with (effectiveRole)', () => {
  const acting = (role: string | null, twoFactorEnabled: boolean, required: boolean) => effectiveRole({ role, twoFactorEnabled }, required);

  it('is a member’s for admins, super admins and finance without two-step sign-in while a super admin requires it', () => {
    for (const role of ['admin', 'super_admin', 'finance']) {
      expect(acting(role, false, true), role).toEqual({ role: 'member', secondStepMissing: true });
      expect(adminAbilities(acting(role, false, true).role), role).toMatchObject({ enter: false, checkIn: false, viewDonations: false });
    }
  });

  it('is the account’s own once the second step is on, or while nobody requires it; editors and members are never covered', () => {
    for (const role of ['admin', 'super_admin', 'finance']) {
      expect(acting(role, true, true), role).toEqual({ role, secondStepMissing: false });
      expect(acting(role, false, false), role).toEqual({ role, secondStepMissing: false });
    }
    expect(acting('editor', false, true)).toEqual({ role: 'editor', secondStepMissing: false });
    expect(acting('member', false, true)).toEqual({ role: 'member', secondStepMissing: false });
    expect(acting(null, false, true)).toEqual({ role: null, secondStepMissing: false });
  });
});
