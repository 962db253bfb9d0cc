import { describe, expect, it } from 'vitest';
import { messages } from '~/lib/messages';
import { changeEmailSchema, deleteAccountSchema, loginSchema, signUpSchema, updatePasswordSchema } from './accounts.schema';

const messagesOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));

describe('signUpSchema', () => {
  it('accepts a name, an email and a password of 10 to 128 characters, trimming the text', () => {
    expect(signUpSchema.parse({ fullName: '  Anjali Fernando ', email: ' a@example.org ', password: 'correct horse' })).toEqual({
      fullName: 'Anjali Fernando',
      email: 'a@example.org',
      password: 'correct horse',
    });
    expect(signUpSchema.safeParse({ fullName: 'Ünïcødé 名前', email: 'u@example.org', password: 'pässwörd✓ 1' }).success).toBe(true);
    expect(signUpSchema.safeParse({ fullName: 'A B', email: 'u@example.org', password: 'nine char' }).success).toBe(false);
  });

  it('says which field is wrong and why', () => {
    expect(messagesOf(signUpSchema.safeParse({}))).toEqual({
      fullName: 'Full name is required.',
      email: 'Email is required.',
      password: 'Password is required.',
    });
    expect(messagesOf(signUpSchema.safeParse({ fullName: ' ', email: 'not-an-email', password: 'short' }))).toEqual({
      fullName: 'Full name is required.',
      email: 'Enter a valid email address.',
      password: 'Password must be at least 10 characters.',
    });
    const huge = 'x'.repeat(10_240);
    expect(messagesOf(signUpSchema.safeParse({ fullName: huge, email: `${huge}@example.org`, password: huge }))).toEqual({
      fullName: 'Full name must be at most 120 characters.',
      email: 'Email is too long.',
      password: 'Password must be at most 128 characters.',
    });
  });
});

describe('loginSchema', () => {
  it('needs an email and a password', () => {
    expect(messagesOf(loginSchema.safeParse({ email: '', password: '' }))).toEqual({
      email: 'Email is required.',
      password: 'Password is required.',
    });
  });
});

describe('updatePasswordSchema', () => {
  it('says "Passwords do not match." when the two entries differ', () => {
    expect(messagesOf(updatePasswordSchema.safeParse({ password: 'new password 1', confirmPassword: 'new password 2' }))).toEqual({
      confirmPassword: 'Passwords do not match.',
    });
    expect(updatePasswordSchema.safeParse({ password: 'new password 1', confirmPassword: 'new password 1' }).success).toBe(true);
  });
});

describe('changeEmailSchema', () => {
  const schema = changeEmailSchema('Current@Example.org');

  it('takes a new address and the current password, trimming the address', () => {
    expect(schema.parse({ newEmail: ' new@example.org ', currentPassword: 'any password' })).toEqual({ newEmail: 'new@example.org', currentPassword: 'any password' });
  });

  it('refuses the current address in any case, a malformed one, and a missing password', () => {
    expect(messagesOf(schema.safeParse({ newEmail: 'current@EXAMPLE.org', currentPassword: 'x' }))).toEqual({ newEmail: messages.sameEmail });
    expect(messagesOf(schema.safeParse({ newEmail: 'nope', currentPassword: '' }))).toEqual({ newEmail: 'Enter a valid email address.', currentPassword: 'Password is required.' });
  });
});

describe('deleteAccountSchema', () => {
  const schema = deleteAccountSchema('Current@Example.org');

  it('takes the account’s own address typed again, in any case and with spaces around it', () => {
    expect(schema.parse({ confirmEmail: ' current@EXAMPLE.org ' })).toEqual({ confirmEmail: 'current@EXAMPLE.org' });
  });

  it('refuses another address, nothing typed, and no field at all, with the one message', () => {
    for (const confirmEmail of ['someone@example.org', '', '   ', undefined, 'x'.repeat(400)]) {
      expect(messagesOf(schema.safeParse({ confirmEmail }))).toEqual({ confirmEmail: messages.retypeEmailToDelete });
    }
  });
});
