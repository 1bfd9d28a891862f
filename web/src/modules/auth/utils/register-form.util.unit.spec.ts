import { describe, expect, it } from 'vitest';
import { checkRegisterForm } from './register-form.util.ts';

const ok = { name: 'Ada', email: 'ada@example.com', password: 'long-enough', confirmPassword: 'long-enough' };

describe('checkRegisterForm (spec 01 §5, minimum 8 as the server)', () => {
  it('accepts a complete form', () => expect(checkRegisterForm(ok)).toBeNull());
  it.each([
    [{ name: '  ' }, 'required'],
    [{ email: '' }, 'required'],
    [{ password: '', confirmPassword: '' }, 'required'],
    [{ confirmPassword: 'something-else' }, 'mismatch'],
    [{ password: 'short12', confirmPassword: 'short12' }, 'tooShort'],
  ])('%j → %s', (patch, problem) => expect(checkRegisterForm({ ...ok, ...patch })).toBe(problem));
});
