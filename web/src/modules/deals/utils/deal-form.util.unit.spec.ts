import { dealCreateInput } from '@crm/contracts';
import { describe, expect, it } from 'vitest';
import { EMPTY_DEAL_FORM, missingDealFields, parseTags, toDealCreate } from './deal-form.util.ts';

const customerId = '0b7c4a8e-2f51-4c1e-9a55-3f3f0c0d8a11';

describe('Add Deal form', () => {
  it('needs a title and a customer before anything is sent', () => {
    expect(missingDealFields(EMPTY_DEAL_FORM)).toEqual(['title', 'customerId']);
    expect(missingDealFields({ ...EMPTY_DEAL_FORM, title: '  ', customerId })).toEqual(['title']);
    expect(missingDealFields({ ...EMPTY_DEAL_FORM, title: 'Renewal', customerId })).toEqual([]);
  });

  it('splits comma-separated tags, dropping blanks', () => {
    expect(parseTags(' enterprise, , q3 ,')).toEqual(['enterprise', 'q3']);
  });

  it('sends what the server schema accepts: empty optional fields left out or null, the stage default probability', () => {
    const payload = toDealCreate({ ...EMPTY_DEAL_FORM, title: ' Renewal ', customerId, stage: 'proposal', tags: 'a, b' });
    expect(payload).toEqual({ title: 'Renewal', customerId, value: 0, stage: 'proposal', expectedCloseDate: null, leadSource: null, tags: ['a', 'b'] });
    expect(dealCreateInput.parse(payload)).toMatchObject({ title: 'Renewal', value: 0, stage: 'proposal' });
    const full = toDealCreate({
      ...EMPTY_DEAL_FORM,
      title: 'X',
      customerId,
      value: '1234.5',
      probability: '70',
      expectedCloseDate: '2026-12-01',
      leadSource: 'referral',
      assignedTo: customerId,
    });
    expect(dealCreateInput.parse(full)).toMatchObject({ value: 1234.5, probability: 70, expectedCloseDate: '2026-12-01', leadSource: 'referral', assignedTo: customerId });
  });
});
