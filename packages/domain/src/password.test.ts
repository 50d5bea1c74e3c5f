import { describe, expect, it } from 'vitest';
import {
  newPasswordSchema,
  passwordMessages,
  passwordProblems,
  passwordStrength,
} from './password.ts';

describe('new password rules', () => {
  it('accepts a password meeting every rule', () => {
    expect(passwordProblems('Demo!2026flow')).toEqual([]);
    expect(newPasswordSchema.safeParse('Aa1~aaaa').success).toBe(true);
  });

  it.each([
    ['', [passwordMessages.required]],
    ['Aa1!aaaaaaaaaaaa', [passwordMessages.tooLong]],
    ['aa1!aaaa', [passwordMessages.weak]],
    ['AA1!AAAA', [passwordMessages.weak]],
    ['Aa!aaaaa', [passwordMessages.weak]],
    ['Aa1aaaaa', [passwordMessages.weak]],
    ['Aa1!aaa', [passwordMessages.weak]],
    ['Aa1! aaaa', [passwordMessages.characters]],
    ['Aa1!aaaé', [passwordMessages.characters]],
    ['Aa1?aaaa', [passwordMessages.weak, passwordMessages.characters]],
  ])('refuses %j with the spec messages', (password, messages) => {
    expect(passwordProblems(password)).toEqual(messages);
  });
});

describe('password strength meter', () => {
  it.each([
    ['', 0, 'Poor'],
    ['abcdefgh', 1, 'Poor'],
    ['abcdefg1', 2, 'Poor'],
    ['abcdefg1!', 3, 'Weak'],
    ['Abcdefg1', 3, 'Weak'],
    ['Abcdefg1!', 4, 'Strong'],
    ['Ab1!', 3, 'Weak'],
  ])('scores %j as %i (%s)', (password, score, label) => {
    expect(passwordStrength(password)).toEqual({ score, label });
  });

  it('does not count ~ as a special character for strength', () => {
    expect(passwordStrength('Abcdefg1~').score).toBe(3);
  });
});
