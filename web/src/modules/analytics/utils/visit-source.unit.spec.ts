import { describe, expect, it } from 'vitest';
import { visitSourceOf } from './visit-source.util.ts';

describe('visitSourceOf', () => {
  it('takes utm_source from the landing URL and the referring host without www or port', () => {
    expect(visitSourceOf('?utm_source=Newsletter&utm_medium=email', 'https://www.Google.com:443/search?q=crm', 'crm.example.com')).toEqual({ utmSource: 'Newsletter', referrer: 'google.com' });
  });

  it('ignores our own site as a referrer, and a referrer that is not a URL', () => {
    expect(visitSourceOf('', 'https://crm.example.com/pricing', 'www.crm.example.com')).toEqual({});
    expect(visitSourceOf('', 'not a url', 'crm.example.com')).toEqual({});
    expect(visitSourceOf('?utm_source=%20', '', 'localhost:5173')).toEqual({});
  });
});
