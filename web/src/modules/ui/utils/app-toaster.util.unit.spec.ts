/** The admin toasts: the newest shows at once, however many came before it. */
import { createToaster } from '@chakra-ui/react';
import { describe, expect, it } from 'vitest';
import { show } from './app-toaster.util.ts';

describe('show', () => {
  it('shows a fourth toast at once, the oldest making way, where the toaster would queue it', () => {
    const toaster = createToaster({ placement: 'bottom-end', max: 3, duration: 5000 });
    for (const title of ['Customer created', 'File uploaded', 'Communication logged.', 'File deleted']) show(toaster, { type: 'success', title });
    expect(toaster.getVisibleToasts().map((t) => t.title)).toEqual(['File deleted', 'Communication logged.', 'File uploaded']);
    show(toaster, { type: 'error', title: 'Error' });
    expect(toaster.getVisibleToasts().map((t) => t.title)).toEqual(['Error', 'File deleted', 'Communication logged.']);
  });

  it('leaves the ones showing alone while there is room', () => {
    const toaster = createToaster({ placement: 'bottom-end', max: 3, duration: 5000 });
    show(toaster, { type: 'success', title: 'one' });
    show(toaster, { type: 'info', title: 'two' });
    expect(toaster.getVisibleToasts().map((t) => t.title)).toEqual(['two', 'one']);
  });
});
