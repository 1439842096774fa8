import { describe, expect, it } from 'vitest';
import { PASSWORD_REASONS, passwordReasonOfMessage, type TPasswordOwner } from './password-rules';
import { assessPassword } from './password-strength';

const owner: TPasswordOwner = { email: 'rahul.sharma@vaayu.in', phone: '+919876543210', firstName: 'Rahul', lastName: 'Sharma' };

describe('assessPassword', () => {
  it.each([
    ['aaaaaaaa', 'repeated'],
    ['password1', 'common'],
    ['password123', 'common'],
    ['xcvbnm,./', 'keyboard'],
    ['lmnopqrs', 'sequence'],
    ['12345678', 'common'],
  ] as const)('refuses %s for its pattern (%s)', (password, reason) => {
    const result = assessPassword(password);
    expect(result).toMatchObject({ acceptable: false, reason, level: 'weak' });
  });

  it.each([
    ['rahul.sharma@vaayu.in', 'containsEmail'],
    ['RAHUL.SHARMA@VAAYU.IN', 'containsEmail'],
    ['rahul.sharma#Quartz-8841', 'containsEmail'],
    ['Rahul2024!', 'containsName'],
    ['Sharma-Quartz-Monsoon-8841', 'containsName'],
    ['9876543210', 'containsPhone'],
    ['Lotus-98765 43210-Quartz', 'containsPhone'],
    ['Quartz+91-98765-43210', 'containsPhone'],
  ] as const)("refuses %s: it holds the owner's details (%s)", (password, reason) => {
    expect(assessPassword(password, owner)).toMatchObject({ acceptable: false, reason, level: 'weak' });
  });

  it("takes the owner's details only from the owner given", () => {
    expect(assessPassword('Sharma-Quartz-Monsoon-8841').acceptable).toBe(true);
    expect(assessPassword('Sharma-Quartz-Monsoon-8841', { firstName: 'Priya', lastName: 'Sharma' }).reason).toBe('containsName');
  });

  it.each([
    'Jaihind@123',
    'Omsairam@2024',
    'Radhekrishna@1',
    'Dhoni@0707',
    'Mumbaiindians',
    'Waheguru@13',
    'Vandemataram!',
    'Ganpatibappa@1',
    'Jaimatadi@786',
  ])('knows Indian names and password words: refuses %s', (password) => {
    const result = assessPassword(password);
    expect(result.acceptable).toBe(false);
    expect(result.score).toBeLessThan(3);
  });

  it.each([
    'Fixture-Passw0rd-42',
    'Vaayu-Admin-7391',
    'Tarang-Demo-2026',
    'Quartz-Monsoon-8841-Lotus',
    'correct horse battery staple',
  ])('accepts %s', (password) => {
    const result = assessPassword(password, owner);
    expect(result).toMatchObject({ acceptable: true, reason: null });
    expect(['good', 'strong']).toContain(result.level);
  });

  it('keeps 8 to 255 characters', () => {
    expect(assessPassword('Xk9#mQ2')).toMatchObject({ acceptable: false, reason: 'tooShort' });
    const longest = 'Quartz-Monsoon-8841-Lotus/'.repeat(10).slice(0, 255);
    expect(assessPassword(longest).acceptable).toBe(true);
    expect(assessPassword(`${longest}x`)).toMatchObject({ acceptable: false, reason: 'tooLong' });
  });

  it('judges a long password by its start and still finds personal details further on', () => {
    expect(assessPassword(`${'a'.repeat(100)}Quartz-Monsoon-8841-Lotus`).acceptable).toBe(false);
    expect(assessPassword(`Quartz-Monsoon-8841-Lotus-${'x7#K'.repeat(20)}rahul.sharma`, owner).reason).toBe('containsEmail');
  });

  it('shows the meter levels of the score', () => {
    expect(assessPassword('').level).toBe('weak');
    expect(assessPassword('Quartz-Monsoon-8841-Lotus').level).toBe('strong');
  });
});

describe('password reasons', () => {
  it('turns each English text back into its reason', () => {
    for (const [reason, text] of Object.entries(PASSWORD_REASONS)) expect(passwordReasonOfMessage(text)).toBe(reason);
    expect(passwordReasonOfMessage('Something else')).toBeNull();
  });
});
