import { customerCreateInput } from '@crm/contracts/customers/customer.input';
import { describe, expect, it } from 'vitest';
import { errorsCsv, guessMapping, isBlankRecord, rowPayload } from './csv-import.util.ts';

describe('CSV import mapping', () => {
  it('guesses fields from header names (the export\'s own columns included), each field once', () => {
    expect(guessMapping(['Name', 'Email', 'Phone', 'Company', 'Status', 'Lead Score', 'Source', 'Total Value', 'Created'])).toEqual([
      'name',
      'email',
      'phone',
      'company',
      'status',
      'leadScore',
      'leadSource',
      'ignore',
      'ignore',
    ]);
    expect(guessMapping(['E-mail address', 'Full name', 'name', 'Tags'])).toEqual(['email', 'name', 'ignore', 'tags']);
  });

  it('turns a record into a create payload the server validates (labels like "Social media" normalised)', () => {
    const mapping = guessMapping(['Name', 'Email', 'Lead Score', 'Source', 'Status', 'Tags', 'Industry', 'Notes']);
    const payload = rowPayload(['Ada', 'ada@example.com', '90', 'Social media', 'Customer', 'a; b', 'finance', ''], mapping);
    expect(payload).toEqual({ name: 'Ada', email: 'ada@example.com', leadScore: 90, leadSource: 'social_media', status: 'customer', tags: ['a', 'b'], industry: 'Finance', notes: null });
    expect(customerCreateInput.safeParse(payload).success).toBe(true);
    const bad = rowPayload(['', 'nope', 'high', 'tv'], mapping);
    const result = customerCreateInput.safeParse(bad);
    expect(result.success).toBe(false);
    expect(new Set(result.error!.issues.map((i) => i.path[0]))).toEqual(new Set(['name', 'email', 'leadScore', 'leadSource']));
    // A NUL byte (which no database column can hold) is dropped from the cell, so only the row's real problems remain.
    expect(rowPayload(['A\u0000da', 'ada@example.com\u0000'], mapping)).toMatchObject({ name: 'Ada', email: 'ada@example.com' });
  });

  it('skips blank records and writes the errors as CSV', () => {
    expect(isBlankRecord(['', '  '])).toBe(true);
    expect(isBlankRecord(['', 'x'])).toBe(false);
    const label = (field: string) => ({ email: 'Courriel', name: 'Nom' })[field] ?? field;
    expect(errorsCsv([{ row: 2, errors: { email: ['Format non valide'], name: ['Obligatoire, "vraiment"'] } }], ['Ligne', 'Champ', 'Message'], label)).toBe(
      'Ligne,Champ,Message\r\n2,Courriel,Format non valide\r\n2,Nom,"Obligatoire, ""vraiment"""\r\n',
    );
  });
});
