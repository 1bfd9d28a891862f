import { describe, expect, it } from 'vitest';
import { validate, version } from 'uuid';
import { emailCustomerId } from '../../src/customers/email-customer-id.ts';

describe('emailCustomerId', () => {
  it('is a version 5 UUID, the same for an address whatever its case and surrounding spaces', () => {
    const id = emailCustomerId('Ada.Lovelace@Example.com');
    expect(validate(id) && version(id)).toBe(5);
    expect(emailCustomerId(' ada.lovelace@example.COM ')).toBe(id);
  });

  it('differs between addresses and between rounds', () => {
    const ids = new Set([emailCustomerId('a@example.com'), emailCustomerId('b@example.com'), emailCustomerId('a@example.com', 1), emailCustomerId('a@example.com', 2)]);
    expect(ids.size).toBe(4);
  });

  it('stays the same across releases (ids already stored in events)', () => {
    expect(emailCustomerId('ada@example.com')).toBe(emailCustomerId('ada@example.com', 0));
    expect(emailCustomerId('ada@example.com')).toMatchInlineSnapshot(`"2aa2c980-c414-5d04-9730-84c34cfcd7fa"`);
  });
});
