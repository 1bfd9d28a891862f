import { describe, expect, it } from 'vitest';
import { passwordStrength } from './password-strength.util.ts';

describe('passwordStrength (spec 01 §5)', () => {
  it.each([
    ['', 0, 'weak', 33],
    ['abc', 0, 'weak', 33],
    ['abcdefgh', 1, 'weak', 33],
    ['abcdefghijkl', 2, 'weak', 33],
    ['abcdefgH', 2, 'weak', 33],
    ['abcdefghijkL', 3, 'medium', 66],
    ['abcdefg1!', 3, 'medium', 66],
    ['Abcdefg1', 3, 'medium', 66],
    ['Abcdefg1!', 4, 'strong', 100],
    ['Abcdefghijk1', 4, 'strong', 100],
    ['Abcdefghij1!', 5, 'strong', 100],
    ['Ab1!', 3, 'medium', 66],
  ])('%j scores %i: %s (%i%%)', (password, score, level, percent) => {
    expect(passwordStrength(password)).toMatchObject({ score, level, percent });
  });

  it('reports each checklist item', () => {
    expect(passwordStrength('abc').checks).toEqual({ length8: false, length12: false, mixedCase: false, digit: false, special: false });
    expect(passwordStrength('Secret-Passw0rd').checks).toEqual({ length8: true, length12: true, mixedCase: true, digit: true, special: true });
    expect(passwordStrength('ALLUPPER12345').checks.mixedCase).toBe(false);
    expect(passwordStrength('with space').checks.special).toBe(false);
    expect(passwordStrength('éÉ').checks.mixedCase).toBe(true);
  });
});
