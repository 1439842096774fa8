import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { ZChangePasswordForm, ZLoginForm } from './auth.schemas';

/** The first message for each field, as a form shows it. */
function fieldErrors(result: z.ZodSafeParseResult<unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) {
    const key = issue.path.join('.');
    out[key] ??= issue.message;
  }
  return out;
}

describe('ZLoginForm (spec §5)', () => {
  const valid = { username: 'ops@tarang.in', password: 'secret', terms: true as const };

  it('accepts a filled form and trims the username', () => {
    expect(ZLoginForm.parse({ ...valid, username: '  ops@tarang.in ' })).toEqual(valid);
  });

  it('asks for the username, word for word', () => {
    expect(fieldErrors(ZLoginForm.safeParse({ ...valid, username: '' }))).toEqual({ username: 'Enter phone number or email' });
    expect(fieldErrors(ZLoginForm.safeParse({ ...valid, username: '    ' }))).toEqual({ username: 'Enter phone number or email' });
  });

  it('asks for the password, word for word', () => {
    expect(fieldErrors(ZLoginForm.safeParse({ ...valid, password: '' }))).toEqual({ password: 'Password is required' });
  });

  it('needs the terms ticked, word for word', () => {
    expect(fieldErrors(ZLoginForm.safeParse({ ...valid, terms: false }))).toEqual({ terms: 'You must agree to our terms and conditions' });
    expect(fieldErrors(ZLoginForm.safeParse({ username: 'a', password: 'b' }))).toEqual({
      terms: 'You must agree to our terms and conditions',
    });
  });

  it('allows at most 255 characters in username and password', () => {
    expect(ZLoginForm.safeParse({ ...valid, username: 'u'.repeat(255), password: 'p'.repeat(255) }).success).toBe(true);
    expect(fieldErrors(ZLoginForm.safeParse({ ...valid, username: 'u'.repeat(256) }))).toEqual({ username: 'Enter phone number or email' });
    expect(fieldErrors(ZLoginForm.safeParse({ ...valid, password: 'p'.repeat(256) }))).toEqual({ password: 'Password is required' });
  });

  it('reports every empty field at once', () => {
    expect(fieldErrors(ZLoginForm.safeParse({ username: '', password: '', terms: false }))).toEqual({
      username: 'Enter phone number or email',
      password: 'Password is required',
      terms: 'You must agree to our terms and conditions',
    });
  });
});

describe('ZChangePasswordForm (spec §5)', () => {
  const valid = { currentPassword: 'old-pass', newPassword: 'new-pass-1', confirmPassword: 'new-pass-1' };

  it('accepts matching new passwords of 8 characters or more', () => {
    expect(ZChangePasswordForm.parse(valid)).toEqual(valid);
    expect(ZChangePasswordForm.safeParse({ ...valid, newPassword: '12345678', confirmPassword: '12345678' }).success).toBe(true);
  });

  it('asks for each field, word for word', () => {
    expect(fieldErrors(ZChangePasswordForm.safeParse({ currentPassword: '', newPassword: '', confirmPassword: '' }))).toEqual({
      currentPassword: 'Current Password is Required',
      newPassword: 'New Password is Required',
      confirmPassword: 'Confirm Password is Required',
    });
  });

  it('needs at least 8 characters, word for word (typo kept)', () => {
    expect(fieldErrors(ZChangePasswordForm.safeParse({ ...valid, newPassword: '1234567', confirmPassword: '1234567' }))).toEqual({
      newPassword: 'Password Must be atleast 8 character',
    });
  });

  it('needs the confirmation to match, word for word (two spaces kept)', () => {
    const errors = fieldErrors(ZChangePasswordForm.safeParse({ ...valid, confirmPassword: 'new-pass-2' }));
    expect(errors).toEqual({ confirmPassword: 'Confirm Password doest not  match' });
    expect(errors.confirmPassword).toContain('not  match');
  });

  it('compares the passwords exactly as typed', () => {
    expect(ZChangePasswordForm.safeParse({ ...valid, confirmPassword: 'New-pass-1' }).success).toBe(false);
    expect(ZChangePasswordForm.safeParse({ ...valid, confirmPassword: 'new-pass-1 ' }).success).toBe(false);
  });
});
